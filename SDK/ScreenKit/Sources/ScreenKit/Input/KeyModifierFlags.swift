/// The modifier keys held with a key, as `UIKeyModifierFlags` (UIKit's bit values).
public struct KeyModifierFlags: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: Int
  /// Flags from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Caps Lock is on.
  public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
  /// Shift is held.
  public static let shift = KeyModifierFlags(rawValue: 1 << 17)
  /// Control is held.
  public static let control = KeyModifierFlags(rawValue: 1 << 18)
  /// Option (Alt) is held.
  public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
  /// Command is held.
  public static let command = KeyModifierFlags(rawValue: 1 << 20)
  /// The key is on the numeric keypad.
  public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)

  /// The flags a key command compares (Caps Lock and the keypad flag are not chords).
  static let chordFlags: KeyModifierFlags = [.shift, .control, .alternate, .command]

  /// The flags by their wire names (`shift`, `control`, `alternate`, `command`), as
  /// docs/protocol.md's `key` event names them.
  public static let byName: [String: KeyModifierFlags] = [
    "shift": .shift, "control": .control, "alternate": .alternate, "command": .command,
  ]
}
