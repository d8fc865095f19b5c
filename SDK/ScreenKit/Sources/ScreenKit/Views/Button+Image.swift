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

  /// Where the image and the title are drawn in the bounds, as UIKit's classic button
  /// places them (`imageRect(forContentRect:)`, `titleRect(forContentRect:)`): the image
  /// and the one-line title side by side with no gap, the pair centred in the bounds less
  /// `contentEdgeInsets`, each centred vertically. Zero-sized parts for what is absent.
  public var contentFrames: (image: Rect, title: Rect) {
    let content = Rect(
      x: contentEdgeInsets.left, y: contentEdgeInsets.top,
      width: max(0, bounds.width - contentEdgeInsets.left - contentEdgeInsets.right),
      height: max(0, bounds.height - contentEdgeInsets.top - contentEdgeInsets.bottom))
    let image = currentImage?.size ?? .zero
    let title = currentTitle ?? ""
    var text =
      title.isEmpty
      ? Size.zero : TextLayout(text: title, font: titleLabel.font, numberOfLines: 1).size
    text.width = min(text.width, max(0, content.width - image.width))
    let left = content.minX + max(0, (content.width - image.width - text.width) / 2)
    let imageFrame = Rect(
      x: left, y: content.minY + (content.height - image.height) / 2, width: image.width,
      height: image.height)
    let titleFrame = Rect(
      x: left + image.width, y: content.minY + (content.height - text.height) / 2,
      width: text.width, height: text.height)
    return (imageFrame, titleFrame)
  }
}
