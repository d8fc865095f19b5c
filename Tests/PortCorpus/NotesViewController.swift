// swift-format-ignore-file
//
//  NotesViewController.swift
//
//  A notes screen in a navigation controller, as an app's scene delegate would set it up: an
//  Add bar button and the Edit button, a segmented filter and a text-size slider with
//  #selector target-action, and an alert with a text field to add a note.
//
// PortCorpus: NotesNavigationController
// Figures: the navigation bar ends at 47 + 44 = 91 (status bar and 44-point bar), so the
// content's safe area starts at 91. UISegmentedControl's intrinsic height is 32 and
// UISlider's 31 (iOS 13 and later); a 17-point label line is 20.333 (SF Pro 20.29 rounded up
// to the 1/3-point grid).
// expect: notes.filter 16 107 358 32 — safe top 91 + 16; 16-point margins → 390 − 32 = 358; intrinsic height 32
// expect: notes.size 16 155 358 31 — 107 + 32 + 16; slider's intrinsic height 31
// expect: notes.count 16 202 358 20.333 — 155 + 31 + 16; one line of 17-point text
import UIKit

final class NotesNavigationController: UINavigationController {
    init() {
        super.init(rootViewController: NotesViewController())
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class NotesViewController: UIViewController {

    private var notes: [String] = ["Buy milk", "Call Ada"]
    private var starred: Set<String> = ["Call Ada"]

    private let filterControl = UISegmentedControl(items: ["All", "Starred"])
    private let sizeSlider = UISlider()
    private let countLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notes"
        view.backgroundColor = .systemBackground

        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .add, target: self, action: #selector(addNote))
        navigationItem.leftBarButtonItem = editButtonItem

        filterControl.selectedSegmentIndex = 0
        filterControl.accessibilityIdentifier = "notes.filter"
        filterControl.addTarget(self, action: #selector(filterChanged(_:)), for: .valueChanged)

        sizeSlider.minimumValue = 12
        sizeSlider.maximumValue = 28
        sizeSlider.value = 17
        sizeSlider.accessibilityIdentifier = "notes.size"
        sizeSlider.addTarget(self, action: #selector(sizeChanged(_:)), for: .valueChanged)

        countLabel.font = UIFont.systemFont(ofSize: 17)
        countLabel.textColor = .secondaryLabel
        countLabel.accessibilityIdentifier = "notes.count"

        for subview in [filterControl, sizeSlider, countLabel] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            filterControl.topAnchor.constraint(equalTo: guide.topAnchor, constant: 16),
            filterControl.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            filterControl.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            sizeSlider.topAnchor.constraint(equalTo: filterControl.bottomAnchor, constant: 16),
            sizeSlider.leadingAnchor.constraint(equalTo: filterControl.leadingAnchor),
            sizeSlider.trailingAnchor.constraint(equalTo: filterControl.trailingAnchor),
            countLabel.topAnchor.constraint(equalTo: sizeSlider.bottomAnchor, constant: 16),
            countLabel.leadingAnchor.constraint(equalTo: filterControl.leadingAnchor),
            countLabel.trailingAnchor.constraint(equalTo: filterControl.trailingAnchor),
        ])
        updateCount()
    }

    private var visibleNotes: [String] {
        filterControl.selectedSegmentIndex == 1 ? notes.filter { starred.contains($0) } : notes
    }

    private func updateCount() {
        let count = visibleNotes.count
        countLabel.text = count == 1 ? "1 note" : "\(count) notes"
    }

    @objc private func filterChanged(_ sender: UISegmentedControl) {
        updateCount()
    }

    @objc private func sizeChanged(_ sender: UISlider) {
        countLabel.font = UIFont.systemFont(ofSize: CGFloat(sender.value.rounded()))
    }

    @objc private func addNote() {
        let alert = UIAlertController(
            title: "New Note", message: "What should the note say?", preferredStyle: .alert)
        alert.addTextField { textField in
            textField.placeholder = "Note"
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let add = UIAlertAction(title: "Add", style: .default) { [weak self, weak alert] _ in
            guard let self = self, let text = alert?.textFields?.first?.text, !text.isEmpty else { return }
            self.notes.append(text)
            self.updateCount()
        }
        alert.addAction(add)
        alert.preferredAction = add
        present(alert, animated: true)
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        filterControl.isEnabled = !editing
    }
}
