import Testing

@testable import ScreenKit

// A UIKit login view (two text fields and a button in stack views), ported by deleting `UI` (and `NSLocalizedString`); shared by
// the layout seed test and the controller seed tests.

@MainActor
final class LoginView: View {
  private let usernameTextField: TextField
  private let passwordTextField: TextField
  let loginButton: Button

  override init(frame: Rect) {
    usernameTextField = TextField()
    usernameTextField.placeholder = "Username"
    usernameTextField.borderStyle = .bezel
    usernameTextField.accessibilityIdentifier = "username"

    passwordTextField = TextField(frame: .zero)
    passwordTextField.isSecureTextEntry = true
    passwordTextField.placeholder = "Password"
    passwordTextField.borderStyle = .bezel
    passwordTextField.accessibilityIdentifier = "password"

    loginButton = Button(type: .system)
    loginButton.setTitle("Login", for: .normal)
    loginButton.backgroundColor = .gray
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

    backgroundColor = .white

    addSubview(stackView)

    let layoutConstraints = [
      stackView.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 20),
      stackView.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
      stackView.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
      usernameTextField.heightAnchor.constraint(equalToConstant: 30),
      loginButton.heightAnchor.constraint(equalToConstant: 40),
    ]
    LayoutConstraint.activate(layoutConstraints)
  }
}

extension LoginView {
  func username() -> String { usernameTextField.text ?? "<empty>" }
  func password() -> String { passwordTextField.text ?? "<empty>" }
}
