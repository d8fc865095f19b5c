/// One physical button press, as `UIPress`: a key of a hardware keyboard or a D-pad's
/// button. The same object goes to `pressesBegan` and, when the key comes up, to
/// `pressesEnded`.
@MainActor
public final class Press: Hashable {
  /// Where a press is in its life, as `UIPress.Phase`.
  public enum Phase: Sendable, Hashable {
    /// The button went down.
    case began
    /// The button's force changed.
    case changed
    /// The button is held and unchanged.
    case stationary
    /// The button came up.
    case ended
    /// The system cancelled the press.
    case cancelled
  }

  /// The press's phase.
  public internal(set) var phase: Phase
  /// Which button, as `UIPress.PressType` (see ``Press/PressType``).
  public let type: PressType
  /// The keyboard key, for presses from a keyboard.
  public let key: Key?
  /// The window the press went to.
  public private(set) weak var window: Window?
  /// The responder the press went to first.
  public internal(set) weak var responder: Responder?
  /// How hard the button is pressed: 1 while down (keys have no force), 0 once up.
  public var force: Double { phase == .ended || phase == .cancelled ? 0 : 1 }

  init(key: Key, window: Window) {
    self.key = key
    self.type = PressType(key: key)
    self.window = window
    phase = .began
  }

  /// Presses are equal when they are the same press.
  public nonisolated static func == (a: Press, b: Press) -> Bool { a === b }
  /// Hashes the press's identity.
  public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Press {
  /// Which button a press is of, as `UIPress.PressType` with UIKit's raw values for the
  /// remote's buttons: a keyboard's arrows are the arrow types, Return and Space are
  /// ``select``, Escape is ``menu``, Page Up and Page Down their types. Any other key's press
  /// has a type of its own, ``keyboardKey(_:)`` (UIKit gives such presses no documented type;
  /// read ``Press/key``).
  public struct PressType: RawRepresentable, Sendable, Hashable {
    /// The raw value.
    public var rawValue: Int
    /// A type from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The up arrow.
    public static let upArrow = PressType(rawValue: 0)
    /// The down arrow.
    public static let downArrow = PressType(rawValue: 1)
    /// The left arrow.
    public static let leftArrow = PressType(rawValue: 2)
    /// The right arrow.
    public static let rightArrow = PressType(rawValue: 3)
    /// Select: a D-pad's centre, Return or Space.
    public static let select = PressType(rawValue: 4)
    /// Menu (back): Escape.
    public static let menu = PressType(rawValue: 5)
    /// Play/pause.
    public static let playPause = PressType(rawValue: 6)
    /// Page up.
    public static let pageUp = PressType(rawValue: 30)
    /// Page down.
    public static let pageDown = PressType(rawValue: 31)

    /// The type of another keyboard key's press: 0x10000 plus its HID usage.
    public static func keyboardKey(_ usage: KeyboardHIDUsage) -> PressType {
      PressType(rawValue: 0x10000 + usage.rawValue)
    }

    init(key: Key) {
      self =
        switch key.keyCode {
        case .keyboardUpArrow: .upArrow
        case .keyboardDownArrow: .downArrow
        case .keyboardLeftArrow: .leftArrow
        case .keyboardRightArrow: .rightArrow
        case .keyboardReturnOrEnter, .keyboardSpacebar: .select
        case .keyboardEscape: .menu
        case .keyboardPageUp: .pageUp
        case .keyboardPageDown: .pageDown
        default: .keyboardKey(key.keyCode)
        }
    }
  }
}
