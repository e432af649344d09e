import SeekKit
