import Suggestions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The program's arguments as the kernel passed them.
///
/// On Linux an argument is bytes; `CommandLine.arguments` decodes them as UTF-8 and replaces
/// what is not (`r\xE9sum\xE9.json` becomes `r�sum�.json`, a file that does not exist). These
/// are read from `argv` and kept in the lossless text form of `FileSystemPath`, so that a path
/// given on the command line reaches its file byte for byte; a UTF-8 argument is unchanged.
public enum CommandLineArguments {
  /// The arguments after the program's name.
  public static func current() -> [String] {
    (1..<max(1, Int(CommandLine.argc))).compactMap { index in
      CommandLine.unsafeArgv[index].map { argument in
        RawBytes.decode(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
      }
    }
  }
}
