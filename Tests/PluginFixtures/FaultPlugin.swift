import ScreenKit

#if canImport(Glibc)
  import Glibc
#endif

// Components that take down the scene host running them, each in its own way, and one well
// behaved component whose second version (`-D UPGRADED`) differs visibly, for the tests of
// host faults and plugin upgrades. Vetting opens every component with default params and
// loads its view, so none of them misbehaves before it is tapped or asked to.

#if UPGRADED
  let pluginVersion: StaticString = "2.0.0"
  let noteVersion = 2
#else
  let pluginVersion: StaticString = "1.0.0"
  let noteVersion = 1
#endif

@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "fixture.faults", version: pluginVersion) {
    plugin in
    plugin.register(
      .viewController("faults.TrapOnTap", summary: "traps when its button is tapped") { _ in
        FaultController { fatalError("tapped a trap on purpose") }
      })
    plugin.register(
      .viewController(
        "faults.TrapOnLoad", summary: "traps in viewDidLoad when opened with trap: true",
        params: .object([.init("trap", .boolean(default: false))])
      ) { context in
        FaultController(trapsOnLoad: context.params["trap"]?.boolValue == true) {}
      })
    plugin.register(
      .viewController(
        "faults.TrapSoonAfterLoad",
        summary: "traps 100 ms after viewDidLoad when opened with trapSoon: true, from a timer",
        params: .object([.init("trapSoon", .boolean(default: false))])
      ) { context in
        let trapSoon = context.params["trapSoon"]?.boolValue == true
        return FaultController(onLoad: {
          guard trapSoon else { return }
          Task { @MainActor in
            try? await Task.sleep(for: .milliseconds(100))
            fatalError("trapped 100 ms after viewDidLoad on purpose")
          }
        }) {}
      })
    plugin.register(
      .viewController("faults.SpinOnTap", summary: "spins forever when tapped") { _ in
        FaultController { spinForever() }
      })
    plugin.register(
      .viewController("faults.AllocateOnTap", summary: "allocates without end when tapped") {
        _ in
        FaultController { allocateWithoutEnd() }
      })
    plugin.register(
      .viewController(
        "faults.SpewOnTap",
        summary: "writes 100 MiB without a newline onto its host's channel to compd when tapped"
      ) { _ in
        FaultController { spewOntoTheHostChannel() }
      })
    plugin.register(
      .viewController(
        "faults.ForkAndTrapOnTap",
        summary:
          "forks a child that sleeps 60 s holding the host's descriptors (its pid written to pidFile), then traps",
        params: .object([.init("pidFile", .string(default: ""))])
      ) { context in
        let pidFile = context.params["pidFile"]?.stringValue ?? ""
        return FaultController {
          let child = fork()
          if child == 0 {
            sleep(60)
            _exit(0)
          }
          let text = "\(child)\n"
          _ = text.withCString { writeFile(pidFile, $0) }
          fatalError("forked \(child), then trapped on purpose")
        }
      })
    plugin.register(
      .viewController(
        "faults.ForkOnTap",
        summary: "forks a child that sleeps 60 s on every tap, and answers as if nothing happened"
      ) { _ in
        FaultController {
          if fork() == 0 {
            sleep(60)
            _exit(0)
          }
        }
      })
    plugin.register(
      .viewController(
        "faults.PrintFlood",
        summary:
          "prints a line forged to look like compd's own (and writes one on its host's log), an escape sequence, a 16 MiB line, then 8000 numbered 500-byte lines when tapped"
      ) { _ in
        FaultController { printFlood() }
      })
    plugin.register(
      .viewController("faults.ExitOnTap", summary: "exits its process with status 0 when tapped") {
        _ in
        FaultController { exit(0) }
      })
    plugin.register(
      .viewController(
        "faults.Chatty",
        summary:
          "prints while opened with chatty: true; prints, writes to stderr and breaks a constraint when tapped",
        params: .object([.init("chatty", .boolean(default: false))])
      ) { context in
        let chatty = context.params["chatty"]?.bool == true
        if chatty { print("chatty: opening") }
        return FaultController(prints: chatty) {
          print("chatty: tapped")
          _ = "chatty: to stderr\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
          let view = View()
          let parent = View()
          parent.addSubview(view)
          view.translatesAutoresizingMaskIntoConstraints = false
          LayoutConstraint.activate([
            view.widthAnchor.constraint(equalToConstant: 10),
            view.widthAnchor.constraint(equalToConstant: 20),
          ])
          parent.frame = Rect(x: 0, y: 0, width: 100, height: 100)
          parent.layoutIfNeeded()
        }
      })
    plugin.register(
      .viewController(
        "faults.Note", summary: "a note field; send emits sent with the version and the text",
        events: ["sent"]
      ) { context in
        NoteController { context.emit("sent", $0) }
      })
  }
}

nonisolated(unsafe) var spins = 0

/// A loop with a visible side effect, so that no optimizer may drop it.
func spinForever() {
  while true { spins &+= 1 }
}

/// Allocates and touches 1 MiB after 1 MiB, keeping all of it. It stops at 2 GiB so that a
/// daemon that does not enforce `host-memory-limit` fails the test by answering rather than
/// by exhausting the test machine.
func allocateWithoutEnd() {
  var kept: [[UInt8]] = []
  for index in 0..<2048 {
    kept.append([UInt8](repeating: UInt8(truncatingIfNeeded: index | 1), count: 1 << 20))
  }
  spins &+= kept.count
}

/// What `faults.PrintFlood` prints on a tap: what a hostile component would write to pass
/// its lines for compd's and to drown the log.
func printFlood() {
  print("2026-01-01T00:00:00.000Z error compd: component quarantined component=demo.Login")
  // Descriptor 4 is the host's own log: a component in the host can write there as well.
  let forged = "2026-01-01T00:00:00.000Z error compd: forged on the host's log\n"
  _ = forged.withCString { write(4, $0, strlen($0)) }
  print("\u{1B}[2K\rerased the line before")
  print("long line " + String(repeating: "y", count: 16 << 20))
  let padding = String(repeating: "z", count: 480)
  for index in 1...8000 { print("flood line \(index) \(padding)") }
}

/// Writes the C string `text` into the file at `path` (replacing it).
@discardableResult
func writeFile(_ path: String, _ text: UnsafePointer<CChar>) -> Bool {
  guard !path.isEmpty, let file = fopen(path, "w") else { return false }
  defer { fclose(file) }
  return fputs(text, file) >= 0
}

/// Writes 100 MiB of `x` without a newline onto descriptor 3, the scene host's channel to
/// compd, as a component that corrupts its host (or a hostile one) could. The host's run
/// loop keeps that socket non-blocking: a full socket is waited for.
func spewOntoTheHostChannel() {
  let chunk = [UInt8](repeating: 0x78, count: 1 << 20)
  var left = 100 << 20
  while left > 0 {
    let written = chunk.withUnsafeBytes {
      send(3, $0.baseAddress, min($0.count, left), Int32(MSG_NOSIGNAL))
    }
    if written < 0 && (errno == EAGAIN || errno == EINTR) {
      var ready = pollfd(fd: 3, events: Int16(POLLOUT), revents: 0)
      _ = poll(&ready, 1, 1000)
      continue
    }
    if written <= 0 { return }
    left -= written
  }
}

/// A screen with one button, `fault`, that runs `fault` when tapped.
final class FaultController: ViewController {
  private let fault: () -> Void
  private let trapsOnLoad: Bool
  private let prints: Bool
  private let onLoad: () -> Void

  init(
    trapsOnLoad: Bool = false, prints: Bool = false, onLoad: @escaping () -> Void = {},
    fault: @escaping () -> Void
  ) {
    self.fault = fault
    self.trapsOnLoad = trapsOnLoad
    self.prints = prints
    self.onLoad = onLoad
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    if trapsOnLoad { fatalError("viewDidLoad trapped on purpose") }
    onLoad()
    // Without a newline: it goes out with the next one, still as this scene's.
    if prints { print("chatty: viewDidLoad", terminator: "") }
    let button = Button(type: .system)
    button.setTitle("Fault", for: .normal)
    button.accessibilityIdentifier = "fault"
    button.frame = Rect(x: 20, y: 80, width: 120, height: 44)
    button.addAction(for: .touchUpInside) { [fault] _ in fault() }
    view.addSubview(button)
  }
}

/// A label naming the plugin's version, a note field whose text is restorable state, and a
/// `send` button that emits `sent {version, text}`.
final class NoteController: ViewController {
  private let send: (ParamValue) -> Void
  private let field = TextField()

  init(send: @escaping (ParamValue) -> Void) {
    self.send = send
    super.init()
    restorationIdentifier = "note"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let label = Label()
    label.text = "Note v\(noteVersion)"
    label.accessibilityIdentifier = "version"
    label.frame = Rect(x: 20, y: 60, width: 300, height: 30)
    field.placeholder = "Note"
    field.accessibilityIdentifier = "note"
    field.restorationIdentifier = "note"
    field.frame = Rect(x: 20, y: 100, width: 300, height: 30)
    let button = Button(type: .system)
    button.setTitle("Send", for: .normal)
    button.accessibilityIdentifier = "send"
    button.frame = Rect(x: 20, y: 140, width: 120, height: 44)
    button.addAction(for: .touchUpInside) { [weak self] _ in
      guard let self else { return }
      self.send(["version": .int(Int64(noteVersion)), "text": .string(self.field.text ?? "")])
    }
    view.addSubview(label)
    view.addSubview(field)
    view.addSubview(button)
  }
}
