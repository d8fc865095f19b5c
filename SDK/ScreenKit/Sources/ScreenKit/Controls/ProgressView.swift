/// A bar that shows how far a task has come, as `UIProgressView`.
///
/// `progress` runs from 0 to 1 (0 by default; UIKit pins values outside that range). The
/// `default` style is UIKit's rounded 4-point bar (iOS 13 and later draw it 4 points
/// high), the `bar` style its 2.5-point toolbar line; the width is whatever the view is
/// given. A progress view takes no input: only code moves it.
@MainActor
open class ProgressView: View {
  /// UIKit's two looks, as `UIProgressView.Style`.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// The standard rounded bar.
    case `default`
    /// The thinner bar of a toolbar.
    case bar
  }

  /// How far the task has come, 0...1.
  open var progress: Float {
    get { storedProgress }
    set { setProgress(newValue, animated: false) }
  }
  private var storedProgress: Float = 0 {
    didSet { if storedProgress != oldValue { setNeedsDisplay() } }
  }

  /// The look (`default` unless set).
  open var progressViewStyle: Style = .default {
    didSet {
      setNeedsDisplay()
      invalidateIntrinsicContentSize()
    }
  }

  /// The colour of the filled part; `nil` draws it in the tint colour.
  open var progressTintColor: Color? { didSet { setNeedsDisplay() } }
  /// The colour of the unfilled track; `nil` draws UIKit's grey track.
  open var trackTintColor: Color? { didSet { setNeedsDisplay() } }

  /// A progress view of the default style with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// A progress view of `style`, at its height.
  public convenience init(progressViewStyle style: Style) {
    self.init(frame: .zero)
    progressViewStyle = style
    frame.size.height = intrinsicContentSize.height
  }

  /// Sets `progress`, pinned to 0...1; ScreenKit does not animate.
  open func setProgress(_ progress: Float, animated: Bool) {
    guard !progress.isNaN else { return }
    storedProgress = min(max(progress, 0), 1)
  }

  /// No intrinsic width; the style's height.
  open override var intrinsicContentSize: Size {
    Size(width: View.noIntrinsicMetric, height: Self.height(of: progressViewStyle))
  }

  /// The offered width at the style's height.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: size.width, height: Self.height(of: progressViewStyle))
  }

  /// UIKit's bar heights: 4 points for `default`, 2.5 for `bar` (iOS 13 and later).
  nonisolated public static func height(of style: Style) -> Double {
    style == .bar ? 2.5 : 4
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// A progress view is an element, as UIKit's.
  open override var isAccessibilityElement: Bool {
    get { accessibilityStorage?.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }
  /// The progress as a whole percentage ("40%"), as UIKit reads it.
  open override var accessibilityValue: String? {
    get { accessibilityStorage?.value ?? "\(Int((Double(progress) * 100).rounded()))%" }
    set { super.accessibilityValue = newValue }
  }
  /// `updatesFrequently`, as UIKit's.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? .updatesFrequently }
    set { super.accessibilityTraits = newValue }
  }
}
