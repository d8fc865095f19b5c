import Glibc
import Testing

@testable import ScreenKit

/// Collects lifecycle callbacks as lines `name method args`.
@MainActor
final class Trace {
  var lines: [String] = []
  var isRecording = true

  func record(_ line: String) {
    if isRecording { lines.append(line) }
  }

  /// Compares the lines with `Traces/<name>.trace` (lines starting with `#` are comments).
  func expectMatches(golden name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    let path = traceDirectory + "/" + name + ".trace"
    let text = try readTextFile(path)
    let expected = text.split(separator: "\n", omittingEmptySubsequences: true)
      .map(String.init)
      .filter { !$0.hasPrefix("#") }
    #expect(
      lines == expected, "trace \(name) differs:\n\(lines.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }
}

/// A controller that records every lifecycle callback into a trace.
@MainActor
class TracingViewController: ViewController {
  let name: String
  let trace: Trace

  init(_ name: String, trace: Trace) {
    self.name = name
    self.trace = trace
    super.init()
  }

  override func loadView() {
    trace.record("\(name) loadView")
    view = View()
  }
  override func viewDidLoad() {
    super.viewDidLoad()
    trace.record("\(name) viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    trace.record(
      "\(name) viewWillAppear animated=\(animated) movingToParent=\(isMovingToParent) beingPresented=\(isBeingPresented)"
    )
  }
  override func viewIsAppearing(_ animated: Bool) {
    super.viewIsAppearing(animated)
    trace.record("\(name) viewIsAppearing inWindow=\(viewIfLoaded?.window != nil)")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    trace.record("\(name) viewDidAppear animated=\(animated)")
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    trace.record(
      "\(name) viewWillDisappear animated=\(animated) movingFromParent=\(isMovingFromParent) beingDismissed=\(isBeingDismissed)"
    )
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    trace.record("\(name) viewDidDisappear animated=\(animated)")
  }
  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    trace.record("\(name) viewWillLayoutSubviews")
  }
  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    trace.record("\(name) viewDidLayoutSubviews")
  }
  override func willMove(toParent parent: ViewController?) {
    super.willMove(toParent: parent)
    trace.record("\(name) willMove toParent=\(Self.label(parent))")
  }
  override func didMove(toParent parent: ViewController?) {
    super.didMove(toParent: parent)
    trace.record("\(name) didMove toParent=\(Self.label(parent))")
  }
  override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    trace.record(
      "\(name) traitCollectionDidChange previous=(\(previousTraitCollection.map { "\($0)" } ?? "nil")) now=(\(traitCollection))"
    )
  }
  override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
    trace.record("\(name) viewWillTransition to=\(size)")
    super.viewWillTransition(to: size, with: coordinator)
  }
  override func didReceiveMemoryWarning() {
    trace.record("\(name) didReceiveMemoryWarning")
    super.didReceiveMemoryWarning()
    trace.record("\(name) viewLoaded=\(isViewLoaded)")
  }

  override var debugName: String { name }

  static func label(_ controller: ViewController?) -> String {
    guard let controller else { return "nil" }
    return (controller as? TracingViewController)?.name ?? controller.debugName
  }
}

/// Adds `child` to `parent` the documented way: `addChild`, add the view, `didMove`.
@MainActor
func embed(_ child: ViewController, in parent: ViewController) {
  parent.addChild(child)
  parent.view.addSubview(child.view)
  child.didMove(toParent: parent)
}

/// Removes `child` the documented way: `willMove(nil)`, remove the view, `removeFromParent`.
@MainActor
func unembed(_ child: ViewController) {
  child.willMove(toParent: nil)
  child.view.removeFromSuperview()
  child.removeFromParent()
}

let traceDirectory: String = {
  var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
  components.removeLast()
  return components.joined(separator: "/") + "/Traces"
}()

struct FileReadError: Error, CustomStringConvertible {
  var path: String
  var description: String { "cannot read \(path)" }
}

func readTextFile(_ path: String) throws -> String {
  guard let file = fopen(path, "r") else { throw FileReadError(path: path) }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count <= 0 { break }
    bytes.append(contentsOf: buffer[0..<count])
  }
  return String(decoding: bytes, as: UTF8.self)
}
