/// UIKit's `UIAccessibility` functions that are not a view's: posting notifications to
/// assistive technologies.
@MainActor
public enum Accessibility {
  /// What a posted notification tells assistive technologies, as
  /// `UIAccessibility.Notification`.
  public struct Notification: RawRepresentable, Hashable, Sendable {
    /// The wire name (`scene.announcement`'s `kind`).
    public let rawValue: String
    /// A notification named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Speak the argument (a `String`) now, as `.announcement`.
    public static let announcement = Notification(rawValue: "announcement")
    /// A new screen appeared (a presented view): the argument (a view or element to move
    /// to, or a `String` to speak) or the first element gets focus, as `.screenChanged`.
    public static let screenChanged = Notification(rawValue: "screenChanged")
    /// Part of the screen changed: the argument (a view or element, or a `String`) gets
    /// focus, as `.layoutChanged`.
    public static let layoutChanged = Notification(rawValue: "layoutChanged")
    /// A scroll finished: the argument (a `String` such as "Page 3 of 5") is spoken, as
    /// `.pageScrolled`.
    public static let pageScrolled = Notification(rawValue: "pageScrolled")
  }

  /// A posted notification as the window keeps it until its scene's host sends it.
  public struct PostedNotification {
    /// Which notification.
    public let notification: Notification
    /// The text to speak, when the argument was one.
    public let text: String?
    /// The view to move to: the argument when it is a view, the container of an
    /// ``AccessibilityElement`` argument.
    public let view: View?
  }

  /// Posts `notification` to assistive technologies, as `UIAccessibility.post(notification:argument:)`.
  ///
  /// `argument` is a `String` to speak, or a ``View`` or ``AccessibilityElement`` to move to
  /// (screen and layout changes), or `nil`. The notification goes to the scene of the view
  /// argument's window, else of the window whose code runs now (``Window/active``); clients
  /// receive it as `scene.announcement` after the `scene.changed` of the same input (see
  /// docs/protocol.md, "Accessibility"). With no window to post to it is dropped, as UIKit
  /// drops notifications when no assistive technology runs.
  public static func post(notification: Notification, argument: Any?) {
    var text: String?
    var view: View?
    switch argument {
    case let string as String: text = string
    case let target as View: view = target
    case let element as AccessibilityElement:
      view = element.accessibilityContainer
      text = nil
    default: break
    }
    guard let window = view?.window ?? Window.active else { return }
    window.postedAccessibilityNotifications.append(
      PostedNotification(notification: notification, text: text, view: view))
  }
}

extension Window {
  /// Takes the accessibility notifications posted for this window since the last call, in
  /// the order they were posted (the host sends them to clients).
  public func takeAccessibilityNotifications() -> [Accessibility.PostedNotification] {
    let posted = postedAccessibilityNotifications
    postedAccessibilityNotifications = []
    return posted
  }
}
