/// The root of a view hierarchy that a scene shows, as `UIWindow`.
@MainActor
open class Window: View {
  override var layoutAlgorithm: LayoutAlgorithm { .window }

  // root controller, traits, host safe area; see Window+Controllers.swift
  let controllerState = WindowControllerState()

  /// A hidden window with the given frame; `makeKeyAndVisible()` shows it, as UIKit.
  public override init(frame: Rect) {  // windows start hidden, as UIWindow
    super.init(frame: frame)
    isHidden = true
  }

  /// Whether the window is hidden; showing or hiding it makes its controllers appear or
  /// disappear.
  public override var isHidden: Bool {  // appearance on show/hide
    willSet {
      guard newValue != isHidden, controllerState.rootViewController != nil else { return }
      pendingVisibilityTransaction = AppearanceTransaction(
        subtree: self, appearing: !newValue, window: self)
    }
    didSet {
      let transaction = pendingVisibilityTransaction
      pendingVisibilityTransaction = nil
      transaction?.finish()
    }
  }
  private var pendingVisibilityTransaction: AppearanceTransaction?
  open override var window: Window? { self }
  // Accessibility notifications posted for this window's scene, until the host takes them.
  var postedAccessibilityNotifications: [Accessibility.PostedNotification] = []
}
