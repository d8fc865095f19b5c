// swift-format-ignore-file
//
//  LoginViewController.swift
//
//  The login screen of the articles: a vertical stack of two fields and a button, centred
//  under the safe area with Auto Layout; Return moves to the next field, then logs in,
//  ending editing with the nil-targeted resignFirstResponder. It follows the keyboard with
//  UIKit's keyboard notifications, observed with selectors.
//
// PortCorpus: LoginViewController
// Text heights: a label is as high as its font's line height rounded up to the 1/3-point
// pixel grid: SF Pro 28 pt bold 33.42 → 33.667, 17 pt 20.29 → 20.333 (compd measures with
// Inter, up to a third of a point taller, which the test's tolerance allows).
// expect: login.title 24 87 342 33.667 — stack top = safe top 47 + 40; leading/trailing 24 → 390 − 48 = 342
// expect: login.username 24 136.667 342 44 — title bottom 120.667 + spacing 16; height 44 by constraint
// expect: login.password 24 196.667 342 44 — 136.667 + 44 + 16
// expect: login.button 24 264.667 342 50 — 196.667 + 44 + custom spacing 24 after the password; height 50
// expect: login.status 24 330.667 342 20.333 — 264.667 + 50 + 16; one line of 17-point text
import UIKit
import os

final class LoginViewController: UIViewController, UITextFieldDelegate {

    private let logger = Logger(subsystem: "com.example.corpus", category: "login")

    private lazy var titleLabel: UILabel = {
        let label = UILabel()
        label.text = "Welcome back"
        label.font = .boldSystemFont(ofSize: 28)
        label.accessibilityIdentifier = "login.title"
        return label
    }()

    private lazy var usernameField: UITextField = makeField(
        placeholder: "Username", identifier: "login.username")
    private lazy var passwordField: UITextField = makeField(
        placeholder: "Password", identifier: "login.password")

    private lazy var loginButton: UIButton = {
        let button = UIButton(type: .system)
        button.setTitle("Log In", for: .normal)
        button.backgroundColor = .systemBlue
        button.setTitleColor(.white, for: .normal)
        button.layer.cornerRadius = 8
        button.accessibilityIdentifier = "login.button"
        button.addTarget(self, action: #selector(login(_:)), for: .touchUpInside)
        return button
    }()

    private let statusLabel = UILabel()

    private func makeField(placeholder: String, identifier: String) -> UITextField {
        let field = UITextField()
        field.placeholder = placeholder
        field.borderStyle = .roundedRect
        field.autocorrectionType = .no
        field.returnKeyType = .next
        field.delegate = self
        field.accessibilityIdentifier = identifier
        return field
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.systemBackground
        passwordField.isSecureTextEntry = true
        passwordField.returnKeyType = .go
        statusLabel.accessibilityIdentifier = "login.status"
        statusLabel.textColor = .secondaryLabel
        statusLabel.text = " "

        let stack = UIStackView(arrangedSubviews: [
            titleLabel, usernameField, passwordField, loginButton, statusLabel,
        ])
        stack.axis = .vertical
        stack.spacing = 16
        stack.setCustomSpacing(24, after: passwordField)
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)

        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 40),
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 24),
            stack.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -24),
            usernameField.heightAnchor.constraint(equalToConstant: 44),
            passwordField.heightAnchor.constraint(equalTo: usernameField.heightAnchor),
            loginButton.heightAnchor.constraint(equalToConstant: 50),
        ])

        NotificationCenter.default.addObserver(
            self, selector: #selector(keyboardWillShow(_:)),
            name: UIResponder.keyboardWillShowNotification, object: nil)
        NotificationCenter.default.addObserver(
            self, selector: #selector(keyboardWillHide),
            name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    // MARK: - Keyboard

    @objc private func keyboardWillShow(_ notification: NSNotification) {
        guard let value = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue
        else { return }
        let frame = value.cgRectValue
        statusLabel.text = "Keyboard \(Int(frame.height)) points high at \(Int(frame.minY))"
    }

    @objc private func keyboardWillHide() {
        statusLabel.text = " "
    }

    // MARK: - UITextFieldDelegate

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if textField === usernameField {
            passwordField.becomeFirstResponder()
        } else {
            UIApplication.shared.sendAction(
                #selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil)
            login(loginButton)
        }
        return true
    }

    // MARK: - Actions

    @IBAction func login(_ sender: UIButton) {
        let username = usernameField.text ?? ""
        guard !username.isEmpty, !(passwordField.text ?? "").isEmpty else {
            statusLabel.text = "Enter your username and password."
            return
        }
        logger.info("Logging in \(username, privacy: .private) after \(1) attempt")
        statusLabel.text = "Signed in as \(username)"
        sender.isEnabled = false
    }
}
