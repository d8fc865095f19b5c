/// A key's position on the keyboard as a USB HID usage (page 7), as `UIKeyboardHIDUsage`:
/// the code of the physical key whatever its layout prints on it. The values are the USB
/// HID Usage Tables' (section 10, "Keyboard/Keypad Page"), as UIKit's.
public struct KeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
  /// The HID usage.
  public var rawValue: Int
  /// A usage from its code.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// A key with no usage of its own (a character no common key types).
  public static let keyboardErrorUndefined = KeyboardHIDUsage(rawValue: 3)
  /// The A key.
  public static let keyboardA = KeyboardHIDUsage(rawValue: 4)
  /// The B key.
  public static let keyboardB = KeyboardHIDUsage(rawValue: 5)
  /// The C key.
  public static let keyboardC = KeyboardHIDUsage(rawValue: 6)
  /// The D key.
  public static let keyboardD = KeyboardHIDUsage(rawValue: 7)
  /// The E key.
  public static let keyboardE = KeyboardHIDUsage(rawValue: 8)
  /// The F key.
  public static let keyboardF = KeyboardHIDUsage(rawValue: 9)
  /// The G key.
  public static let keyboardG = KeyboardHIDUsage(rawValue: 10)
  /// The H key.
  public static let keyboardH = KeyboardHIDUsage(rawValue: 11)
  /// The I key.
  public static let keyboardI = KeyboardHIDUsage(rawValue: 12)
  /// The J key.
  public static let keyboardJ = KeyboardHIDUsage(rawValue: 13)
  /// The K key.
  public static let keyboardK = KeyboardHIDUsage(rawValue: 14)
  /// The L key.
  public static let keyboardL = KeyboardHIDUsage(rawValue: 15)
  /// The M key.
  public static let keyboardM = KeyboardHIDUsage(rawValue: 16)
  /// The N key.
  public static let keyboardN = KeyboardHIDUsage(rawValue: 17)
  /// The O key.
  public static let keyboardO = KeyboardHIDUsage(rawValue: 18)
  /// The P key.
  public static let keyboardP = KeyboardHIDUsage(rawValue: 19)
  /// The Q key.
  public static let keyboardQ = KeyboardHIDUsage(rawValue: 20)
  /// The R key.
  public static let keyboardR = KeyboardHIDUsage(rawValue: 21)
  /// The S key.
  public static let keyboardS = KeyboardHIDUsage(rawValue: 22)
  /// The T key.
  public static let keyboardT = KeyboardHIDUsage(rawValue: 23)
  /// The U key.
  public static let keyboardU = KeyboardHIDUsage(rawValue: 24)
  /// The V key.
  public static let keyboardV = KeyboardHIDUsage(rawValue: 25)
  /// The W key.
  public static let keyboardW = KeyboardHIDUsage(rawValue: 26)
  /// The X key.
  public static let keyboardX = KeyboardHIDUsage(rawValue: 27)
  /// The Y key.
  public static let keyboardY = KeyboardHIDUsage(rawValue: 28)
  /// The Z key.
  public static let keyboardZ = KeyboardHIDUsage(rawValue: 29)
  /// The 1 key.
  public static let keyboard1 = KeyboardHIDUsage(rawValue: 30)
  /// The 2 key.
  public static let keyboard2 = KeyboardHIDUsage(rawValue: 31)
  /// The 3 key.
  public static let keyboard3 = KeyboardHIDUsage(rawValue: 32)
  /// The 4 key.
  public static let keyboard4 = KeyboardHIDUsage(rawValue: 33)
  /// The 5 key.
  public static let keyboard5 = KeyboardHIDUsage(rawValue: 34)
  /// The 6 key.
  public static let keyboard6 = KeyboardHIDUsage(rawValue: 35)
  /// The 7 key.
  public static let keyboard7 = KeyboardHIDUsage(rawValue: 36)
  /// The 8 key.
  public static let keyboard8 = KeyboardHIDUsage(rawValue: 37)
  /// The 9 key.
  public static let keyboard9 = KeyboardHIDUsage(rawValue: 38)
  /// The 0 key.
  public static let keyboard0 = KeyboardHIDUsage(rawValue: 39)
  /// Return (Enter).
  public static let keyboardReturnOrEnter = KeyboardHIDUsage(rawValue: 40)
  /// Escape.
  public static let keyboardEscape = KeyboardHIDUsage(rawValue: 41)
  /// Delete backwards (Backspace).
  public static let keyboardDeleteOrBackspace = KeyboardHIDUsage(rawValue: 42)
  /// Tab.
  public static let keyboardTab = KeyboardHIDUsage(rawValue: 43)
  /// The space bar.
  public static let keyboardSpacebar = KeyboardHIDUsage(rawValue: 44)
  /// - and _.
  public static let keyboardHyphen = KeyboardHIDUsage(rawValue: 45)
  /// = and +.
  public static let keyboardEqualSign = KeyboardHIDUsage(rawValue: 46)
  /// [ and {.
  public static let keyboardOpenBracket = KeyboardHIDUsage(rawValue: 47)
  /// ] and }.
  public static let keyboardCloseBracket = KeyboardHIDUsage(rawValue: 48)
  /// \\ and |.
  public static let keyboardBackslash = KeyboardHIDUsage(rawValue: 49)
  /// ; and :.
  public static let keyboardSemicolon = KeyboardHIDUsage(rawValue: 51)
  /// ' and ".
  public static let keyboardQuote = KeyboardHIDUsage(rawValue: 52)
  /// ` and ~.
  public static let keyboardGraveAccentAndTilde = KeyboardHIDUsage(rawValue: 53)
  /// , and <.
  public static let keyboardComma = KeyboardHIDUsage(rawValue: 54)
  /// . and >.
  public static let keyboardPeriod = KeyboardHIDUsage(rawValue: 55)
  /// / and ?.
  public static let keyboardSlash = KeyboardHIDUsage(rawValue: 56)
  /// Caps Lock.
  public static let keyboardCapsLock = KeyboardHIDUsage(rawValue: 57)
  /// F1.
  public static let keyboardF1 = KeyboardHIDUsage(rawValue: 58)
  /// F2.
  public static let keyboardF2 = KeyboardHIDUsage(rawValue: 59)
  /// F3.
  public static let keyboardF3 = KeyboardHIDUsage(rawValue: 60)
  /// F4.
  public static let keyboardF4 = KeyboardHIDUsage(rawValue: 61)
  /// F5.
  public static let keyboardF5 = KeyboardHIDUsage(rawValue: 62)
  /// F6.
  public static let keyboardF6 = KeyboardHIDUsage(rawValue: 63)
  /// F7.
  public static let keyboardF7 = KeyboardHIDUsage(rawValue: 64)
  /// F8.
  public static let keyboardF8 = KeyboardHIDUsage(rawValue: 65)
  /// F9.
  public static let keyboardF9 = KeyboardHIDUsage(rawValue: 66)
  /// F10.
  public static let keyboardF10 = KeyboardHIDUsage(rawValue: 67)
  /// F11.
  public static let keyboardF11 = KeyboardHIDUsage(rawValue: 68)
  /// F12.
  public static let keyboardF12 = KeyboardHIDUsage(rawValue: 69)
  /// Insert.
  public static let keyboardInsert = KeyboardHIDUsage(rawValue: 73)
  /// Home.
  public static let keyboardHome = KeyboardHIDUsage(rawValue: 74)
  /// Page Up.
  public static let keyboardPageUp = KeyboardHIDUsage(rawValue: 75)
  /// Delete forwards.
  public static let keyboardDeleteForward = KeyboardHIDUsage(rawValue: 76)
  /// End.
  public static let keyboardEnd = KeyboardHIDUsage(rawValue: 77)
  /// Page Down.
  public static let keyboardPageDown = KeyboardHIDUsage(rawValue: 78)
  /// The right arrow.
  public static let keyboardRightArrow = KeyboardHIDUsage(rawValue: 79)
  /// The left arrow.
  public static let keyboardLeftArrow = KeyboardHIDUsage(rawValue: 80)
  /// The down arrow.
  public static let keyboardDownArrow = KeyboardHIDUsage(rawValue: 81)
  /// The up arrow.
  public static let keyboardUpArrow = KeyboardHIDUsage(rawValue: 82)
}
