/// One dimension of a compositional layout's element, as `NSCollectionLayoutDimension`:
/// a fraction of its container's width or height, a fixed length, or an estimate that the
/// element's view replaces by its own length (self-sizing).
public struct CollectionLayoutDimension: Sendable, Hashable {
  enum Kind: Hashable {
    case fractionalWidth, fractionalHeight, absolute, estimated
  }

  let kind: Kind
  /// The fraction or the length.
  public let dimension: Double

  /// A fraction of the container's width.
  public static func fractionalWidth(_ fraction: Double) -> Self {
    Self(kind: .fractionalWidth, dimension: fraction)
  }
  /// A fraction of the container's height.
  public static func fractionalHeight(_ fraction: Double) -> Self {
    Self(kind: .fractionalHeight, dimension: fraction)
  }
  /// A fixed length in points.
  public static func absolute(_ length: Double) -> Self {
    Self(kind: .absolute, dimension: length)
  }
  /// A length assumed until the element's view measures itself.
  public static func estimated(_ length: Double) -> Self {
    Self(kind: .estimated, dimension: length)
  }

  /// Whether the element's view sizes itself along this dimension.
  public var isEstimated: Bool { kind == .estimated }

  /// The length in a container of `size`.
  func resolved(in size: Size) -> Double {
    switch kind {
    case .fractionalWidth: size.width * dimension
    case .fractionalHeight: size.height * dimension
    case .absolute, .estimated: dimension
    }
  }
}

/// The width and height of a compositional layout's element, as `NSCollectionLayoutSize`.
public struct CollectionLayoutSize: Sendable, Hashable {
  /// The width.
  public var widthDimension: CollectionLayoutDimension
  /// The height.
  public var heightDimension: CollectionLayoutDimension

  /// A size of the two dimensions.
  public init(
    widthDimension: CollectionLayoutDimension, heightDimension: CollectionLayoutDimension
  ) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }

  func resolved(in container: Size) -> Size {
    Size(
      width: widthDimension.resolved(in: container),
      height: heightDimension.resolved(in: container))
  }
}

/// The space between the items of a group, as `NSCollectionLayoutSpacing`.
public struct CollectionLayoutSpacing: Sendable, Hashable {
  /// The spacing in points.
  public let spacing: Double
  /// Whether it may grow to fill the group (the items spread out).
  public let isFlexibleSpacing: Bool

  /// Exactly `spacing` points.
  public static func fixed(_ spacing: Double) -> Self {
    Self(spacing: spacing, isFlexibleSpacing: false)
  }
  /// At least `spacing` points, more to fill the group.
  public static func flexible(_ spacing: Double) -> Self {
    Self(spacing: spacing, isFlexibleSpacing: true)
  }
}

/// An item of a compositional layout, as `NSCollectionLayoutItem`: the size of one cell in
/// its group, and insets that shrink the cell within that size.
@MainActor
public class CollectionLayoutItem {
  /// The item's size, fractions relative to its group.
  public let layoutSize: CollectionLayoutSize
  /// Insets of the cell within the item's size (not along an estimated dimension, as
  /// UIKit); zero by default.
  public var contentInsets = DirectionalEdgeInsets.zero

  /// An item of `layoutSize`.
  public init(layoutSize: CollectionLayoutSize) {
    self.layoutSize = layoutSize
  }
}

/// Items side by side or one under another, as `NSCollectionLayoutGroup`; a section repeats
/// its group until its items run out.
///
/// A group made with `subitems:` repeats them along its axis as long as they fit in it; with
/// `subitem:count:` it holds `count` of them, sized to share its length equally.
@MainActor
public final class CollectionLayoutGroup: CollectionLayoutItem {
  enum Axis { case horizontal, vertical }

  let axis: Axis
  /// The items of the group, repeated as they fit.
  public let subitems: [CollectionLayoutItem]
  let count: Int?
  /// The spacing between the group's items; none by default.
  public var interItemSpacing: CollectionLayoutSpacing?

  private init(
    layoutSize: CollectionLayoutSize, axis: Axis, subitems: [CollectionLayoutItem], count: Int?
  ) {
    self.axis = axis
    self.subitems = subitems
    self.count = count
    super.init(layoutSize: layoutSize)
  }

  /// Items side by side, repeated as long as they fit.
  public static func horizontal(
    layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]
  ) -> CollectionLayoutGroup {
    CollectionLayoutGroup(layoutSize: layoutSize, axis: .horizontal, subitems: subitems, count: nil)
  }

  /// `count` items side by side, sharing the group's width.
  public static func horizontal(
    layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int
  ) -> CollectionLayoutGroup {
    CollectionLayoutGroup(
      layoutSize: layoutSize, axis: .horizontal, subitems: [subitem], count: max(1, count))
  }

  /// Items one under another, repeated as long as they fit.
  public static func vertical(
    layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]
  ) -> CollectionLayoutGroup {
    CollectionLayoutGroup(layoutSize: layoutSize, axis: .vertical, subitems: subitems, count: nil)
  }

  /// `count` items one under another, sharing the group's height.
  public static func vertical(
    layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int
  ) -> CollectionLayoutGroup {
    CollectionLayoutGroup(
      layoutSize: layoutSize, axis: .vertical, subitems: [subitem], count: max(1, count))
  }

  /// The cells of one instance of the group of `size`: their frames from the group's origin,
  /// and whether each sizes its height itself.
  func cellFrames(in size: Size) -> [(frame: Rect, fitsHeight: Bool)] {
    let spacing = interItemSpacing?.spacing ?? 0
    let length = axis == .horizontal ? size.width : size.height
    // The slots along the axis: each item's size in the group.
    var slots: [(item: CollectionLayoutItem, size: Size)] = []
    if let count, let item = subitems.first {
      let share = (length - spacing * Double(count - 1)) / Double(count)
      let resolved = item.layoutSize.resolved(in: size)
      let slotSize =
        axis == .horizontal
        ? Size(width: share, height: resolved.height) : Size(width: resolved.width, height: share)
      slots = Array(repeating: (item, slotSize), count: count)
    } else if !subitems.isEmpty {
      var used = 0.0
      var index = 0
      while true {
        let item = subitems[index % subitems.count]
        let resolved = item.layoutSize.resolved(in: size)
        let extent = axis == .horizontal ? resolved.width : resolved.height
        let needed = used + (slots.isEmpty ? 0 : spacing) + extent
        guard slots.isEmpty || needed <= length + 1e-9, extent > 0 || slots.isEmpty else { break }
        slots.append((item, resolved))
        used = needed
        index += 1
        if extent <= 0 || slots.count >= 10_000 { break }
      }
    }
    var gap = spacing
    if interItemSpacing?.isFlexibleSpacing == true, slots.count > 1 {
      let taken = slots.reduce(0) { $0 + (axis == .horizontal ? $1.size.width : $1.size.height) }
      gap = max(spacing, (length - taken) / Double(slots.count - 1))
    }
    var result: [(frame: Rect, fitsHeight: Bool)] = []
    var position = 0.0
    for (item, slotSize) in slots {
      let origin =
        axis == .horizontal ? Point(x: position, y: 0) : Point(x: 0, y: position)
      if let group = item as? CollectionLayoutGroup {
        for cell in group.cellFrames(in: slotSize) {
          result.append(
            (cell.frame.offsetBy(dx: origin.x, dy: origin.y), cell.fitsHeight))
        }
      } else {
        let fits = item.layoutSize.heightDimension.isEstimated
        let insets = item.contentInsets
        let frame = Rect(
          x: origin.x + insets.leading, y: origin.y + (fits ? 0 : insets.top),
          width: max(0, slotSize.width - insets.leading - insets.trailing),
          height: fits ? slotSize.height : max(0, slotSize.height - insets.top - insets.bottom))
        result.append((frame, fits))
      }
      position += (axis == .horizontal ? slotSize.width : slotSize.height) + gap
    }
    return result
  }
}

/// Where a boundary supplementary item sits on its section, as `NSRectAlignment`'s top and
/// bottom.
public enum CollectionLayoutRectAlignment: Sendable, Hashable, CaseIterable {
  /// Above the section's items (a header).
  case top
  /// Below them (a footer).
  case bottom
}

/// A header or footer of a compositional section, as
/// `NSCollectionLayoutBoundarySupplementaryItem`: as wide as the section's content (its width
/// dimension's fractions relative to it), as high as its height dimension says (an estimate
/// is taken as the height).
@MainActor
public final class CollectionLayoutBoundarySupplementaryItem {
  /// The size.
  public let layoutSize: CollectionLayoutSize
  /// The supplementary view kind the data source is asked for
  /// (`CollectionView.elementKindSectionHeader`, …).
  public let elementKind: String
  /// Where it sits.
  public let alignment: CollectionLayoutRectAlignment
  /// Whether a top item stays at the top of the visible area while its section scrolls
  /// under it; `false` by default.
  public var pinToVisibleBounds = false

  /// A supplementary item of `elementKind` at `alignment`.
  public init(
    layoutSize: CollectionLayoutSize, elementKind: String, alignment: CollectionLayoutRectAlignment
  ) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.alignment = alignment
  }
}

/// The space a compositional layout lays a section out in, as `NSCollectionLayoutContainer`.
public struct CollectionLayoutContainer: Sendable, Hashable {
  /// The size of the collection view's visible area.
  public var contentSize: Size
  /// The insets inside it.
  public var contentInsets: DirectionalEdgeInsets
  /// The size less the insets.
  public var effectiveContentSize: Size {
    Size(
      width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
      height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
  }
}

/// What a section provider knows of where its section goes, as
/// `NSCollectionLayoutEnvironment`.
public struct CollectionLayoutEnvironment: Sendable, Hashable {
  /// The space the section is laid out in.
  public var container: CollectionLayoutContainer
  /// The collection view's traits.
  public var traitCollection: TraitCollection
}

/// A section of a compositional layout, as `NSCollectionLayoutSection`: its group repeated
/// one under another until the section's items run out, inside `contentInsets`, with
/// `interGroupSpacing` between groups and its boundary supplementary items.
@MainActor
public final class CollectionLayoutSection {
  /// The group repeated for the section's items.
  public let group: CollectionLayoutGroup
  /// Insets of the groups within the section; zero by default.
  public var contentInsets = DirectionalEdgeInsets.zero
  /// The space between one group and the next; 0 by default.
  public var interGroupSpacing = 0.0
  /// The headers and footers of the section.
  public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
  /// The list configuration of a section made by `list(using:layoutEnvironment:)`.
  var listConfiguration: CollectionLayoutListConfiguration?

  /// A section repeating `group`.
  public init(group: CollectionLayoutGroup) {
    self.group = group
  }

  /// A section whose rows look like a table view's of the configuration's appearance, as
  /// `NSCollectionLayoutSection.list(using:layoutEnvironment:)`: full-width rows (inset by
  /// the side margin when `.insetGrouped`) that size themselves, at least 44 points high
  /// with standard content; separators under them; the grouped appearances' section spacing
  /// and an inset-grouped section's rounded corners.
  public static func list(
    using configuration: CollectionLayoutListConfiguration,
    layoutEnvironment: CollectionLayoutEnvironment
  ) -> CollectionLayoutSection {
    let rowSize = CollectionLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .estimated(ListMetrics.minimumRowHeight)
    )
    let group = CollectionLayoutGroup.vertical(
      layoutSize: rowSize, subitems: [CollectionLayoutItem(layoutSize: rowSize)])
    let section = CollectionLayoutSection(group: group)
    section.listConfiguration = configuration
    if configuration.appearance == .insetGrouped {
      let margin = ListMetrics.sideMargin(width: layoutEnvironment.container.contentSize.width)
      section.contentInsets = DirectionalEdgeInsets(
        top: 0, leading: margin, bottom: 0, trailing: margin)
    }
    if configuration.headerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        CollectionLayoutBoundarySupplementaryItem(
          layoutSize: CollectionLayoutSize(
            widthDimension: .fractionalWidth(1),
            heightDimension: .absolute(configuration.headerHeight)),
          elementKind: CollectionView.elementKindSectionHeader, alignment: .top))
    }
    return section
  }
}

/// How a compositional list looks, as `UICollectionLayoutListConfiguration`.
public struct CollectionLayoutListConfiguration: Sendable, Hashable {
  /// The look of a list, as `UICollectionLayoutListConfiguration.Appearance`: a table
  /// view's styles.
  public enum Appearance: String, Sendable, Hashable, CaseIterable {
    /// Rows edge to edge.
    case plain
    /// Sections as groups on the grouped background, edge to edge.
    case grouped
    /// Sections as rounded groups inset by the side margin.
    case insetGrouped
  }

  /// Whether sections have headers, as `UICollectionLayoutListConfiguration.HeaderMode`.
  public enum HeaderMode: String, Sendable, Hashable, CaseIterable {
    /// No headers.
    case none
    /// A header supplementary view (`CollectionView.elementKindSectionHeader`) per section,
    /// as high as a table's title header.
    case supplementary
  }

  /// The look.
  public var appearance: Appearance
  /// Whether rows have separators; `true` by default.
  public var showsSeparators = true
  /// Whether sections have headers; `.none` by default.
  public var headerMode = HeaderMode.none

  /// A configuration of `appearance`.
  public init(appearance: Appearance) {
    self.appearance = appearance
  }

  /// The height of a supplementary header: a plain table's 28-point band, or a grouped
  /// table's title line and the 7 points under it, at the scene's text size.
  @MainActor var headerHeight: Double {
    switch appearance {
    case .plain: ListMetrics.plainHeaderHeight
    case .grouped, .insetGrouped:
      TextLayout(text: "A", font: ListMetrics.groupedHeaderFont).size.height
        + ListMetrics.groupedHeaderBottomPadding
    }
  }
}
