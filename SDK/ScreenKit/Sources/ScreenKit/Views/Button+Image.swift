extension Button {
  /// Sets the image shown in `state`, as `setImage(_:for:)`; it sits left of the title.
  public func setImage(_ image: Image?, for state: Control.State) {
    images[state.rawValue] = image
    invalidateIntrinsicContentSize()
    setNeedsDisplay()
  }

  /// The image for `state`, falling back to the normal state's, as UIKit.
  public func image(for state: Control.State) -> Image? {
    images[state.rawValue] ?? images[Control.State.normal.rawValue]
  }

  /// The image shown now, for the current state.
  public var currentImage: Image? { image(for: state) }

  /// Where the image and the title are drawn in the bounds: `imageRect(forContentRect:)`
  /// and `titleRect(forContentRect:)` of `contentRect(forBounds:)`, as UIKit draws a
  /// classic button. Zero-sized parts for what is absent.
  public var contentFrames: (image: Rect, title: Rect) {
    let content = contentRect(forBounds: bounds)
    return (imageRect(forContentRect: content), titleRect(forContentRect: content))
  }

  /// The classic layout of the image and the one-line title in `content`: side by side with
  /// no gap, each centred vertically, the pair across the width as
  /// ``Control/effectiveContentHorizontalAlignment`` says (centred by default).
  func sideBySideFrames(in content: Rect) -> (image: Rect, title: Rect) {
    let image = currentImage?.size ?? .zero
    let title = currentTitle ?? ""
    var text =
      title.isEmpty
      ? Size.zero : TextLayout(text: title, font: titleLabel.font, numberOfLines: 1).size
    let room = max(0, content.width - image.width)
    text.width = min(text.width, room)
    // Across the width as the effective content alignment says (`.fill` gives the title
    // all the room the image leaves).
    let left: Double
    switch effectiveContentHorizontalAlignment {
    case .left: left = content.minX
    case .right: left = content.maxX - image.width - text.width
    case .fill:
      left = content.minX
      if !title.isEmpty { text.width = room }
    default: left = content.minX + max(0, (room - text.width) / 2)
    }
    let imageFrame = Rect(
      x: left, y: content.minY + (content.height - image.height) / 2, width: image.width,
      height: image.height)
    let titleFrame = Rect(
      x: left + image.width, y: content.minY + (content.height - text.height) / 2,
      width: text.width, height: text.height)
    return (imageFrame, titleFrame)
  }
}
