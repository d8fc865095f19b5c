import Foundation

extension String {
  /// The translation of `key` in the running scene's language (``SceneLocale/current``) or
  /// in `locale`, from `table` (`Localizable` by default) of `bundle` (the caller's
  /// resources by default), as Foundation's `String(localized:table:bundle:locale:comment:)`;
  /// the key itself, or `defaultValue`, when no table has it. See ``LocalizedStrings``.
  public init(
    localized key: String, defaultValue: String? = nil, table: String? = nil,
    bundle: Bundle? = nil, locale: Locale? = nil, comment: StaticString? = nil,
    dsoHandle: UnsafeRawPointer = #dsohandle
  ) {
    self = LocalizedStrings.string(
      forKey: key, value: defaultValue, table: table, bundle: bundle, locale: locale,
      dsoHandle: dsoHandle)
  }

  /// `format` with `argument` in the running scene's locale, as Foundation's
  /// `localizedStringWithFormat(_:_:)`; a `.stringsdict` format (from `NSLocalizedString`
  /// or `String(localized:)`) takes the plural form of the argument's category.
  ///
  /// Swift takes this one-argument form over Foundation's for a format held in a value (a
  /// looked-up string); a string literal, and more arguments, go to Foundation's, which
  /// knows no plurals and formats in the process's locale: use
  /// ``LocalizedStrings/format(_:locale:_:)`` there.
  public static func localizedStringWithFormat(_ format: String, _ argument: any CVarArg)
    -> String
  {
    LocalizedStrings.format(format, [argument])
  }
}

// NSLocalizedString in the running scene's language. Foundation's takes every parameter
// with defaults; these take fewer, which makes Swift prefer them wherever both are visible.
// A call naming all five parameters reaches Foundation's, which looks in the named bundle
// in the process's language.

/// The translation of `key` in the running scene's language from the caller's
/// `Localizable` table, as Foundation's `NSLocalizedString`; see ``LocalizedStrings``.
public func NSLocalizedString(
  _ key: String, comment: String, dsoHandle: UnsafeRawPointer = #dsohandle
) -> String {
  LocalizedStrings.string(forKey: key, dsoHandle: dsoHandle)
}

/// The translation of `key` in the running scene's language from the caller's table
/// `tableName` (`Localizable` when nil), as Foundation's `NSLocalizedString`.
public func NSLocalizedString(
  _ key: String, tableName: String?, comment: String, dsoHandle: UnsafeRawPointer = #dsohandle
) -> String {
  LocalizedStrings.string(forKey: key, table: tableName, dsoHandle: dsoHandle)
}

/// The translation of `key` in the running scene's language from the caller's
/// `Localizable` table, or `value` when it has none, as Foundation's `NSLocalizedString`.
public func NSLocalizedString(
  _ key: String, value: String, comment: String, dsoHandle: UnsafeRawPointer = #dsohandle
) -> String {
  LocalizedStrings.string(forKey: key, value: value, dsoHandle: dsoHandle)
}

/// The translation of `key` in the running scene's language from `bundle`'s `Localizable`
/// table (`Bundle.main`: the caller's resources), as Foundation's `NSLocalizedString`.
public func NSLocalizedString(
  _ key: String, bundle: Bundle, comment: String, dsoHandle: UnsafeRawPointer = #dsohandle
) -> String {
  LocalizedStrings.string(forKey: key, bundle: bundle, dsoHandle: dsoHandle)
}

/// The translation of `key` in the running scene's language from `bundle`'s table
/// `tableName`, as Foundation's `NSLocalizedString`.
public func NSLocalizedString(
  _ key: String, tableName: String?, bundle: Bundle, comment: String,
  dsoHandle: UnsafeRawPointer = #dsohandle
) -> String {
  LocalizedStrings.string(forKey: key, table: tableName, bundle: bundle, dsoHandle: dsoHandle)
}

/// The translation of `key` in the running scene's language from the caller's table
/// `tableName`, or `value` when it has none, as Foundation's `NSLocalizedString`.
public func NSLocalizedString(
  _ key: String, tableName: String?, value: String, comment: String,
  dsoHandle: UnsafeRawPointer = #dsohandle
) -> String {
  LocalizedStrings.string(forKey: key, value: value, table: tableName, dsoHandle: dsoHandle)
}

/// The translation of `key` in the running scene's language from `bundle`'s `Localizable`
/// table, or `value` when it has none, as Foundation's `NSLocalizedString`.
public func NSLocalizedString(
  _ key: String, bundle: Bundle, value: String, comment: String,
  dsoHandle: UnsafeRawPointer = #dsohandle
) -> String {
  LocalizedStrings.string(forKey: key, value: value, bundle: bundle, dsoHandle: dsoHandle)
}
