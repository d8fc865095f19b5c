/// The standard content of a list row, shared by `TableViewCell` and `CollectionViewCell`:
/// the text, secondary text and image views in a content view, filled from a
/// `ListContentConfiguration` or set directly, and laid out as iOS draws a list row at the
/// default text size (`ListMetrics`).
@MainActor
final class ListCellContent {
  /// The view the standard subviews are added to.
  unowned let contentView: View
  /// The table cell style whose fonts, colours and arrangement the subviews take.
  let style: TableViewCell.CellStyle
  /// The primary label, once made.
  private(set) var textLabel: Label?
  /// The secondary label, once made.
  private(set) var detailLabel: Label?
  /// The image view, once made.
  private(set) var imageView: ImageView?
  /// The layout a content configuration asked for; nil follows `style`.
  private var configurationLayout: ListContentConfiguration.Layout?

  init(contentView: View, style: TableViewCell.CellStyle) {
    self.contentView = contentView
    self.style = style
  }

  /// The primary label, made on first use in the style's font and colour.
  func makeTextLabel() -> Label {
    if let textLabel { return textLabel }
    let label = Label()
    label.font = style == .value2 ? ListMetrics.value2TitleFont : ListMetrics.textFont
    label.adjustsFontForContentSizeCategory = true  // as UIKit's cell labels
    label.textColor = style == .value2 ? .systemBlue : .label
    if style == .value2 { label.textAlignment = .right }
    contentView.addSubview(label)
    textLabel = label
    return label
  }

  /// The secondary label, made on first use; `nil` for `.default` cells, as UIKit's.
  func makeDetailLabel() -> Label? {
    guard style != .default else { return nil }
    if let detailLabel { return detailLabel }
    let label = Label()
    label.adjustsFontForContentSizeCategory = true
    switch style {
    case .subtitle:
      label.font = ListMetrics.secondaryFont
      label.textColor = .secondaryLabel
    case .value1:
      label.font = ListMetrics.textFont
      label.textColor = .secondaryLabel
      label.textAlignment = .right
    case .value2:
      label.font = ListMetrics.value2TitleFont
      label.textColor = .label
    case .default: break
    }
    contentView.addSubview(label)
    detailLabel = label
    return label
  }

  /// The image view, made on first use.
  func makeImageView() -> ImageView {
    if let imageView { return imageView }
    let view = ImageView(image: nil)
    contentView.addSubview(view)
    imageView = view
    return view
  }

  /// The configuration with this style's defaults.
  var defaultConfiguration: ListContentConfiguration {
    ListContentConfiguration(layout: defaultLayout)
  }

  private var defaultLayout: ListContentConfiguration.Layout {
    switch style {
    case .default: .cell
    case .subtitle: .subtitle
    case .value1: .value
    case .value2: .sidebar
    }
  }

  /// Fills the standard subviews from `configuration`.
  func apply(_ configuration: ListContentConfiguration) {
    let label = makeTextLabel()
    label.text = configuration.text
    if let font = configuration.textProperties.font { label.font = font }
    if let color = configuration.textProperties.color { label.textColor = color }
    label.numberOfLines = configuration.textProperties.numberOfLines
    if let secondary = configuration.secondaryText {
      let detail = detailLabel ?? detailOrExtraLabel(for: configuration)
      detail.text = secondary
      if let font = configuration.secondaryTextProperties.font { detail.font = font }
      if let color = configuration.secondaryTextProperties.color { detail.textColor = color }
    } else {
      detailLabel?.text = nil
    }
    if let image = configuration.image {
      makeImageView().image = image
    } else {
      imageView?.image = nil
    }
    configurationLayout = configuration.layout
  }

  /// A configuration's secondary text on a `.default` cell lays out as its own style says.
  private func detailOrExtraLabel(for configuration: ListContentConfiguration) -> Label {
    let label = Label()
    label.font = ListMetrics.secondaryFont
    label.adjustsFontForContentSizeCategory = true
    label.textColor = .secondaryLabel
    if configuration.layout == .value { label.textAlignment = .right }
    contentView.addSubview(label)
    detailLabel = label
    return label
  }

  private var layoutStyle: ListContentConfiguration.Layout { configurationLayout ?? defaultLayout }

  /// Whether the content view holds views other than the standard ones: then the content
  /// view's constraints size the row.
  var hasCustomContent: Bool {
    contentView.subviews.contains { view in
      view !== textLabel && view !== detailLabel && view !== imageView
    }
  }

  /// The height a row needs with a content view `width` wide: the standard layout's, or the
  /// content view's constraints' when it holds custom views.
  func fittingHeight(width: Double, sideMargin: Double, trailingMargin: Double) -> Double {
    if hasCustomContent {
      // A fitting solve does not iterate on the widths wrapping labels get; laid out once
      // at the row's width, they know it, and the fitting height is the wrapped one (as
      // UIKit's self-sizing cells wrap their labels at the row's width).
      let frame = contentView.frame
      if frame.width != width {
        contentView.frame = Rect(
          x: frame.minX, y: frame.minY, width: width, height: max(frame.height, 1))
      }
      LayoutEngine(laying: contentView).layout(root: contentView)
      return contentView.systemLayoutSizeFitting(
        Size(width: width, height: 0), withHorizontalFittingPriority: .required,
        verticalFittingPriority: .fittingSizeLevel
      ).height
    }
    return frames(width: width, sideMargin: sideMargin, trailingMargin: trailingMargin).height
  }

  /// Places the standard subviews in the content view as it is now.
  func place(sideMargin: Double, trailingMargin: Double) {
    // A cell that waited in the reuse pool while the content size category changed
    // catches up here (its labels adjust their fonts, as UIKit's).
    textLabel?.adjustFontToWindow()
    detailLabel?.adjustFontToWindow()
    let frames = frames(
      width: contentView.frame.width, sideMargin: sideMargin, trailingMargin: trailingMargin)
    imageView?.frame = frames.image
    textLabel?.frame = frames.text
    detailLabel?.frame = frames.detail
    contentView.mirrorPlacedSubviews([imageView, textLabel, detailLabel])
  }

  /// The leading inset of the separator under the row: the text's leading edge.
  func separatorLeading(sideMargin: Double) -> Double {
    var left = sideMargin
    if let imageSize = imageView?.image?.size {
      left += imageSize.width + ListMetrics.imageToTextGap
    }
    return left
  }

  /// The frames of the standard subviews in a content view `width` wide, and the row height
  /// they need; `trailingMargin` is the space kept at the trailing edge (none when an
  /// accessory takes it).
  private func frames(width: Double, sideMargin margin: Double, trailingMargin: Double) -> (
    image: Rect, text: Rect, detail: Rect, height: Double
  ) {
    var leading = margin
    var image = Rect.zero
    if let imageSize = imageView?.image?.size {
      image = Rect(x: margin, y: 0, width: imageSize.width, height: imageSize.height)
      leading = margin + imageSize.width + ListMetrics.imageToTextGap
    }
    let available = max(0, width - leading - trailingMargin)
    let textSize = fittingSize(of: textLabel, width: available)
    let detailSize = fittingSize(of: detailLabel, width: available)
    let vertical = ListMetrics.verticalPadding
    var text = Rect.zero
    var detail = Rect.zero
    var height: Double
    switch layoutStyle {
    case .cell:
      height = max(ListMetrics.minimumRowHeight, textSize.height + 2 * vertical, image.height)
      text = Rect(
        x: leading, y: ((height - textSize.height) / 2).roundedToPixel, width: available,
        height: textSize.height)
    case .subtitle:
      let gap = detailSize.height > 0 ? ListMetrics.textToSecondaryTextGap : 0
      let block = textSize.height + gap + detailSize.height
      height = max(ListMetrics.minimumRowHeight, block + 2 * vertical, image.height)
      let top = ((height - block) / 2).roundedToPixel
      text = Rect(x: leading, y: top, width: available, height: textSize.height)
      detail = Rect(
        x: leading, y: top + textSize.height + gap, width: available, height: detailSize.height)
    case .value:
      height = max(
        ListMetrics.minimumRowHeight, max(textSize.height, detailSize.height) + 2 * vertical,
        image.height)
      let detailWidth = min(detailSize.width, available)
      detail = Rect(
        x: leading + available - detailWidth, y: ((height - detailSize.height) / 2).roundedToPixel,
        width: detailWidth, height: detailSize.height)
      text = Rect(
        x: leading, y: ((height - textSize.height) / 2).roundedToPixel,
        width: max(0, available - detailWidth - ListMetrics.valueGap), height: textSize.height)
    case .sidebar:
      height = max(
        ListMetrics.minimumRowHeight, max(textSize.height, detailSize.height) + 2 * vertical)
      let column = (available * 0.3).rounded()
      text = Rect(
        x: leading, y: ((height - textSize.height) / 2).roundedToPixel, width: column,
        height: textSize.height)
      detail = Rect(
        x: leading + column + ListMetrics.valueGap,
        y: ((height - detailSize.height) / 2).roundedToPixel,
        width: max(0, available - column - ListMetrics.valueGap), height: detailSize.height)
    }
    if image != .zero {
      image.origin.y = ((height - image.height) / 2).roundedToPixel
    }
    return (image, text, detail, height)
  }

  private func fittingSize(of label: Label?, width: Double) -> Size {
    guard let label, label.text?.isEmpty == false else { return .zero }
    return label.sizeThatFits(Size(width: width, height: 0))
  }
}
