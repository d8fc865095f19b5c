/// A colour in sRGB with opacity, as `UIColor`.
public struct Color: Sendable, Hashable, CustomStringConvertible {
  /// The red component, 0 to 1.
  public var red: Double
  /// The green component, 0 to 1.
  public var green: Double
  /// The blue component, 0 to 1.
  public var blue: Double
  /// The opacity, 0 to 1.
  public var alpha: Double

  /// A colour from sRGB components and opacity.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A grey from its brightness and opacity.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// The same colour with another opacity.
  public func withAlphaComponent(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// `#rrggbbaa`, how the colour travels on the wire.
  public var description: String {
    func byte(_ value: Double) -> String {
      let clamped = Int((min(max(value, 0), 1) * 255).rounded())
      let text = String(clamped, radix: 16)
      return clamped < 16 ? "0" + text : text
    }
    return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
  }

  /// Fully transparent.
  public static let clear = Color(white: 0, alpha: 0)
  /// Black.
  public static let black = Color(white: 0)
  /// White.
  public static let white = Color(white: 1)
  /// Mid grey (`UIColor.gray`, 50 % white).
  public static let gray = Color(white: 0.5)
  /// Light grey (`UIColor.lightGray`, 2/3 white).
  public static let lightGray = Color(white: 2.0 / 3.0)
  /// Dark grey (`UIColor.darkGray`, 1/3 white).
  public static let darkGray = Color(white: 1.0 / 3.0)
  /// Red.
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Green.
  public static let green = Color(red: 0, green: 1, blue: 0)
  /// Blue.
  public static let blue = Color(red: 0, green: 0, blue: 1)
  /// Yellow.
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  /// Orange.
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  /// The system blue of the light appearance (#007AFF), UIKit's default tint.
  public static let systemBlue = Color(red: 0, green: 122.0 / 255, blue: 1)
  /// The label colour of the light appearance (black).
  public static let label = Color.black
  /// The secondary label colour of the light appearance (#3C3C43 at 60 %).
  public static let secondaryLabel = Color(
    red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
  /// The placeholder text colour of the light appearance (#3C3C43 at 30 %).
  public static let placeholderText = Color(
    red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3)
  /// The system background of the light appearance (white).
  public static let systemBackground = Color.white
}
