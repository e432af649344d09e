import SeekKit

print("seek: not yet")
