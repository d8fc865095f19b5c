// swift-format-ignore-file
//
//  StackScrollViewController.swift
//
//  The base controller of the articles: a vertical stack view inside a scroll view, the
//  stack as wide as the scroll view's frame and as tall as its content; subclasses add
//  their rows in viewDidLoad. ProfileViewController is such a subclass.
//
// PortCorpus: ProfileViewController
// expect: profile.scroll 0 0 390 844 — pinned to the view's edges
// expect: profile.avatar 165 67 60 60 — centred (alignment .center): (390 − 60) / 2; top = safe area 47 (content inset adjusted) + the stack's 20-point layout margin; the scroll view's content gets no safe area on the axis where it became content inset
// expect: profile.bio 20 139 350 60 — spacing 12 below the avatar: 67 + 60 + 12; width 390 − 2·20 margins; the scroll view's content gets no safe area on the axis where it became content inset
import UIKit

class StackScrollViewController: UIViewController {

    let scrollView = UIScrollView()
    let stackView = UIStackView()

    var contentInsets: UIEdgeInsets { UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20) }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scrollView)

        stackView.axis = .vertical
        stackView.spacing = 12
        stackView.isLayoutMarginsRelativeArrangement = true
        stackView.layoutMargins = contentInsets
        stackView.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(stackView)

        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),

            stackView.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor),
            stackView.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
            stackView.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
            stackView.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor),
            stackView.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor),
        ])
    }

    func addRow(_ row: UIView, height: CGFloat? = nil) {
        stackView.addArrangedSubview(row)
        if let height = height {
            row.heightAnchor.constraint(equalToConstant: height).isActive = true
        }
    }
}

final class ProfileViewController: StackScrollViewController {

    private let avatar = UIView()
    private let bioLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Profile"
        scrollView.accessibilityIdentifier = "profile.scroll"
        stackView.alignment = .fill

        avatar.backgroundColor = .systemGray
        avatar.layer.cornerRadius = 30
        avatar.accessibilityIdentifier = "profile.avatar"
        avatar.widthAnchor.constraint(equalToConstant: 60).isActive = true
        let avatarRow = UIStackView(arrangedSubviews: [avatar])
        avatarRow.axis = .vertical
        avatarRow.alignment = .center
        addRow(avatarRow, height: 60)

        bioLabel.accessibilityIdentifier = "profile.bio"
        bioLabel.numberOfLines = 0
        bioLabel.text = "Writes Swift on Linux. Ports UIKit screens for fun."
        addRow(bioLabel, height: 60)

        for index in 1...12 {
            let line = UILabel()
            line.text = "Entry \(index)"
            addRow(line, height: 44)
        }
    }
}
