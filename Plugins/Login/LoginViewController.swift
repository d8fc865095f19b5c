import ScreenKit

/// The login screen's controller: loads `LoginView` in `loadView()` and reports a login
/// attempt as the `login` event with the user name. It takes part in state restoration:
/// the typed user name is restored by its text field; the password never is.
final class LoginViewController: ViewController {
  private let initialUsername: String
  private let emit: (String, ParamValue) -> Void

  private var contentView: LoginView { view as! LoginView }

  init(username: String, emit: @escaping (String, ParamValue) -> Void) {
    self.initialUsername = username
    self.emit = emit
    super.init()
    restorationIdentifier = "login"
  }

  override func loadView() {
    let contentView = LoginView(username: initialUsername)
    contentView.loginButton.addTarget(self, action: LoginViewController.login, for: .touchUpInside)
    view = contentView
  }

  private func login() {
    // Assistive technologies hear that the form was sent (UIKit's announcement).
    Accessibility.post(
      notification: .announcement, argument: "Signing in as \(contentView.username)")
    emit(
      "login",
      ["username": .string(contentView.username), "hasPassword": .bool(contentView.hasPassword)])
  }
}
