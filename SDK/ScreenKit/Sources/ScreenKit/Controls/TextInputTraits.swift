/// The kind of content a text input expects, as `UITextContentType`: a hint a client's
/// autofill uses (the web client sets the input's `autocomplete` from it). The constants
/// are UIKit's; the raw value is the constant's name, as it travels on the wire.
public struct TextContentType: RawRepresentable, Sendable, Hashable {
  /// The constant's name (`"username"`, `"newPassword"`…).
  public var rawValue: String

  /// A content type from its name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A name.
  public static let name = TextContentType(rawValue: "name")
  /// A prefix or title (Dr.).
  public static let namePrefix = TextContentType(rawValue: "namePrefix")
  /// A given name.
  public static let givenName = TextContentType(rawValue: "givenName")
  /// A middle name.
  public static let middleName = TextContentType(rawValue: "middleName")
  /// A family name.
  public static let familyName = TextContentType(rawValue: "familyName")
  /// A suffix (Jr.).
  public static let nameSuffix = TextContentType(rawValue: "nameSuffix")
  /// A nickname.
  public static let nickname = TextContentType(rawValue: "nickname")
  /// A job title.
  public static let jobTitle = TextContentType(rawValue: "jobTitle")
  /// An organization's name.
  public static let organizationName = TextContentType(rawValue: "organizationName")
  /// A location.
  public static let location = TextContentType(rawValue: "location")
  /// A full street address.
  public static let fullStreetAddress = TextContentType(rawValue: "fullStreetAddress")
  /// The first line of a street address.
  public static let streetAddressLine1 = TextContentType(rawValue: "streetAddressLine1")
  /// The second line of a street address.
  public static let streetAddressLine2 = TextContentType(rawValue: "streetAddressLine2")
  /// A city.
  public static let addressCity = TextContentType(rawValue: "addressCity")
  /// A state or province.
  public static let addressState = TextContentType(rawValue: "addressState")
  /// A city and state.
  public static let addressCityAndState = TextContentType(rawValue: "addressCityAndState")
  /// A sublocality.
  public static let sublocality = TextContentType(rawValue: "sublocality")
  /// A country or region.
  public static let countryName = TextContentType(rawValue: "countryName")
  /// A postal code.
  public static let postalCode = TextContentType(rawValue: "postalCode")
  /// A telephone number.
  public static let telephoneNumber = TextContentType(rawValue: "telephoneNumber")
  /// An e-mail address.
  public static let emailAddress = TextContentType(rawValue: "emailAddress")
  /// A URL.
  public static let URL = TextContentType(rawValue: "URL")
  /// A credit card number.
  public static let creditCardNumber = TextContentType(rawValue: "creditCardNumber")
  /// The name on a credit card.
  public static let creditCardName = TextContentType(rawValue: "creditCardName")
  /// A credit card's expiration date.
  public static let creditCardExpiration = TextContentType(rawValue: "creditCardExpiration")
  /// A credit card's security code.
  public static let creditCardSecurityCode = TextContentType(rawValue: "creditCardSecurityCode")
  /// An account or login name.
  public static let username = TextContentType(rawValue: "username")
  /// A password.
  public static let password = TextContentType(rawValue: "password")
  /// A new password (account creation, password change).
  public static let newPassword = TextContentType(rawValue: "newPassword")
  /// A one-time code (sent by SMS or e-mail).
  public static let oneTimeCode = TextContentType(rawValue: "oneTimeCode")
  /// A birth date.
  public static let birthdate = TextContentType(rawValue: "birthdate")
}

/// How a client's keyboard capitalizes, as `UITextAutocapitalizationType`.
public enum TextAutocapitalizationType: String, Sendable, Hashable, CaseIterable {
  /// Never.
  case none
  /// The first letter of each word.
  case words
  /// The first letter of each sentence.
  case sentences
  /// Every letter.
  case allCharacters
}

/// Whether a client checks spelling, as `UITextSpellCheckingType`.
public enum TextSpellCheckingType: String, Sendable, Hashable, CaseIterable {
  /// The client's default.
  case `default`
  /// Off.
  case no
  /// On.
  case yes
}
