/// A view that shows an image, as `UIImageView`.
///
/// ScreenKit does not decode images: an image is a name a client resolves plus its size
/// in points, which is the view's intrinsic content size.
@MainActor
open class ImageView: View {
  /// The image: a name a client resolves and its size in points.
  public struct Image: Sendable, Hashable {
    /// The name (an asset or SF Symbol name) a client resolves.
    public var name: String
    /// The size in points.
    public var size: Size
    /// An image with a name and a size.
    public init(name: String, size: Size) {
      self.name = name
      self.size = size
    }
  }

  /// The image shown, if any.
  open var image: Image? {
    didSet { if image != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// The name of the image shown.
  public var imageName: String? { image?.name }

  /// An image view showing `image`, sized to it, as `UIImageView(image:)`.
  public init(image: Image?) {
    self.image = image
    super.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
    isUserInteractionEnabled = false
  }

  /// The image's size; no intrinsic size without an image.
  open override var intrinsicContentSize: Size {
    image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
  }

  /// An image view with the given frame and no image.
  public override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }
}
