// The bundled login screen as the daemon hosts it: a window with the host's safe-area
// insets, a controller whose view pins a stack of stacks below the safe area between the
// margins. Measured with the engine's choice of evaluator (anchor chains), with its simplex
// session (anchor chains off, the presolve on) and with the simplex alone: full layout of a
// fresh screen, relayout after typing into a text field, relayout with nothing changed.
import ScreenKit

@MainActor
final class BenchLoginView: View {
  let usernameTextField = TextField()
  let passwordTextField = TextField()
  let loginButton = Button(type: .system)

  override init(frame: Rect) {
    usernameTextField.placeholder = "Username"
    usernameTextField.borderStyle = .bezel
    passwordTextField.isSecureTextEntry = true
    passwordTextField.placeholder = "Password"
    passwordTextField.borderStyle = .bezel
    loginButton.setTitle("Login", for: .normal)
    let fields = StackView(arrangedSubviews: [usernameTextField, passwordTextField])
    fields.axis = .vertical
    fields.spacing = 10
    fields.distribution = .fillEqually
    let stack = StackView(arrangedSubviews: [fields, loginButton])
    stack.translatesAutoresizingMaskIntoConstraints = false
    stack.axis = .vertical
    stack.spacing = 20
    super.init(frame: frame)
    addSubview(stack)
    LayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 20),
      stack.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
      usernameTextField.heightAnchor.constraint(equalToConstant: 30),
      loginButton.heightAnchor.constraint(equalToConstant: 40),
    ])
  }
}

@MainActor
final class BenchLoginController: ViewController {
  override func loadView() { view = BenchLoginView() }
}

/// Median full layout, text-change relayout and nothing-changed relayout of the login
/// screen, in microseconds, laid out with `options` on its window.
@MainActor
func measureLoginScreen(options: LayoutOptions, iterations: Int) -> (
  full: Double, text: Double, noop: Double
) {
  var full: [Double] = []
  var text: [Double] = []
  var noop: [Double] = []
  for iteration in 0..<iterations {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.layoutOptions = options
    window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    let controller = BenchLoginController()
    window.rootViewController = controller
    full.append(measure { Phase.appear(window) })
    let view = controller.view as! BenchLoginView
    view.usernameTextField.text = "user \(iteration)"
    text.append(measure { Phase.leaf(window) })
    noop.append(measure { Phase.unchanged(window) })
  }
  return (median(full) / 1e3, median(text) / 1e3, median(noop) / 1e3)
}

/// Measures the login screen with each variant named on the command line (`login-session`:
/// the default options, its window's simplex session with the presolve; `login-solver`: the
/// simplex alone), or with both when none is.
@MainActor
func runLoginScreen(iterations: Int) {
  let variants = Set(CommandLine.arguments.dropFirst().filter { $0.hasPrefix("login-") })
  print("login screen (window with insets, controller)  full µs   text µs   noop µs")
  var lines: [String] = []
  var solver = LayoutOptions()
  solver.simplexOnly = true
  for (name, options) in [("login-session", LayoutOptions()), ("login-solver", solver)]
  where variants.isEmpty || variants.contains(name) {
    let result = measureLoginScreen(options: options, iterations: iterations)
    let padded = name.padding(toLength: 44, withPad: " ", startingAt: 0)
    print(
      "\(padded) \(format(result.full).leftPadded(9)) \(format(result.text).leftPadded(9)) \(format(result.noop).leftPadded(9))"
    )
    lines.append(
      "{\"shape\":\"\(name)\",\"full_us\":\(format(result.full)),\"text_us\":\(format(result.text)),\"noop_us\":\(format(result.noop))}"
    )
  }
  for line in lines { print(line) }
}
