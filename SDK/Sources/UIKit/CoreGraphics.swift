// The CoreGraphics names, as ScreenKit's geometry.
//
// ScreenKit measures in `Double` (its `Point`, `Size`, `Rect` and `EdgeInsets` hold Doubles).
// Foundation on Linux declares its own `CGFloat` (a struct wrapping a Double) and
// `CGPoint`/`CGSize`/`CGRect` made of it, which ScreenKit's APIs do not take. So this module
// declares the names again as aliases of ScreenKit's types:
//
// * A declaration in a module shadows one of the same name in a module it imports, for code
//   that sees both only through it: a file that says `import UIKit` (which imports and
//   re-exports Foundation) sees these aliases, not Foundation's types, and `CGFloat`, `CGRect`,
//   literals and ScreenKit's APIs mix with no conversion and no ambiguity.
// * A file that *also* says `import Foundation` sees Foundation's declarations directly too,
//   and the names become ambiguous; on iOS that import is redundant (UIKit re-exports
//   Foundation there as well), so `screenkit-port` removes it (and `import CoreGraphics`,
//   which Linux lacks) from files that import UIKit.
// * A file that imports only Foundation (a model type, say) gets Foundation's `CGFloat`; the
//   compiler converts it to and from `Double` implicitly (SE-0307, which Swift applies to
//   Foundation's `CGFloat` on Linux too), so its values pass into ScreenKit's APIs unchanged.

/// A floating-point length, as CoreGraphics' `CGFloat`: ScreenKit's `Double`.
public typealias CGFloat = Double
/// A point, as `CGPoint`.
public typealias CGPoint = Point
/// A size, as `CGSize`.
public typealias CGSize = Size
/// A rectangle, as `CGRect`.
public typealias CGRect = Rect
/// A vector, as `CGVector`.
public struct CGVector: Sendable, Hashable {
  /// The horizontal component.
  public var dx: Double
  /// The vertical component.
  public var dy: Double
  /// The zero vector.
  public static let zero = CGVector(dx: 0, dy: 0)
  /// A vector with the given components.
  public init(dx: Double, dy: Double) {
    self.dx = dx
    self.dy = dy
  }
}

extension Point {
  /// A point at integer coordinates, as `CGPoint(x:y:)` taking `Int`.
  public init(x: Int, y: Int) { self.init(x: Double(x), y: Double(y)) }
}

extension Size {
  /// A size of integer dimensions, as `CGSize(width:height:)` taking `Int`.
  public init(width: Int, height: Int) { self.init(width: Double(width), height: Double(height)) }
}

extension Rect {
  /// A rectangle of integer coordinates, as `CGRect(x:y:width:height:)` taking `Int`.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
  }

  /// Whether the rectangle has no area, as `CGRect.isEmpty`.
  public var isEmpty: Bool { size.width == 0 || size.height == 0 }

  /// The rectangle moved by `dx` and `dy`, as `CGRect.offsetBy(dx:dy:)`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }

  /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (grown
  /// for negative values), as `CGRect.insetBy(dx:dy:)`; a width or height that would become
  /// negative gives the null rectangle, which ScreenKit has not, so an empty one at the centre.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let width = self.width - 2 * dx
    let height = self.height - 2 * dy
    guard width >= 0, height >= 0 else { return Rect(x: midX, y: midY, width: 0, height: 0) }
    return Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }

  /// The rectangle less `insets`, as `CGRect.inset(by:)` (`UIEdgeInsetsInsetRect`).
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: max(0, width - insets.left - insets.right),
      height: max(0, height - insets.top - insets.bottom))
  }

  /// Whether `other` lies wholly inside, as `CGRect.contains(_:)` for a rectangle.
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// Whether the two rectangles overlap, as `CGRect.intersects(_:)`.
  public func intersects(_ other: Rect) -> Bool {
    other.minX < maxX && minX < other.maxX && other.minY < maxY && minY < other.maxY
  }

  /// The overlap of the two rectangles (empty at the origin when they do not overlap), as
  /// `CGRect.intersection(_:)`.
  public func intersection(_ other: Rect) -> Rect {
    guard intersects(other) else { return .zero }
    let x = max(minX, other.minX)
    let y = max(minY, other.minY)
    return Rect(x: x, y: y, width: min(maxX, other.maxX) - x, height: min(maxY, other.maxY) - y)
  }

  /// The smallest rectangle holding both, as `CGRect.union(_:)`.
  public func union(_ other: Rect) -> Rect {
    let x = min(minX, other.minX)
    let y = min(minY, other.minY)
    return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
  }

  /// The smallest rectangle with integer coordinates that holds this one, as `CGRect.integral`.
  public var integral: Rect {
    let x = minX.rounded(.down)
    let y = minY.rounded(.down)
    return Rect(x: x, y: y, width: maxX.rounded(.up) - x, height: maxY.rounded(.up) - y)
  }
}

extension EdgeInsets {
  /// Insets of integer values, as `UIEdgeInsets(top:left:bottom:right:)` taking `Int`.
  public init(top: Int, left: Int, bottom: Int, right: Int) {
    self.init(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right))
  }
}
