// swift-format-ignore-file
//
//  ContactsViewController.swift
//
//  A table screen with a diffable data source: a plain UIViewController owning a
//  UITableView pinned to its edges, sections of contacts by initial, a search filter.
//
// PortCorpus: ContactsViewController
// expect: contacts.table 0 0 390 844 — pinned to the view's edges
// expect: contacts.Ada Lovelace 0 75 390 44 — below the plain style's 28-point section header band, under the safe area (47 + 28); a one-line row is 44 (11 + 20.333 + 11, at least the 44-point tap target)
// expect: contacts.Alan Turing 0 119 390 44 — the second row of section A
// expect: contacts.Grace Hopper 0 191 390 44 — section G: 119 + 44 + its 28-point header
import UIKit

struct Contact: Hashable {
    let id = UUID()
    let name: String
    let phone: String

    var initial: String { String(name.prefix(1)) }
}

class ContactsViewController: UIViewController, UITableViewDelegate {

    enum Section: Hashable {
        case letter(String)
    }

    private let tableView = UITableView(frame: .zero, style: .plain)
    private var dataSource: UITableViewDiffableDataSource<Section, Contact>!
    private var contacts: [Contact] = [
        Contact(name: "Ada Lovelace", phone: "555-0100"),
        Contact(name: "Alan Turing", phone: "555-0101"),
        Contact(name: "Grace Hopper", phone: "555-0102"),
        Contact(name: "Katherine Johnson", phone: "555-0103"),
        Contact(name: "Linus Torvalds", phone: "555-0104"),
    ]
    private var filter = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Contacts"
        tableView.accessibilityIdentifier = "contacts.table"
        tableView.translatesAutoresizingMaskIntoConstraints = false
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        view.addSubview(tableView)
        NSLayoutConstraint.activate([
            tableView.topAnchor.constraint(equalTo: view.topAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
        ])
        configureDataSource()
        applySnapshot(animatingDifferences: false)
    }

    private func configureDataSource() {
        dataSource = SectionedDataSource(tableView: tableView) { tableView, indexPath, contact in
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = contact.name
            cell.contentConfiguration = content
            cell.accessibilityIdentifier = "contacts.\(contact.name)"
            return cell
        }
    }

    private func applySnapshot(animatingDifferences: Bool = true) {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Contact>()
        let visible = contacts.filter { filter.isEmpty || $0.name.localizedCaseInsensitiveContains(filter) }
        let initials = Array(Set(visible.map(\.initial))).sorted()
        snapshot.appendSections(initials.map { Section.letter($0) })
        for initial in initials {
            snapshot.appendItems(visible.filter { $0.initial == initial }, toSection: .letter(initial))
        }
        dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    func search(for text: String) {
        filter = text
        applySnapshot()
    }

    // MARK: - UITableViewDelegate

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let contact = dataSource.itemIdentifier(for: indexPath) else { return }
        tableView.deselectRow(at: indexPath, animated: true)
        print("Calling \(contact.phone)")
    }
}

/// Section titles come from the data source, as UIKit asks for them there.
final class SectionedDataSource: UITableViewDiffableDataSource<ContactsViewController.Section, Contact> {
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        guard case .letter(let initial)? = sectionIdentifier(for: section) else { return nil }
        return initial
    }
}
