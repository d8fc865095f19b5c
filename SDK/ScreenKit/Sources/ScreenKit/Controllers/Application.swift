import Foundation

/// The app as UIKit code reaches it, `UIApplication.shared`.
///
/// compd has no app around its screens: each scene is a window of its own, and what UIKit
/// code asks of "the app" is answered for the scene whose code is running (``Window/active``,
/// the window that is taking input or being set up). Sending an action to the first
/// responder ends editing as on iOS; URLs have no app to open them, so opening one reports
/// `false`, as UIKit does for a URL that no installed app handles.
@MainActor
public final class Application {
  /// The app object, as `UIApplication.shared`.
  public static let shared = Application()

  /// Whether the app is in the foreground, as `UIApplication.State`.
  public enum State: Int, Sendable, Hashable {
    /// In the foreground, taking events.
    case active
    /// In the foreground, not taking events.
    case inactive
    /// In the background.
    case background
  }

  /// Options of ``open(_:options:completionHandler:)``, as
  /// `UIApplication.OpenExternalURLOptionsKey`.
  public struct OpenExternalURLOptionsKey: Hashable, Sendable, RawRepresentable {
    /// The key's name.
    public let rawValue: String
    /// A key with a name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Open the URL only when an app handles it as a universal link.
    public static let universalLinksOnly = OpenExternalURLOptionsKey(
      rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
  }

  private init() {}

  /// The window of the scene whose code is running, as `keyWindow`.
  public var keyWindow: Window? { Window.active }

  /// The windows UIKit code can see: the running scene's.
  public var windows: [Window] { Window.active.map { [$0] } ?? [] }

  /// Always ``State/active``: a scene's code runs while the scene is open.
  public var applicationState: State { .active }

  /// Kept for screens that set it; a kiosk's display sleep is the client's concern.
  public var isIdleTimerDisabled = false

  /// Kept for screens that set it; compd shows no app icon.
  public var applicationIconBadgeNumber = 0

  /// Sends an action that takes no argument and returns a result (such as
  /// `Responder.resignFirstResponder`, the `#selector(UIResponder.resignFirstResponder)` that
  /// `screenkit-port` rewrites) to `target`, or, with no target, to the first object up the
  /// responder chain from the key window's first responder that is a `Target`, as
  /// `sendAction(_:to:from:for:)`. Returns whether an object received it.
  @discardableResult
  public func sendAction<Target: AnyObject, Result>(
    _ action: (Target) -> () -> Result, to target: AnyObject?, from sender: Any?,
    for event: Any?
  ) -> Bool {
    guard let receiver = receiver(of: Target.self, target: target) else { return false }
    _ = action(receiver)()
    return true
  }

  /// Sends an action that takes the sender to `target` or up the responder chain (see
  /// ``sendAction(_:to:from:for:)``); the sender must be of the method's parameter type.
  @discardableResult
  public func sendAction<Target: AnyObject, Sender, Result>(
    _ action: (Target) -> (Sender) -> Result, to target: AnyObject?, from sender: Any?,
    for event: Any?
  ) -> Bool {
    guard let receiver = receiver(of: Target.self, target: target),
      let argument = sender as? Sender
    else { return false }
    _ = action(receiver)(argument)
    return true
  }

  /// Whether an app can open `url`: none can (see the type's description).
  public func canOpenURL(_ url: URL) -> Bool { false }

  /// Asks for `url` to be opened; `completionHandler` hears `false` (see the type's
  /// description).
  public func open(
    _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
    completionHandler: (@MainActor (Bool) -> Void)? = nil
  ) {
    completionHandler?(false)
  }

  /// `target` when it is a `Target`; with no target, the first `Target` up the responder
  /// chain from the key window's first responder.
  private func receiver<Target: AnyObject>(of type: Target.Type, target: AnyObject?) -> Target? {
    if let target { return target as? Target }
    var current: Responder? = Window.active?.firstResponder
    var steps = 0
    while let responder = current, steps < 10_000 {
      if let receiver = responder as? Target { return receiver }
      current = responder.next
      steps += 1
    }
    return nil
  }
}
