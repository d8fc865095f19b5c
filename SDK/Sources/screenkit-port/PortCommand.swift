import ArgumentParser
import Foundation
import SwiftParser
import SwiftSyntax

/// `screenkit-port`: rewrites, in Swift source written for iOS, what Swift on Linux cannot
/// compile, so that the file builds against the SDK's `UIKit` module. Each change and each
/// construct it could not port is reported on standard error as `file:line: …`.
@main struct PortCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "screenkit-port",
    abstract: "Ports UIKit screens to compd's UIKit module.",
    discussion: """
      Rewrites #selector(method) to the unapplied method reference ScreenKit's target-action
      takes (EnclosingType.method), removes @objc, @objc(name), @objcMembers, @nonobjc,
      dynamic, @IBAction, @IBOutlet, @IBInspectable and @IBDesignable, removes
      `import Foundation`/`import CoreGraphics`/`import QuartzCore` from files that import
      UIKit (which re-exports them), and replaces `super.init(coder:)`, which ScreenKit has
      not, by the designated initialiser. #available(iOS …, *) compiles on Linux (true there)
      and is left as it is. Without --in-place the rewritten source is printed.
      """)

  @Flag(name: .long, help: "Rewrite the files in place instead of printing them.")
  var inPlace = false

  @Argument(help: "Swift source files.")
  var files: [String]

  mutating func run() throws {
    var unported = 0
    var sources: [String] = []
    var classes = ClassTable()
    for file in files {
      let source = try String(contentsOfFile: file, encoding: .utf8)
      sources.append(source)
      classes.add(Parser.parse(source: source))
    }
    for (file, source) in zip(files, sources) {
      let result = SourcePort.port(source, file: file, classes: classes)
      for note in result.notes { FileHandle.standardError.write(Data((note + "\n").utf8)) }
      unported += result.unported
      if inPlace {
        if result.text != source {
          try result.text.write(toFile: file, atomically: true, encoding: .utf8)
        }
      } else {
        print(result.text, terminator: "")
      }
    }
    if unported > 0 {
      FileHandle.standardError.write(
        Data("screenkit-port: \(unported) construct(s) left for you to port\n".utf8))
    }
  }
}
