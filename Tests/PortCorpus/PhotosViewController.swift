// swift-format-ignore-file
//
//  PhotosViewController.swift
//
//  A photo grid as Xcode's collection view template writes it: a UICollectionViewController
//  subclass with a compositional layout of three square items per row, a cell subclass
//  registered by reuse identifier, and a diffable data source; selecting an item shows its
//  name in the title.
//
// PortCorpus: PhotosViewController
// Figures: three items across the 390-point width are 130 wide, and square (the group is
// fractionalWidth(1/3) high); the collection view adjusts its content inset for the
// 47-point top safe area, so the first row starts at 47.
// expect: photo.0 0 47 130 130 — first row, first column
// expect: photo.2 260 47 130 130 — 2 × 130
// expect: photo.4 130 177 130 130 — second row: 47 + 130
// expect: photo.label.4 138 185 114 20.333 — the label 8 in from the cell's top and sides (130 + 8, 177 + 8), one line of 17-point text
import UIKit

final class PhotoCell: UICollectionViewCell {
    static let reuseIdentifier = "PhotoCell"

    let nameLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .secondarySystemBackground
        nameLabel.translatesAutoresizingMaskIntoConstraints = false
        nameLabel.font = .systemFont(ofSize: 17)
        contentView.addSubview(nameLabel)
        NSLayoutConstraint.activate([
            nameLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            nameLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            nameLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class PhotosViewController: UICollectionViewController {

    enum Section { case main }

    private var dataSource: UICollectionViewDiffableDataSource<Section, String>!
    private let photos = (0..<30).map { "IMG_\(1000 + $0)" }

    init() {
        super.init(collectionViewLayout: PhotosViewController.makeLayout())
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    static func makeLayout() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0 / 3.0), heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(1.0 / 3.0)),
            subitems: [item])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Photos"
        collectionView.backgroundColor = .systemBackground
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: PhotoCell.reuseIdentifier)
        dataSource = UICollectionViewDiffableDataSource<Section, String>(collectionView: collectionView) {
            collectionView, indexPath, name in
            let cell = collectionView.dequeueReusableCell(
                withReuseIdentifier: PhotoCell.reuseIdentifier, for: indexPath) as! PhotoCell
            cell.nameLabel.text = name
            cell.accessibilityIdentifier = "photo.\(indexPath.item)"
            cell.nameLabel.accessibilityIdentifier = "photo.label.\(indexPath.item)"
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.main])
        snapshot.appendItems(photos)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let name = dataSource.itemIdentifier(for: indexPath) else { return }
        title = name
        collectionView.accessibilityIdentifier = "photos.selected.\(name)"
    }
}
