/// A collection view's data source driven by snapshots, as
/// `UICollectionViewDiffableDataSource`: it answers the collection view from the last
/// snapshot applied and asks `cellProvider` for each cell and `supplementaryViewProvider` for
/// each supplementary view. Applying a snapshot keeps the selection of the items still there
/// (`DiffableDataSource`).
@MainActor
open class CollectionViewDiffableDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable>:
  DiffableDataSource<SectionIdentifier, ItemIdentifier>, CollectionViewDataSource
{
  /// Makes the cell of an item.
  public typealias CellProvider =
    @MainActor (CollectionView, IndexPath, ItemIdentifier) -> CollectionViewCell?
  /// Makes a supplementary view of a kind at an index path.
  public typealias SupplementaryViewProvider =
    @MainActor (CollectionView, String, IndexPath) -> CollectionReusableView?

  private let cellProvider: CellProvider
  /// Makes the supplementary views (headers, footers) the layout places; `nil` by default,
  /// when a layout placing one is a programming error.
  public var supplementaryViewProvider: SupplementaryViewProvider?

  /// A data source for `collectionView` whose cells `cellProvider` makes; it sets itself as
  /// the collection view's data source.
  public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
    self.cellProvider = cellProvider
    super.init(list: collectionView)
    collectionView.dataSource = self
  }

  // The collection view's data source, answered from the snapshot.

  public func numberOfSections(in collectionView: CollectionView) -> Int { sectionCount }

  public func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    itemCount(inSectionAt: section)
  }

  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
  ) -> CollectionViewCell {
    requireItem(at: indexPath) { cellProvider(collectionView, indexPath, $0) }
  }

  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView {
    guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
      preconditionFailure(
        "CollectionViewDiffableDataSource: no supplementary view of kind \"\(kind)\" for "
          + "\(indexPath); set supplementaryViewProvider")
    }
    return view
  }
}
