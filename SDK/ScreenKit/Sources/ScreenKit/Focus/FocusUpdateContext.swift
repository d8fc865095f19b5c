/// What one focus update does, as `UIFocusUpdateContext`: the item losing focus, the item
/// gaining it and the heading that moved it.
@MainActor
public final class FocusUpdateContext {
  /// The item focused before the update, if any.
  public var previouslyFocusedItem: FocusItem? { previousView }
  /// The item focused after the update, if any.
  public var nextFocusedItem: FocusItem? { nextView }
  /// The previously focused view, if any.
  public var previouslyFocusedView: View? { previousView }
  /// The next focused view, if any.
  public var nextFocusedView: View? { nextView }
  /// The direction focus moves in (`[]` when no key moved it).
  public let focusHeading: FocusHeading

  private weak var previousView: View?
  private weak var nextView: View?

  init(previous: View?, next: View?, heading: FocusHeading) {
    previousView = previous
    nextView = next
    focusHeading = heading
  }
}
