/// What a collection view shows, as `UICollectionViewDataSource`: the sections, their items,
/// a cell for each item in view and the supplementary views (headers, footers).
///
/// The methods past the two required ones have default implementations, as UIKit's optional
/// methods: one section, and no supplementary views (asking for one that a layout places is
/// then a programming error, as UIKit's exception).
@MainActor
public protocol CollectionViewDataSource: AnyObject {
  /// The number of items in `section`.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  /// A cell for the item at `indexPath`, usually from
  /// `collectionView.dequeueReusableCell(withReuseIdentifier:for:)`. The collection view asks
  /// only for items that come into view.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  /// The number of sections; 1 by default.
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// The supplementary view of `kind` (`CollectionView.elementKindSectionHeader`, …) at
  /// `indexPath`, usually from `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView
}

extension CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView {
    preconditionFailure(
      "CollectionView: the layout places a supplementary view of kind \"\(kind)\" at "
        + "\(indexPath), and the data source does not make supplementary views")
  }
}

/// How a collection view's items react, as `UICollectionViewDelegate`. Every method has a
/// default implementation, as UIKit's are optional.
@MainActor
public protocol CollectionViewDelegate: ScrollViewDelegate {
  /// Whether the item may be selected; `true` by default.
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  /// Whether the item may be deselected; `true` by default.
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath)
    -> Bool
  /// Whether the item highlights when touched; `true` by default.
  func collectionView(
    _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool
  /// The user selected the item (a tap).
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// The user deselected the item.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// A cell is about to be shown for the item.
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// A cell left the items in view.
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
  public func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool { true }
  public func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath
  ) -> Bool { true }
  public func collectionView(
    _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool { true }
  public func collectionView(
    _ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
}

/// Sizes and spaces a flow layout's items and sections, as
/// `UICollectionViewDelegateFlowLayout`. Every method has a default implementation that
/// returns the flow layout's own property (`itemSize`, `sectionInset`, …), as the flow layout
/// uses its properties where UIKit's delegate does not implement a method.
///
/// `sizeForItemAt` is asked for the first item of each section; when it returns
/// `CollectionViewFlowLayout.automaticSize` (the default) the section's items take
/// `itemSize` (or size themselves, with `estimatedItemSize`) and no other item is asked, so
/// that a section of a million items of one size costs nothing to lay out.
@MainActor
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
  /// The size of the item; `automaticSize` (the default) leaves it to the layout.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size
  /// The insets of the section's items; the layout's `sectionInset` by default.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets
  /// The spacing between the section's lines; the layout's `minimumLineSpacing` by default.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double
  /// The least spacing between items of a line; the layout's `minimumInteritemSpacing` by
  /// default.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double
  /// The size of the section's header; the layout's `headerReferenceSize` by default (only
  /// the height counts when scrolling vertically, the width horizontally; zero: no header).
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size
  /// The size of the section's footer; the layout's `footerReferenceSize` by default.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size
}

extension CollectionViewDelegateFlowLayout {
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size { CollectionViewFlowLayout.automaticSize }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets { (collectionViewLayout as? CollectionViewFlowLayout)?.sectionInset ?? .zero }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double { (collectionViewLayout as? CollectionViewFlowLayout)?.minimumLineSpacing ?? 10 }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double {
    (collectionViewLayout as? CollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size { (collectionViewLayout as? CollectionViewFlowLayout)?.headerReferenceSize ?? .zero }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size { (collectionViewLayout as? CollectionViewFlowLayout)?.footerReferenceSize ?? .zero }
}
