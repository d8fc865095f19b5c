/// An element assistive technologies see that is not a view, as `UIAccessibilityElement`:
/// a part of a view drawn without subviews (a chart's bar, a segment), listed in its
/// container's ``View/accessibilityElements``.
///
/// Its frame is given in the container's coordinates (``accessibilityFrameInContainerSpace``)
/// and follows the container when it moves.
@MainActor
open class AccessibilityElement {
  /// The view that lists this element (held weakly, as UIKit's).
  public weak var accessibilityContainer: View?
  let storage = AccessibilityStorage()

  /// An element of `container`, as UIKit's `init(accessibilityContainer:)`.
  public init(accessibilityContainer container: View) {
    accessibilityContainer = container
  }

  /// Whether assistive technologies see it; `false` by default, as UIKit documents for
  /// `UIAccessibilityElement` (set it to `true`).
  open var isAccessibilityElement: Bool {
    get { storage.isElement ?? false }
    set { storage.isElement = newValue }
  }
  /// What it is called.
  open var accessibilityLabel: String? {
    get { storage.label }
    set { storage.label = newValue }
  }
  /// What activating it does.
  open var accessibilityHint: String? {
    get { storage.hint }
    set { storage.hint = newValue }
  }
  /// Its value as text.
  open var accessibilityValue: String? {
    get { storage.value }
    set { storage.value = newValue }
  }
  /// What it is (none by default).
  open var accessibilityTraits: AccessibilityTraits {
    get { storage.traits ?? [] }
    set { storage.traits = newValue }
  }
  /// The language its texts are spoken in.
  open var accessibilityLanguage: String? {
    get { storage.language }
    set { storage.language = newValue }
  }
  /// The actions offered besides activation.
  open var accessibilityCustomActions: [AccessibilityCustomAction]? {
    get { storage.customActions }
    set { storage.customActions = newValue }
  }
  /// Its frame in the container's coordinates (zero by default).
  open var accessibilityFrameInContainerSpace: Rect = .zero

  /// Its frame in window coordinates: ``accessibilityFrameInContainerSpace`` converted from
  /// the container (as set when it has no container).
  open var accessibilityFrame: Rect {
    guard let container = accessibilityContainer else { return accessibilityFrameInContainerSpace }
    return container.convert(accessibilityFrameInContainerSpace, to: nil)
  }
  /// Where activation taps, in window coordinates: the centre of its frame.
  open var accessibilityActivationPoint: Point {
    let frame = accessibilityFrame
    return Point(x: frame.midX, y: frame.midY)
  }

  /// Activates it; `false` by default, and the window then taps its container at its
  /// activation point.
  open func accessibilityActivate() -> Bool { false }
  /// Raises its value when it is adjustable.
  open func accessibilityIncrement() {}
  /// Lowers its value when it is adjustable.
  open func accessibilityDecrement() {}
}
