/// A point in a two-dimensional coordinate space, as `CGPoint`.
///
/// ScreenKit uses `Double` where UIKit uses `CGFloat`; literals port unchanged.
public struct Point: Sendable, Hashable, CustomStringConvertible {
  /// The x coordinate.
  public var x: Double
  /// The y coordinate.
  public var y: Double
  /// The origin.
  public static let zero = Point(x: 0, y: 0)
  /// A point at the given coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
  public var description: String { "(\(x.compactDescription), \(y.compactDescription))" }

  /// The straight-line distance to `other`, in points.
  public func distance(to other: Point) -> Double {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }

  /// The mean of `points` (their centroid); `nil` when there are none.
  public static func centroid(of points: some Collection<Point>) -> Point? {
    guard !points.isEmpty else { return nil }
    let count = Double(points.count)
    return Point(
      x: points.reduce(0) { $0 + $1.x } / count, y: points.reduce(0) { $0 + $1.y } / count)
  }
}

/// A width and a height, as `CGSize`.
public struct Size: Sendable, Hashable, CustomStringConvertible {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double
  /// A size of zero by zero.
  public static let zero = Size(width: 0, height: 0)
  /// A size with the given dimensions.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
  public var description: String { "(\(width.compactDescription), \(height.compactDescription))" }
}

/// A rectangle, as `CGRect`: an origin and a size.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The dimensions.
  public var size: Size
  /// The empty rectangle at the origin.
  public static let zero = Rect(origin: .zero, size: .zero)
  /// A rectangle with the given origin and size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }
  /// A rectangle with the given coordinates and dimensions.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }
  /// The smallest x coordinate.
  public var minX: Double { origin.x }
  /// The smallest y coordinate.
  public var minY: Double { origin.y }
  /// The largest x coordinate.
  public var maxX: Double { origin.x + size.width }
  /// The largest y coordinate.
  public var maxY: Double { origin.y + size.height }
  /// The x coordinate of the centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The y coordinate of the centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }
  /// Whether `point` lies inside (the maximum edges excluded, as `CGRect.contains`).
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
  public var description: String {
    "(\(origin.x.compactDescription), \(origin.y.compactDescription), \(size.width.compactDescription), \(size.height.compactDescription))"
  }
}

/// Insets for each edge, as `UIEdgeInsets`.
public struct EdgeInsets: Sendable, Hashable, CustomStringConvertible {
  /// The top inset.
  public var top: Double
  /// The left inset.
  public var left: Double
  /// The bottom inset.
  public var bottom: Double
  /// The right inset.
  public var right: Double
  /// No insets.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
  /// Insets with the given values.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
  public var description: String { "(\(top), \(left), \(bottom), \(right))" }
}

extension Double {
  /// `10` for 10.0, `10.5` for 10.5: how frames read in logs and test failures.
  var compactDescription: String {
    rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
  }
}
