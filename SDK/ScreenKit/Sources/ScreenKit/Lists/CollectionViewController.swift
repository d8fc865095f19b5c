/// A controller whose view is a collection view, its data source and delegate, as
/// `UICollectionViewController`: subclasses override the data source and delegate methods
/// (`numberOfItemsInSection`, `cellForItemAt`, `didSelectItemAt`, …), or set another data
/// source (a diffable one) in `viewDidLoad`.
///
/// A subclass that also adopts `CollectionViewDelegateFlowLayout` sizes a flow layout's items
/// with its own methods, as in UIKit.
@MainActor
open class CollectionViewController: ViewController, CollectionViewDataSource,
  CollectionViewDelegate
{
  /// The layout the collection view is made with.
  public let collectionViewLayout: CollectionViewLayout
  /// Whether appearing deselects the selected items; `true` by default.
  public var clearsSelectionOnViewWillAppear = true

  /// A controller whose collection view uses `layout`, as
  /// `UICollectionViewController(collectionViewLayout:)`.
  public init(collectionViewLayout layout: CollectionViewLayout) {
    collectionViewLayout = layout
    super.init()
  }

  /// The collection view: the controller's view.
  public var collectionView: CollectionView! {
    get { view as? CollectionView }
    set { view = newValue }
  }

  /// Makes the collection view and becomes its data source and delegate.
  open override func loadView() {
    let collection = CollectionView(frame: .zero, collectionViewLayout: collectionViewLayout)
    collection.dataSource = self
    collection.delegate = self
    view = collection
  }

  /// Deselects the selected items when `clearsSelectionOnViewWillAppear`.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard clearsSelectionOnViewWillAppear, let collectionView else { return }
    for path in collectionView.indexPathsForSelectedItems ?? [] {
      collectionView.deselectItem(at: path, animated: animated)
    }
  }

  // The data source and delegate methods, open so that subclasses override them as UIKit's.

  open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { 0 }
  open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  { CollectionViewCell(frame: .zero) }
  open func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView { CollectionReusableView(frame: .zero) }
  open func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool { true }
  open func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath
  ) -> Bool { true }
  open func collectionView(
    _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool { true }
  open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
  }
  open func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath
  ) {}
  open func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  open func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  open func scrollViewDidScroll(_ scrollView: ScrollView) {}
}
