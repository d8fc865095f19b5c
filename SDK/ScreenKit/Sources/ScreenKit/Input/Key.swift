/// A key on a hardware keyboard (or a D-pad's button that sends one), as `UIKey`.
///
/// Special keys carry UIKit's input strings as their characters (``KeyCommand/inputUpArrow``
/// is `"UIKeyInputUpArrow"`, Return `"\r"`, Tab `"\t"`, Backspace `"\u{8}"`, Space `" "`), so
/// that a key command's `input` compares with ``charactersIgnoringModifiers`` directly.
public struct Key: Sendable, Hashable {
  /// The characters the key types with its modifiers (`"A"` for Shift-A).
  public var characters: String
  /// The characters without the modifiers other than Shift, as `UIKey`'s (and `NSEvent`'s):
  /// a key command's input is compared with these.
  public var charactersIgnoringModifiers: String
  /// The modifier keys held.
  public var modifierFlags: KeyModifierFlags
  /// The key's position on the keyboard (``KeyboardHIDUsage/keyboardErrorUndefined`` for a
  /// character no common key types).
  public var keyCode: KeyboardHIDUsage

  /// A key from its parts.
  public init(
    characters: String, charactersIgnoringModifiers: String? = nil,
    modifierFlags: KeyModifierFlags = [], keyCode: KeyboardHIDUsage
  ) {
    self.characters = characters
    self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters
    self.modifierFlags = modifierFlags
    self.keyCode = keyCode
  }

  /// The key a W3C UI Events `KeyboardEvent.key` value names (`"Enter"`, `"ArrowUp"`,
  /// `"a"`, `"A"`, `"F5"`), as web clients and D-pad panels send it; `nil` for a value that
  /// is neither one character nor one of the named keys listed in ``namedKeys`` (modifier
  /// keys alone, `"Unidentified"`, dead keys).
  public init?(webKey: String, modifierFlags: KeyModifierFlags = []) {
    if let named = Self.namedKeys[webKey] {
      self.init(characters: named.input, modifierFlags: modifierFlags, keyCode: named.usage)
      return
    }
    guard webKey.count == 1, let scalar = webKey.unicodeScalars.first,
      !scalar.properties.generalCategory.isControl
    else { return nil }
    self.init(
      characters: webKey, modifierFlags: modifierFlags, keyCode: Self.usage(ofCharacter: webKey))
  }

  /// The W3C named keys ScreenKit knows, with their UIKit input strings and HID usages.
  public static let namedKeys: [String: (input: String, usage: KeyboardHIDUsage)] = {
    var keys: [String: (input: String, usage: KeyboardHIDUsage)] = [
      "Enter": ("\r", .keyboardReturnOrEnter), "Tab": ("\t", .keyboardTab),
      "Escape": (KeyCommand.inputEscape, .keyboardEscape),
      "Backspace": ("\u{8}", .keyboardDeleteOrBackspace),
      "Delete": (KeyCommand.inputDelete, .keyboardDeleteForward),
      "ArrowUp": (KeyCommand.inputUpArrow, .keyboardUpArrow),
      "ArrowDown": (KeyCommand.inputDownArrow, .keyboardDownArrow),
      "ArrowLeft": (KeyCommand.inputLeftArrow, .keyboardLeftArrow),
      "ArrowRight": (KeyCommand.inputRightArrow, .keyboardRightArrow),
      "Home": (KeyCommand.inputHome, .keyboardHome), "End": (KeyCommand.inputEnd, .keyboardEnd),
      "PageUp": (KeyCommand.inputPageUp, .keyboardPageUp),
      "PageDown": (KeyCommand.inputPageDown, .keyboardPageDown),
      "Insert": ("UIKeyInputInsert", .keyboardInsert),
    ]
    for number in 1...12 {
      keys["F\(number)"] = ("UIKeyInputF\(number)", KeyboardHIDUsage(rawValue: 57 + number))
    }
    return keys
  }()

  /// The usage of the US-layout key that types `character` (the layout web clients'
  /// `KeyboardEvent.key` values agree with for these characters).
  private static func usage(ofCharacter character: String) -> KeyboardHIDUsage {
    let lower = character.lowercased()
    if let scalar = lower.unicodeScalars.first, lower.unicodeScalars.count == 1 {
      let value = Int(scalar.value)
      if (97...122).contains(value) { return KeyboardHIDUsage(rawValue: 4 + value - 97) }
      if (49...57).contains(value) { return KeyboardHIDUsage(rawValue: 30 + value - 49) }
    }
    let table: [String: KeyboardHIDUsage] = [
      "0": .keyboard0, " ": .keyboardSpacebar, "-": .keyboardHyphen, "_": .keyboardHyphen,
      "=": .keyboardEqualSign, "+": .keyboardEqualSign, "[": .keyboardOpenBracket,
      "{": .keyboardOpenBracket, "]": .keyboardCloseBracket, "}": .keyboardCloseBracket,
      "\\": .keyboardBackslash, "|": .keyboardBackslash, ";": .keyboardSemicolon,
      ":": .keyboardSemicolon, "'": .keyboardQuote, "\"": .keyboardQuote,
      "`": .keyboardGraveAccentAndTilde, "~": .keyboardGraveAccentAndTilde, ",": .keyboardComma,
      "<": .keyboardComma, ".": .keyboardPeriod, ">": .keyboardPeriod, "/": .keyboardSlash,
      "?": .keyboardSlash, "!": .keyboard1, "@": .keyboard2, "#": .keyboard3, "$": .keyboard4,
      "%": .keyboard5, "^": .keyboard6, "&": .keyboard7, "*": .keyboard8, "(": .keyboard9,
      ")": .keyboard0,
    ]
    return table[character] ?? .keyboardErrorUndefined
  }

  /// Whether the key types text (one printable character): a text field being edited
  /// takes it.
  var typesText: Bool {
    characters.count == 1 && keyCode != .keyboardReturnOrEnter && keyCode != .keyboardTab
      && keyCode != .keyboardDeleteOrBackspace
      && !characters.unicodeScalars.contains { $0.properties.generalCategory.isControl }
  }

  /// The key as it identifies its press (its position, else its characters).
  var pressIdentity: String {
    keyCode == .keyboardErrorUndefined
      ? "c:" + charactersIgnoringModifiers : "u:\(keyCode.rawValue)"
  }
}

extension Unicode.GeneralCategory {
  fileprivate var isControl: Bool { self == .control || self == .format }
}
