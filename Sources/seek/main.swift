#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

StandardStreams.occupyClosedDescriptors()
let command = SeekCommand(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessEnvironment.current(),
    streams: StandardStreams(),
    undecodableArguments: SystemPath.undecodableArguments())
exit(command.run().rawValue)
