/// An invisible focusable region that redirects focus, as `UIFocusGuide`: a
/// ``LayoutGuide`` (add it with `View.addLayoutGuide(_:)` and place it with constraints)
/// that the arrow keys' geometric search finds as it finds views; when the search lands
/// on it, focus goes to the first focusable item of its ``preferredFocusEnvironments``
/// instead. A guide with no preferred environments, or whose preferred item is the one
/// already focused, is passed over; Tab never stops on guides.
@MainActor
public final class FocusGuide: LayoutGuide, FocusEnvironment {
  /// Whether the focus engine considers the guide (default `true`, as UIKit's).
  public var isEnabled = true
  /// Where focus goes when the search lands on the guide, by priority; empty disables the
  /// guide.
  public var preferredFocusEnvironments: [FocusEnvironment] {
    get { preferred.compactMap(\.environment) }
    set { preferred = newValue.map(WeakEnvironment.init) }
  }
  private var preferred: [WeakEnvironment] = []

  /// A guide; add it to a view and give it preferred environments.
  public override init() {
    super.init()
    identifier = "FocusGuide"
  }

  /// The guide's owning view.
  public var parentFocusEnvironment: FocusEnvironment? { owningView }
  /// Asks the owning view for a focus update.
  public func setNeedsFocusUpdate() { owningView?.setNeedsFocusUpdate() }
  /// Runs a requested focus update now.
  public func updateFocusIfNeeded() { owningView?.updateFocusIfNeeded() }
  /// A guide never refuses.
  public func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool { true }
  /// A guide is not told.
  public func didUpdateFocus(
    in context: FocusUpdateContext, with coordinator: FocusAnimationCoordinator
  ) {}
}

/// A preferred environment held weakly, as UIKit's guide holds its preferred views.
@MainActor
struct WeakEnvironment {
  weak var environment: FocusEnvironment?
  init(_ environment: FocusEnvironment) { self.environment = environment }
}
