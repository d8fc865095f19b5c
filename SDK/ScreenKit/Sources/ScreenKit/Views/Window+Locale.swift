import Foundation

extension Window {
  /// The locale of the scene this window shows: the language its strings are looked up in
  /// and the conventions its numbers and dates are formatted with. `en` by default.
  ///
  /// compd sets it from the scene's `environment.locale` when it opens the scene and when a
  /// `scene.resize` names another one. One process shows scenes in several languages at
  /// once, so the process's `Locale.current` is not the scene's: code running for the scene
  /// reads this locale through ``SceneLocale/current``, which ``performInLocale(_:)`` sets.
  public var locale: Locale {
    get { controllerState.locale }
    set { controllerState.locale = newValue }
  }

  /// Runs `work` with this window's ``locale`` as ``SceneLocale/current``: strings looked
  /// up (`NSLocalizedString`, `String(localized:)`) and formatters made for the scene during
  /// `work`, and in tasks it starts, use the scene's language.
  public func performInLocale<Result>(_ work: () throws -> Result) rethrows -> Result {
    try SceneLocale.$current.withValue(locale, operation: work)
  }
}
