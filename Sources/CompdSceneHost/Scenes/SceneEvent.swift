import CompdProtocol
import JSONRPC
import ScreenKit

/// An input event a client sends with `scene.event`, as docs/protocol.md lists them.
enum SceneEvent: Sendable, Equatable {
  /// A tap on a node; `at` (its `x`, `y`, in the node's own coordinates) is where it landed.
  case tap(target: String, at: Point?)
  /// A tap at a point in root coordinates (`touch` without a phase).
  case touch(Point)
  /// One phase of a finger's touch: `id` tells fingers apart, `time` is the client's
  /// monotonic clock in milliseconds.
  case touchPhase(Touch.Phase, id: Int, Point, time: Double?)
  case text(target: String, text: String)
  case focus(target: String)
  case blur(target: String)
  case submit(target: String)
  case clear(target: String)
  case toggle(target: String, on: Bool)
  case scroll(target: String, Point)
  case swipe(target: String, SwipeDirection)
  case value(target: String, value: Double, component: Int?)
  case keyboard(height: Double)
  case back
  /// An assistive technology's action on an element (SceneEvent+Accessibility.swift).
  case accessibility(target: String, action: AccessibilityAction)
  /// A hardware key (SceneEvent+Key.swift); no phase is a whole press.
  case key(Key, phase: KeyPhase?)

  /// Reads an `event` object; a missing or mistyped member is `-32602` naming it.
  init(json event: JSONObject) throws(RPCError) {
    func string(_ name: String) throws(RPCError) -> String {
      guard let value = event[name] else {
        throw .invalidParams("event.\(name) is required", field: "event.\(name)")
      }
      guard let text = value.stringValue else {
        throw .invalidParams("event.\(name) must be a string", field: "event.\(name)")
      }
      return text
    }
    func number(_ name: String) throws(RPCError) -> Double {
      guard let value = event[name] else {
        throw .invalidParams("event.\(name) is required", field: "event.\(name)")
      }
      guard let number = value.doubleValue, number.isFinite else {
        throw .invalidParams("event.\(name) must be a number", field: "event.\(name)")
      }
      return number
    }
    func target() throws(RPCError) -> String {
      let target = try string("target")
      if target.isEmpty {
        throw .invalidParams("event.target must name a node id or key", field: "event.target")
      }
      return target
    }
    let type = try string("type")
    switch type {
    case "tap":
      let target = try target()
      var point: Point?
      if event["x"] != nil || event["y"] != nil {
        point = Point(x: try number("x"), y: try number("y"))
      }
      self = .tap(target: target, at: point)
    case "touch":
      let point = Point(x: try number("x"), y: try number("y"))
      guard event["phase"] != nil else {
        self = .touch(point)
        return
      }
      let name = try string("phase")
      guard let phase = Touch.Phase(rawValue: name), phase != .stationary else {
        throw .invalidParams(
          "event.phase must be one of began, moved, ended, cancelled, not \"\(name)\"",
          field: "event.phase")
      }
      guard let id = event["id"]?.intValue, id >= 0, id <= Int64(Int32.max) else {
        throw .invalidParams("event.id must be a non-negative integer", field: "event.id")
      }
      var time: Double?
      if event["t"] != nil {
        let milliseconds = try number("t")
        guard milliseconds >= 0 else {
          throw .invalidParams("event.t must not be negative", field: "event.t")
        }
        time = milliseconds
      }
      self = .touchPhase(phase, id: Int(id), point, time: time)
    case "text": self = .text(target: try target(), text: try string("text"))
    case "focus": self = .focus(target: try target())
    case "blur": self = .blur(target: try target())
    case "submit": self = .submit(target: try target())
    case "clear": self = .clear(target: try target())
    case "toggle":
      let target = try target()
      guard let on = event["on"]?.boolValue else {
        throw .invalidParams("event.on must be true or false", field: "event.on")
      }
      self = .toggle(target: target, on: on)
    case "scroll":
      self = .scroll(target: try target(), Point(x: try number("x"), y: try number("y")))
    case "swipe":
      let target = try target()
      let name = try string("direction")
      guard let direction = SwipeDirection(rawValue: name) else {
        throw .invalidParams(
          "event.direction must be one of left, right, up, down, not \"\(name)\"",
          field: "event.direction")
      }
      self = .swipe(target: target, direction)
    case "value":
      let target = try target()
      let value = try number("value")
      var component: Int?
      if let member = event["component"] {
        guard let index = member.intValue, index >= 0, index <= Int64(Int32.max) else {
          throw .invalidParams(
            "event.component must be a non-negative integer", field: "event.component")
        }
        component = Int(index)
      }
      self = .value(target: target, value: value, component: component)
    case "keyboard":
      let height = try number("height")
      guard height >= 0 else {
        throw .invalidParams("event.height must not be negative", field: "event.height")
      }
      self = .keyboard(height: height)
    case "back": self = .back
    case "accessibility":
      self = .accessibility(target: try target(), action: try Self.accessibilityAction(in: event))
    case "key": self = try Self.key(json: event)
    default:
      throw .invalidParams(
        "event.type must be one of \(SceneEventTypes.all.joined(separator: ", ")), not \"\(type)\"",
        field: "event.type")
    }
  }

  /// The node id or key the event names, if it names one.
  var target: String? {
    switch self {
    case .tap(let target, _), .text(let target, _), .focus(let target), .blur(let target),
      .submit(let target), .clear(let target), .toggle(let target, _), .scroll(let target, _),
      .swipe(let target, _), .value(let target, _, _), .accessibility(let target, _):
      target
    case .touch, .touchPhase, .keyboard, .back, .key: nil
    }
  }

  /// Delivers the event through the window's input API; `view` is the resolved target.
  /// Returns whether anything handled it.
  @MainActor
  func deliver(to window: Window, target view: View?) throws(InputError) -> Bool {
    func node() throws(InputError) -> View {
      guard let view else { throw .invalidValue("the event names no node") }
      return view
    }
    return switch self {
    case .tap(_, let point): try window.tap(node(), at: point)
    case .touch(let point): try window.touch(at: point)
    case .touchPhase(let phase, let id, let point, let time):
      try window.touch(phase, id: id, at: point, timestamp: time.map { $0 / 1000 })
    case .text(_, let text): try window.replaceText(of: node(), with: text)
    case .focus: try window.focusView(node())
    case .blur: try window.blur(node())
    case .submit: try window.returnKey(in: node())
    case .clear: try window.clearText(of: node())
    case .toggle(_, let on): try window.toggle(node(), isOn: on)
    case .scroll(_, let offset): try window.scroll(node(), to: offset)
    case .swipe(_, let direction): try window.swipe(node(), direction: direction)
    case .value(_, let value, let component):
      try window.setValue(value, of: node(), component: component)
    case .keyboard(let height): try window.setKeyboardHeight(height)
    case .back: window.back()
    case .accessibility(_, let action): try window.performAccessibilityAction(action, on: node())
    case .key(let key, let phase): try window.pressKey(key, phase: phase)
    }
  }
}
