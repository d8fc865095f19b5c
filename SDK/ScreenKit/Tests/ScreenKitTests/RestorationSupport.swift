import Testing

@testable import ScreenKit

/// A controller that keeps a note as its restorable state and traces the restoration
/// callbacks next to the lifecycle ones.
@MainActor
final class NoteController: TracingViewController {
  var note = ""

  init(_ name: String, trace: Trace, identifier: String? = nil) {
    super.init(name, trace: trace)
    restorationIdentifier = identifier ?? name
  }

  override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(note, forKey: "note")
  }

  override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    note = coder.decodeString(forKey: "note") ?? ""
    trace.record("\(name) decodeRestorableState note=\(note)")
  }

  override func applicationFinishedRestoringState() {
    super.applicationFinishedRestoringState()
    trace.record("\(name) applicationFinishedRestoringState")
  }
}

/// A window of phone size holding `root`, restored from `archive` (read back from its JSON
/// text, as a host stores it) between setting the root and showing the window.
@MainActor
func restorationWindow(_ root: ViewController, restoring archive: RestorationArchive? = nil)
  throws -> Window
{
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  window.rootViewController = root
  if let archive { try window.restoreState(from: RestorationArchive(json: archive.json)) }
  window.makeKeyAndVisible()
  window.layoutIfNeeded()
  return window
}

/// The layout tests' seeded SplitMix64, for the standard library's random APIs.
extension SplitMix: RandomNumberGenerator {}
