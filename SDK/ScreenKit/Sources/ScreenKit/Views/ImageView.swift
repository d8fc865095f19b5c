/// A view that shows an image, as `UIImageView`.
///
/// Its intrinsic content size is the shown image's `size` in points (no intrinsic size
/// without an image); `contentMode` (default `scaleToFill`) places the image in the bounds,
/// and a template image is drawn in `tintColor`. While `isHighlighted`, `highlightedImage`
/// is shown when there is one.
@MainActor
open class ImageView: View {
  /// The image type, as `UIImage` (kept for code that names it through the view).
  public typealias Image = ScreenKit.Image

  /// The image shown when not highlighted.
  open var image: Image? {
    didSet { if image != oldValue { imageChanged() } }
  }
  /// The image shown while highlighted; nil shows `image` then too.
  open var highlightedImage: Image? {
    didSet { if highlightedImage != oldValue, isHighlighted { imageChanged() } }
  }
  /// Whether the highlighted image is shown.
  open var isHighlighted = false {
    didSet { if isHighlighted != oldValue, highlightedImage != nil { imageChanged() } }
  }
  /// The name of the image shown, if it has one.
  public var imageName: String? { currentImage?.name }

  /// The image shown now: the highlighted one while highlighted, if any.
  public var currentImage: Image? { isHighlighted ? (highlightedImage ?? image) : image }

  /// An image view showing `image`, sized to it, as `UIImageView(image:)`.
  public init(image: Image?) {
    self.image = image
    super.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
    isUserInteractionEnabled = false
  }

  /// An image view showing `image`, sized to it, with a highlighted image, as
  /// `UIImageView(image:highlightedImage:)`.
  public init(image: Image?, highlightedImage: Image?) {
    self.image = image
    self.highlightedImage = highlightedImage
    super.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
    isUserInteractionEnabled = false
  }

  /// An image view with the given frame and no image.
  public override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  /// The shown image's size; no intrinsic size without an image.
  open override var intrinsicContentSize: Size {
    currentImage?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
  }

  /// Where the image is drawn in the view's bounds, by `contentMode`; nil without one.
  public var imageFrame: Rect? {
    guard let shown = currentImage else { return nil }
    return contentMode.frame(
      forContentOfSize: shown.size, in: Rect(origin: .zero, size: bounds.size))
  }

  private func imageChanged() {
    invalidateIntrinsicContentSize()
    setNeedsDisplay()
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// `image`. An image view is not an element by default (UIKit's): give it a label and make it one when it means something.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? .image }
    set { super.accessibilityTraits = newValue }
  }
}
