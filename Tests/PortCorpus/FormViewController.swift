// swift-format-ignore-file
//
//  FormViewController.swift
//
//  A sign-up form: labelled rows as horizontal stacks, a switch, a submit button kept
//  disabled until the form is valid. Sizes come from CGFloat constants and CGRect math.
//
// PortCorpus: FormViewController
// expect: form.rows 16 63 358 176 — 16 from the view's edges; top = safe area 47 + 16; 4 rows of 44, no spacing
// expect: form.name 116 63 258 44 — a row is [caption 100 wide | field]: x = 16 + 100, width = 358 − 100
// expect: form.email 116 107 258 44 — second row: 63 + 44
// expect: form.newsletter 323 201.5 51 31 — UISwitch's fixed size is 51 × 31; trailing edge on the fourth row's (x = 16 + 358 − 51); that row is at y = 63 + 3·44 = 195, the switch centred in its 44: 195 + (44 − 31) / 2
// expect: form.submit 16 263 358 44 — rows bottom 239 + 24
import UIKit

enum FormField: Int, CaseIterable {
    case name, email, phone

    var title: String {
        switch self {
        case .name: return "Name"
        case .email: return "Email"
        case .phone: return "Phone"
        }
    }
}

class FormViewController: UIViewController {

    struct Metrics {
        static let inset: CGFloat = 16
        static let rowHeight: CGFloat = 44
        static let captionWidth: CGFloat = 100
    }

    private var fields: [FormField: UITextField] = [:]
    private let newsletterSwitch = UISwitch()
    private let submitButton = UIButton(type: .system)
    private let rows = UIStackView()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sign Up"
        view.backgroundColor = .systemGroupedBackground
        rows.axis = .vertical
        rows.accessibilityIdentifier = "form.rows"
        rows.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(rows)

        for field in FormField.allCases {
            let textField = UITextField()
            textField.placeholder = field.title
            textField.keyboardType = field == .email ? .emailAddress : (field == .phone ? .phonePad : .default)
            textField.accessibilityIdentifier = "form.\(field.title.lowercased())"
            textField.addTarget(self, action: #selector(textChanged), for: .editingChanged)
            fields[field] = textField
            rows.addArrangedSubview(makeRow(caption: field.title, control: textField))
        }
        newsletterSwitch.accessibilityIdentifier = "form.newsletter"
        newsletterSwitch.addTarget(self, action: #selector(self.toggled(_:)), for: .valueChanged)
        let switchRow = makeRow(caption: "News", control: UIView())
        switchRow.addSubview(newsletterSwitch)
        newsletterSwitch.translatesAutoresizingMaskIntoConstraints = false
        rows.addArrangedSubview(switchRow)

        submitButton.setTitle("Create Account", for: .normal)
        submitButton.isEnabled = false
        submitButton.accessibilityIdentifier = "form.submit"
        submitButton.addTarget(self, action: #selector(FormViewController.submit), for: .touchUpInside)
        submitButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(submitButton)

        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            rows.topAnchor.constraint(equalTo: guide.topAnchor, constant: Metrics.inset),
            rows.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: Metrics.inset),
            rows.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -Metrics.inset),
            newsletterSwitch.trailingAnchor.constraint(equalTo: switchRow.trailingAnchor),
            newsletterSwitch.centerYAnchor.constraint(equalTo: switchRow.centerYAnchor),
            submitButton.topAnchor.constraint(equalTo: rows.bottomAnchor, constant: Metrics.inset * 1.5),
            submitButton.leadingAnchor.constraint(equalTo: rows.leadingAnchor),
            submitButton.trailingAnchor.constraint(equalTo: rows.trailingAnchor),
            submitButton.heightAnchor.constraint(equalToConstant: Metrics.rowHeight),
        ])
    }

    private func makeRow(caption: String, control: UIView) -> UIStackView {
        let label = UILabel()
        label.text = caption
        label.widthAnchor.constraint(equalToConstant: Metrics.captionWidth).isActive = true
        let row = UIStackView(arrangedSubviews: [label, control])
        row.axis = .horizontal
        row.heightAnchor.constraint(equalToConstant: Metrics.rowHeight).isActive = true
        return row
    }

    @objc private func textChanged() {
        let name = fields[.name]?.text ?? ""
        let email = fields[.email]?.text ?? ""
        submitButton.isEnabled = !name.isEmpty && email.contains("@")
    }

    @objc func toggled(_ sender: Any) {
        guard let toggle = sender as? UISwitch else { return }
        print("newsletter: \(toggle.isOn)")
    }

    @objc dynamic func submit() {
        let bounds = view.bounds.insetBy(dx: Metrics.inset, dy: Metrics.inset)
        print("submitting in \(bounds.width) points")
    }
}
