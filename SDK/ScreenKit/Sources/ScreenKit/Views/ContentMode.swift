extension View {
  /// How a view's content is placed in its bounds when their sizes differ, as
  /// `UIView.ContentMode`.
  public enum ContentMode: Int, Sendable, Hashable, CaseIterable {
    /// Stretched to the bounds, both ways (the default).
    case scaleToFill
    /// Scaled to fit inside the bounds keeping its aspect, centred.
    case scaleAspectFit
    /// Scaled to cover the bounds keeping its aspect, centred; the overflow is clipped
    /// when the view clips to its bounds.
    case scaleAspectFill
    /// Redrawn at the new size: for an image, as `scaleToFill`.
    case redraw
    /// At its own size, centred.
    case center
    /// At its own size, centred at the top.
    case top
    /// At its own size, centred at the bottom.
    case bottom
    /// At its own size, centred at the left.
    case left
    /// At its own size, centred at the right.
    case right
    /// At its own size, in the top-left corner.
    case topLeft
    /// At its own size, in the top-right corner.
    case topRight
    /// At its own size, in the bottom-left corner.
    case bottomLeft
    /// At its own size, in the bottom-right corner.
    case bottomRight

    /// The name sent on the wire: UIKit's case name.
    public var name: String {
      switch self {
      case .scaleToFill: "scaleToFill"
      case .scaleAspectFit: "scaleAspectFit"
      case .scaleAspectFill: "scaleAspectFill"
      case .redraw: "redraw"
      case .center: "center"
      case .top: "top"
      case .bottom: "bottom"
      case .left: "left"
      case .right: "right"
      case .topLeft: "topLeft"
      case .topRight: "topRight"
      case .bottomLeft: "bottomLeft"
      case .bottomRight: "bottomRight"
      }
    }

    /// The rectangle content of `size` takes in `bounds` in this mode (it may reach past
    /// `bounds`: aspect fill, or a content larger than the bounds).
    public func frame(forContentOfSize size: Size, in bounds: Rect) -> Rect {
      guard size.width > 0, size.height > 0 else { return bounds }
      switch self {
      case .scaleToFill, .redraw:
        return bounds
      case .scaleAspectFit, .scaleAspectFill:
        let ratios = (bounds.width / size.width, bounds.height / size.height)
        let factor = self == .scaleAspectFit ? min(ratios.0, ratios.1) : max(ratios.0, ratios.1)
        let width = size.width * factor
        let height = size.height * factor
        return Rect(
          x: bounds.minX + (bounds.width - width) / 2,
          y: bounds.minY + (bounds.height - height) / 2,
          width: width, height: height)
      default:
        let middleX = bounds.minX + (bounds.width - size.width) / 2
        let middleY = bounds.minY + (bounds.height - size.height) / 2
        let rightX = bounds.minX + bounds.width - size.width
        let bottomY = bounds.minY + bounds.height - size.height
        let origin: Point =
          switch self {
          case .top: Point(x: middleX, y: bounds.minY)
          case .bottom: Point(x: middleX, y: bottomY)
          case .left: Point(x: bounds.minX, y: middleY)
          case .right: Point(x: rightX, y: middleY)
          case .topLeft: Point(x: bounds.minX, y: bounds.minY)
          case .topRight: Point(x: rightX, y: bounds.minY)
          case .bottomLeft: Point(x: bounds.minX, y: bottomY)
          case .bottomRight: Point(x: rightX, y: bottomY)
          default: Point(x: middleX, y: middleY)
          }
        return Rect(origin: origin, size: size)
      }
    }

    /// The mode named `name` (`name`'s inverse).
    public init?(name: String) {
      guard let mode = Self.allCases.first(where: { $0.name == name }) else { return nil }
      self = mode
    }
  }
}
