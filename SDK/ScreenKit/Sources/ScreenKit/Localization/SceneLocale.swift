import Foundation

/// The locale of the scene whose code is running.
///
/// One compd scene host serves scenes in several languages at once, so the process's
/// `Locale.current` cannot be a scene's. The host runs each scene's work (opening,
/// restoring, input, resizing, layout) inside ``Window/performInLocale(_:)``, which binds
/// ``current`` to the window's ``Window/locale`` for that work and for the tasks it starts
/// (a task-local value). Lookups that take no locale (`NSLocalizedString`,
/// `String(localized:)`, ``LocalizedStrings``) use it; so should formatters made for a
/// scene: `formatter.locale = SceneLocale.current`, or `view.window?.locale` in code that
/// runs outside the scene's work (a detached task).
public enum SceneLocale {
  /// The running scene's locale; `en` outside any scene's work.
  @TaskLocal public static var current = Locale(identifier: "en")
}
