import ScreenKit

/// A contacts list as iOS's Contacts app shows it: a plain table of subtitle rows in sections
/// by the last name's initial, a search field above them that filters through a diffable
/// snapshot, a swipe to delete, and a tap that pushes the person's detail screen. Below the
/// rows, as in iOS's Contacts, the number of people shown ("1 contact", "12 contacts": a
/// plural in every language the plugin ships).
final class ContactsViewController: ViewController, TableViewDelegate {
  private var directory: ContactDirectory
  private let emit: (String, ParamValue) -> Void
  private var dataSource: ContactsDataSource!
  private let tableView = TableView(frame: .zero, style: .plain)
  private let searchField = TextField()
  private let countLabel = Label()
  private var query = ""

  init(directory: ContactDirectory, emit: @escaping (String, ParamValue) -> Void) {
    self.directory = directory
    self.emit = emit
    super.init()
    title = String(localized: "Contacts")
    restorationIdentifier = "list"
  }

  override func loadView() { view = tableView }

  /// Command-F, and Control-F on a PC keyboard, put focus in the search field, as Find does
  /// in iPad apps.
  override var keyCommands: [KeyCommand]? {
    [KeyModifierFlags.command, .control].map { modifier in
      KeyCommand(title: "Search", input: "f", modifierFlags: modifier) { [weak self] _ in
        _ = self?.searchField.becomeFirstResponder()
      }
    }
  }

  override func viewDidLoad() {
    tableView.accessibilityIdentifier = "contacts"
    tableView.restorationIdentifier = "contacts"
    tableView.register(TableViewCell.self, forCellReuseIdentifier: "person")
    tableView.delegate = self
    dataSource = ContactsDataSource(tableView: tableView) { [weak self] table, indexPath, person in
      let cell = table.dequeueReusableCell(withIdentifier: "person", for: indexPath)
      var content = ListContentConfiguration.subtitleCell()
      content.text = ContactDirectory.name(of: person)
      content.secondaryText = ContactDirectory.phone(of: person)
      content.secondaryTextProperties.color = ContactsPalette.secondaryText
      cell.contentConfiguration = content
      cell.accessoryType = .disclosureIndicator
      cell.accessibilityIdentifier = "person\(person.id)"
      // The swipe action, for those who cannot swipe (VoiceOver's actions rotor, the web
      // client's context menu), as UIKit apps offer theirs.
      cell.accessibilityCustomActions = [
        AccessibilityCustomAction(name: String(localized: "Delete")) { _ in
          self?.delete(person)
          return true
        }
      ]
      return cell
    }
    searchField.placeholder = String(localized: "Search")
    searchField.borderStyle = .roundedRect
    searchField.accessibilityIdentifier = "search"
    searchField.backgroundColor = .secondarySystemBackground
    searchField.addAction(for: .editingChanged) { [weak self] control in
      guard let self, let field = control as? TextField else { return }
      self.query = field.text ?? ""
      self.showPeople()
    }
    let header = View(frame: Rect(x: 0, y: 0, width: 0, height: 52))
    header.addSubview(searchField)
    searchField.translatesAutoresizingMaskIntoConstraints = false
    LayoutConstraint.activate([
      searchField.leadingAnchor.constraint(equalTo: header.leadingAnchor, constant: 16),
      searchField.trailingAnchor.constraint(equalTo: header.trailingAnchor, constant: -16),
      searchField.centerYAnchor.constraint(equalTo: header.centerYAnchor),
      searchField.heightAnchor.constraint(equalToConstant: 36),
    ])
    tableView.tableHeaderView = header
    countLabel.accessibilityIdentifier = "count"
    countLabel.textAlignment = .center
    countLabel.textColor = ContactsPalette.secondaryText
    let footer = View(frame: Rect(x: 0, y: 0, width: 0, height: 44))
    footer.addSubview(countLabel)
    countLabel.translatesAutoresizingMaskIntoConstraints = false
    LayoutConstraint.activate([
      countLabel.leadingAnchor.constraint(equalTo: footer.leadingAnchor, constant: 16),
      countLabel.trailingAnchor.constraint(equalTo: footer.trailingAnchor, constant: -16),
      countLabel.centerYAnchor.constraint(equalTo: footer.centerYAnchor),
    ])
    tableView.tableFooterView = footer
    showPeople()
  }

  /// Shows the people whose name contains the query, by section.
  private func showPeople() {
    var snapshot = DiffableDataSourceSnapshot<String, ContactDirectory.Person>()
    let needle = query.lowercased()
    // A name is one of a few hundred first-and-last pairs: match the pairs once, then pick
    // people by pair, so that a keystroke costs a pass over numbers, not strings.
    let matches = ContactDirectory.namePairs { $0.lowercased().contains(needle) }
    for section in directory.sections {
      let people =
        needle.isEmpty
        ? section.people
        : section.people.filter { matches[$0.first][$0.last] }
      guard !people.isEmpty else { continue }
      snapshot.appendSections([section.initial])
      snapshot.appendItems(people, toSection: section.initial)
    }
    dataSource.apply(snapshot, animatingDifferences: false)
    showCount(of: snapshot)
  }

  /// The footer's count of the people shown, in the scene's language.
  private func showCount(of snapshot: DiffableDataSourceSnapshot<String, ContactDirectory.Person>) {
    countLabel.text = String.localizedStringWithFormat(
      String(localized: "%d contacts"), snapshot.numberOfItems)
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    guard let person = dataSource.itemIdentifier(for: indexPath) else { return }
    emit(
      "selected",
      ["id": .int(Int64(person.id)), "name": .string(ContactDirectory.name(of: person))])
    navigationController?.pushViewController(
      ContactDetailViewController(person: person), animated: true)
  }

  func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? {
    guard let person = dataSource.itemIdentifier(for: indexPath) else { return nil }
    let delete = ContextualAction(style: .destructive, title: String(localized: "Delete")) {
      [weak self] _, _, done in
      guard let self else { return done(false) }
      self.delete(person)
      done(true)
    }
    delete.backgroundColor = ContactsPalette.destructiveFill
    return SwipeActionsConfiguration(actions: [delete])
  }

  /// Removes `person` from the directory and the list, and says so.
  private func delete(_ person: ContactDirectory.Person) {
    directory.remove(id: person.id)
    var snapshot = dataSource.snapshot()
    snapshot.deleteItems([person])
    if let section = snapshot.sectionIdentifiers.first(where: {
      snapshot.numberOfItems(inSection: $0) == 0
    }) {
      snapshot.deleteSections([section])
    }
    dataSource.apply(snapshot, animatingDifferences: true)
    showCount(of: snapshot)
    emit("deleted", ["id": .int(Int64(person.id))])
  }
}

/// The list's data source: section titles are the initials.
final class ContactsDataSource: TableViewDiffableDataSource<String, ContactDirectory.Person> {
  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    sectionIdentifier(for: section)
  }
}

/// One person: their name, and their phone number in a grouped table.
final class ContactDetailViewController: TableViewController {
  private let person: ContactDirectory.Person

  init(person: ContactDirectory.Person) {
    self.person = person
    super.init(style: .insetGrouped)
    title = ContactDirectory.name(of: person)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.accessibilityIdentifier = "detail"
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
    cell.selectionStyle = .none
    switch indexPath.row {
    case 0:
      cell.textLabel?.text = String(localized: "Name")
      cell.detailTextLabel?.text = ContactDirectory.name(of: person)
    default:
      cell.textLabel?.text = String(localized: "Phone")
      cell.detailTextLabel?.text = ContactDirectory.phone(of: person)
    }
    cell.detailTextLabel?.textColor = ContactsPalette.secondaryText
    cell.accessibilityIdentifier = indexPath.row == 0 ? "name" : "phone"
    return cell
  }
}
