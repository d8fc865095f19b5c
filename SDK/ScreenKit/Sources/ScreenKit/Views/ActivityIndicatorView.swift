/// A view that shows that a task is in progress, as `UIActivityIndicatorView`.
@MainActor
open class ActivityIndicatorView: View {
  /// The size class of the indicator, as `UIActivityIndicatorView.Style`.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// The medium indicator, 20 × 20 points.
    case medium
    /// The large indicator, 37 × 37 points.
    case large

    /// The fixed size of an indicator of this style.
    public var size: Size {
      switch self {
      case .medium: Size(width: 20, height: 20)
      case .large: Size(width: 37, height: 37)
      }
    }
  }

  /// The style; changing it changes the intrinsic size.
  open var style: Style {
    didSet { if style != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// Whether the indicator is animating.
  public private(set) var isAnimating = false { didSet { setNeedsDisplay() } }
  /// Whether the indicator hides itself when stopped (true by default, as UIKit).
  open var hidesWhenStopped = true {
    didSet { if hidesWhenStopped && !isAnimating { isHidden = true } }
  }
  /// The colour of the indicator.
  open var color: Color = .gray { didSet { setNeedsDisplay() } }

  /// An indicator of the given style, hidden until it starts animating.
  public init(style: Style = .medium) {
    self.style = style
    super.init(frame: Rect(origin: .zero, size: style.size))
    isHidden = true
  }

  /// A medium indicator with the given frame.
  public override init(frame: Rect) {
    style = .medium
    super.init(frame: frame)
    isHidden = true
  }

  /// The style's fixed size.
  open override var intrinsicContentSize: Size { style.size }

  /// The style's fixed size whatever is offered.
  open override func sizeThatFits(_ size: Size) -> Size { style.size }

  /// Starts the animation and shows the indicator.
  open func startAnimating() {
    isAnimating = true
    isHidden = false
  }

  /// Stops the animation, hiding the indicator when `hidesWhenStopped` is set.
  open func stopAnimating() {
    isAnimating = false
    if hidesWhenStopped { isHidden = true }
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// An activity indicator is an element, as UIKit's.
  open override var isAccessibilityElement: Bool {
    get { accessibilityStorage?.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }
  /// "In progress" while animating, "Progress halted" when stopped, as UIKit's.
  open override var accessibilityLabel: String? {
    get { accessibilityStorage?.label ?? (isAnimating ? "In progress" : "Progress halted") }
    set { super.accessibilityLabel = newValue }
  }
  /// `updatesFrequently`, as UIKit's.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? .updatesFrequently }
    set { super.accessibilityTraits = newValue }
  }
}
