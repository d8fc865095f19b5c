import ScreenKit

/// A login form: two text fields and a button in stack views, held by the
/// view (not the controller), pinned below the safe area between the layout margins.
final class LoginView: View {
  private let usernameTextField: TextField
  private let passwordTextField: TextField
  /// The button the controller targets.
  let loginButton: Button

  init(username: String) {
    usernameTextField = TextField()
    usernameTextField.placeholder = String(localized: "Username")
    usernameTextField.borderStyle = .bezel
    usernameTextField.text = username
    usernameTextField.accessibilityIdentifier = "username"
    usernameTextField.restorationIdentifier = "username"

    passwordTextField = TextField()
    passwordTextField.isSecureTextEntry = true
    passwordTextField.placeholder = String(localized: "Password")
    passwordTextField.borderStyle = .bezel
    passwordTextField.accessibilityIdentifier = "password"
    // Secure: ScreenKit never saves its text; the identifier only keeps it in the archive's
    // view list, so a restored login shows an empty password field.
    passwordTextField.restorationIdentifier = "password"

    loginButton = Button(type: .system)
    loginButton.setTitle(String(localized: "Login"), for: .normal)
    // As in the screen this one reproduces: a grey button with a white title, in a grey
    // dark enough for the title to read (LoginPalette).
    loginButton.backgroundColor = LoginPalette.buttonFill
    loginButton.tintColor = .white
    loginButton.layer.cornerRadius = 5
    loginButton.accessibilityIdentifier = "login"

    let textFieldStackView = StackView(arrangedSubviews: [usernameTextField, passwordTextField])
    textFieldStackView.axis = .vertical
    textFieldStackView.spacing = 10
    textFieldStackView.distribution = .fillEqually

    let stackView = StackView(arrangedSubviews: [textFieldStackView, loginButton])
    stackView.translatesAutoresizingMaskIntoConstraints = false
    stackView.axis = .vertical
    stackView.spacing = 20

    super.init(frame: .zero)
    backgroundColor = .systemBackground
    tintColor = LoginPalette.tint
    addSubview(stackView)
    LayoutConstraint.activate([
      stackView.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 20),
      stackView.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
      stackView.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
      usernameTextField.heightAnchor.constraint(equalToConstant: 30),
      loginButton.heightAnchor.constraint(equalToConstant: 40),
    ])
  }

  /// The user name typed so far.
  var username: String { usernameTextField.text ?? "" }
  /// Whether a password was typed (the password itself never leaves the view).
  var hasPassword: Bool { !(passwordTextField.text ?? "").isEmpty }
}
