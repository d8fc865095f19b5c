// swift-format-ignore-file
//
//  SettingsViewController.swift
//
//  A settings screen as a UITableViewController with static-ish sections: an enum of
//  sections, each with its rows; a switch as a cell's accessory view.
//
// PortCorpus: SettingsViewController
// expect: settings.table 0 0 390 844 — a table view controller's view is its table, the whole window
// expect: settings.account.0 16 104.667 358 44 — insetGrouped: rows inset by the 16-point system minimum margin of a compact width (390 − 32 wide); y = safe top 47 + section spacing 35 + the header title's 13-point line (15.51 → 15.667) + 7 above the first row; a one-line row is 44
// expect: settings.account.1 16 148.667 358 44 — the next row, 44 below
import UIKit

class SettingsViewController: UITableViewController {

    enum Section: Int, CaseIterable {
        case account, notifications, about

        var title: String? {
            switch self {
            case .account: return "Account"
            case .notifications: return "Notifications"
            case .about: return nil
            }
        }

        var rows: [String] {
            switch self {
            case .account: return ["Profile", "Password"]
            case .notifications: return ["Push Notifications", "Email Digest"]
            case .about: return ["Version"]
            }
        }
    }

    private var switches: [String: Bool] = ["Push Notifications": true, "Email Digest": false]

    init() {
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        tableView.accessibilityIdentifier = "settings.table"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    }

    // MARK: - Table view data source

    override func numberOfSections(in tableView: UITableView) -> Int {
        Section.allCases.count
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Section(rawValue: section)?.rows.count ?? 0
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        Section(rawValue: section)?.title
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        guard let section = Section(rawValue: indexPath.section) else { return cell }
        let title = section.rows[indexPath.row]
        cell.textLabel?.text = title
        cell.accessibilityIdentifier = "settings.\(section).\(indexPath.row)"
        switch section {
        case .account:
            cell.accessoryType = .disclosureIndicator
            cell.accessoryView = nil
        case .notifications:
            let toggle = UISwitch()
            toggle.isOn = switches[title] ?? false
            toggle.tag = indexPath.row
            toggle.addTarget(self, action: #selector(switchChanged(_:)), for: .valueChanged)
            cell.accessoryView = toggle
            cell.selectionStyle = .none
        case .about:
            cell.textLabel?.text = "\(title) 1.0"
            cell.accessoryType = .none
        }
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard Section(rawValue: indexPath.section) == .account else { return }
        let detail = UIViewController()
        detail.title = Section.account.rows[indexPath.row]
        navigationController?.pushViewController(detail, animated: true)
    }

    @objc func switchChanged(_ sender: UISwitch) {
        let title = Section.notifications.rows[sender.tag]
        switches[title] = sender.isOn
    }
}
