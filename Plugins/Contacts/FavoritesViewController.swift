import ScreenKit

/// Favourites as a grid of cards, as iOS's Phone app shows them: a collection view with a
/// flow layout of three cards a line, each the person's initials in a circle and their name
/// under it. A tap reports `selected` with the person's id.
final class FavoritesViewController: ViewController, CollectionViewDelegate {
  private let people: [ContactDirectory.Person]
  private let emit: (String, ParamValue) -> Void
  private var dataSource: CollectionViewDiffableDataSource<Int, ContactDirectory.Person>!

  init(people: [ContactDirectory.Person], emit: @escaping (String, ParamValue) -> Void) {
    self.people = people
    self.emit = emit
    super.init()
    title = String(localized: "Favorites")
  }

  override func loadView() {
    let layout = CollectionViewFlowLayout()
    // Three 110-point cards between 16-point insets on a phone; the flow layout spreads a
    // full line's extra space between them.
    layout.itemSize = Size(width: 110, height: 130)
    layout.minimumLineSpacing = 16
    layout.sectionInset = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
    let grid = CollectionView(frame: .zero, collectionViewLayout: layout)
    grid.backgroundColor = .systemBackground
    grid.accessibilityIdentifier = "favorites"
    view = grid
  }

  override func viewDidLoad() {
    guard let grid = view as? CollectionView else { return }
    grid.delegate = self
    let card = CollectionView.CellRegistration<PersonCard, ContactDirectory.Person> {
      cell, _, person in
      cell.show(person)
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: grid) {
      collectionView, indexPath, person in
      collectionView.dequeueConfiguredReusableCell(using: card, for: indexPath, item: person)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, ContactDirectory.Person>()
    snapshot.appendSections([0])
    snapshot.appendItems(people)
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    guard let person = dataSource.itemIdentifier(for: indexPath) else { return }
    emit(
      "selected",
      ["id": .int(Int64(person.id)), "name": .string(ContactDirectory.name(of: person))])
  }
}

/// A favourite's card: initials in a grey circle, the name under it, laid out by constraints
/// in the cell's content view.
final class PersonCard: CollectionViewCell {
  private let initials = Label()
  private let circle = View()
  private let name = Label()

  required init(frame: Rect) {
    super.init(frame: frame)
    circle.backgroundColor = ContactsPalette.avatarFill
    circle.layer.cornerRadius = 40
    initials.font = .systemFont(ofSize: 28, weight: .semibold)
    initials.textColor = .white
    initials.textAlignment = .center
    name.font = .systemFont(ofSize: 13)
    name.textAlignment = .center
    for view in [circle, initials, name] {
      view.translatesAutoresizingMaskIntoConstraints = false
      contentView.addSubview(view)
    }
    LayoutConstraint.activate([
      circle.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
      circle.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
      circle.widthAnchor.constraint(equalToConstant: 80),
      circle.heightAnchor.constraint(equalToConstant: 80),
      initials.centerXAnchor.constraint(equalTo: circle.centerXAnchor),
      initials.centerYAnchor.constraint(equalTo: circle.centerYAnchor),
      name.topAnchor.constraint(equalTo: circle.bottomAnchor, constant: 8),
      name.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
      name.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
    ])
  }

  func show(_ person: ContactDirectory.Person) {
    let first = ContactDirectory.firstNames[person.first]
    let last = ContactDirectory.lastNames[person.last]
    initials.text = "\(first.prefix(1))\(last.prefix(1))"
    name.text = "\(first) \(last)"
    accessibilityIdentifier = "favorite\(person.id)"
  }
}
