import Testing

@testable import ScreenKit

@MainActor
private final class LoginViewController: ViewController {
  var received: [(username: String, password: String)] = []

  private var contentView: LoginView { view as! LoginView }

  override func loadView() {
    let contentView = LoginView()
    contentView.loginButton.addTarget(
      self, action: LoginViewController.login(_:), for: .touchUpInside)
    view = contentView
  }

  func login(_ sender: Button) {
    received.append((contentView.username(), contentView.password()))
    LogLine.write("username: \(contentView.username()), password: <private>")
  }
}

// MARK: Login in a navigation controller — the same screen with the stack view pinned 8 points below the navigation
// bar in `viewWillLayoutSubviews`, and a `login()` action without a sender.

@MainActor
private final class LoginStackView: View {
  let usernameTextField = TextField(frame: .zero)
  let passwordTextField = TextField(frame: .zero)
  let button = Button(type: .system)
  let stackView: StackView

  override init(frame: Rect) {
    passwordTextField.isSecureTextEntry = true
    button.setTitle("Login", for: .normal)
    let textFieldStackView = StackView(arrangedSubviews: [usernameTextField, passwordTextField])
    textFieldStackView.axis = .vertical
    textFieldStackView.spacing = 10
    textFieldStackView.distribution = .fillEqually
    stackView = StackView(arrangedSubviews: [textFieldStackView, button])
    stackView.translatesAutoresizingMaskIntoConstraints = false
    stackView.axis = .vertical
    stackView.spacing = 20
    super.init(frame: frame)
    addSubview(stackView)
    LayoutConstraint.activate([
      stackView.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
      stackView.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
    ])
  }
}

@MainActor
private final class LoginStackViewController: ViewController {
  var logins = 0
  private var pinned = false

  var loginView: LoginStackView { view as! LoginStackView }

  override func loadView() {
    let contentView = LoginStackView(frame: .zero)
    contentView.button.addTarget(self, action: LoginStackViewController.login, for: .touchUpInside)
    view = contentView
  }

  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    // The UIKit original activates this on every call; once is what it means.
    guard !pinned else { return }
    pinned = true
    loginView.stackView.topAnchor.constraint(
      equalTo: loginView.safeAreaLayoutGuide.topAnchor, constant: 8
    ).isActive = true
  }

  func login() { logins += 1 }
}

// MARK: Lazily created views — views created lazily, added in setupViews(), filled in bindViews(); the
// "reactive way" with an observable view model instead of RxSwift.

@MainActor
private final class ProfileScreenController: ViewController {
  private let viewModel: AlphaViewModel
  private(set) var loads = 0

  init(viewModel: AlphaViewModel) {
    self.viewModel = viewModel
    super.init()
  }

  private(set) lazy var subview1: View = {
    let view = View()
    view.backgroundColor = .red
    return view
  }()

  private(set) lazy var nameLabel: Label = {
    let label = Label()
    label.accessibilityIdentifier = "name"
    return label
  }()

  override func viewDidLoad() {
    super.viewDidLoad()
    loads += 1
    setupViews()
    bindViews()
  }

  private func setupViews() {
    view.addSubview(subview1)
    view.addSubview(nameLabel)
    subview1.translatesAutoresizingMaskIntoConstraints = false
    nameLabel.translatesAutoresizingMaskIntoConstraints = false
    LayoutConstraint.activate([
      subview1.topAnchor.constraint(equalTo: view.topAnchor),
      subview1.bottomAnchor.constraint(equalTo: view.bottomAnchor),
      subview1.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      subview1.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      nameLabel.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
      nameLabel.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
    ])
  }

  private func bindViews() {
    subview1.alpha = viewModel.alpha  // one-time, as the UIKit original
    nameLabel.bind(\.text, to: viewModel, \.name)  // live
  }
}

// MARK: A stack view in a scroll view in a controller — a stacked form in a StackViewController.

@MainActor
private final class SignUpFormController: StackViewController {
  private(set) var fields: [TextField] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    for index in 0..<12 {
      let field = TextField()
      field.placeholder = "Field \(index)"
      field.accessibilityIdentifier = "field\(index)"
      field.heightAnchor.constraint(equalToConstant: 44).isActive = true
      fields.append(field)
      addStackedView(field)
      if index < 11 { addSeparator() }
    }
    addSpacer(height: 20)
  }
}

// MARK: Lightweight controllers — a lightweight controller binding a destination to a text field.

private struct Destination {
  var descriptionForDisplay: String
}

@MainActor
private protocol DestinationTextFieldControllerDelegate: AnyObject {
  func destinationController(
    _ controller: DestinationTextFieldController, didChangeQuery query: String)
  func destinationControllerDidSubmit(_ controller: DestinationTextFieldController)
}

@MainActor
private final class DestinationTextFieldController: LightweightController, TextFieldDelegate {
  var destination: Destination?

  weak var delegate: DestinationTextFieldControllerDelegate?

  let textField = TextField().configure({
    $0.autocorrectionType = .no
    $0.clearButtonMode = .always
  })

  var controlledView: TextField { textField }

  init() {
    textField.delegate = self
    textField.addTarget(
      self, action: DestinationTextFieldController.textChanged, for: .editingChanged)
  }

  private func textChanged() {
    delegate?.destinationController(self, didChangeQuery: textField.text ?? "")
  }

  func textFieldShouldReturn(_ textField: TextField) -> Bool {
    delegate?.destinationControllerDidSubmit(self)
    return true
  }
}

extension DestinationTextFieldController {
  var isActive: Bool {
    return self.textField.isFirstResponder
  }

  func update(with destination: Destination) {
    self.destination = destination
    configureView()
  }

  private func configureView() {
    textField.text = destination?.descriptionForDisplay
  }
}

@MainActor
private final class TripViewController: ViewController, DestinationTextFieldControllerDelegate {
  let destinationViewController = DestinationTextFieldController()
  var queries: [String] = []
  var submits = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    destinationViewController.delegate = self
    destinationViewController.install(in: view)
  }

  func destinationController(
    _ controller: DestinationTextFieldController, didChangeQuery query: String
  ) {
    queries.append(query)
  }

  func destinationControllerDidSubmit(_ controller: DestinationTextFieldController) {
    submits += 1
  }
}

/// A delegate that records the order of the text field's delegate calls.
@MainActor
private final class RecordingTextFieldDelegate: TextFieldDelegate {
  var calls: [String] = []
  var allowsBegin = true
  var allowsEnd = true
  var allowsChange = true

  func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
    calls.append("shouldBegin")
    return allowsBegin
  }
  func textFieldDidBeginEditing(_ textField: TextField) { calls.append("didBegin") }
  func textField(
    _ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
    replacementString string: String
  ) -> Bool {
    calls.append("shouldChange \(textField.text?[range] ?? "")->\(string)")
    return allowsChange
  }
  func textFieldShouldReturn(_ textField: TextField) -> Bool {
    calls.append("shouldReturn")
    return true
  }
  func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
    calls.append("shouldEnd")
    return allowsEnd
  }
  func textFieldDidEndEditing(_ textField: TextField) { calls.append("didEnd") }
  func textFieldShouldClear(_ textField: TextField) -> Bool {
    calls.append("shouldClear")
    return true
  }
}

@MainActor
private func find<T: View>(_ identifier: String, in view: View, as type: T.Type = T.self) -> T? {
  if view.accessibilityIdentifier == identifier, let match = view as? T { return match }
  for subview in view.subviews {
    if let found = find(identifier, in: subview, as: type) { return found }
  }
  return nil
}

@MainActor
@Suite(.serialized) struct SeedsTests {
  @Test func loginSeed003TypesBothValuesAndNeverLogsThePassword() throws {
    var logged: [String] = []
    let savedSink = LogLine.sink
    let savedReporter = ContainmentReporter.report
    LogLine.sink = { logged.append($0) }
    ContainmentReporter.report = { logged.append("\($0)") }
    defer {
      LogLine.sink = savedSink
      ContainmentReporter.report = savedReporter
    }
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let controller = LoginViewController()
    window.rootViewController = controller
    window.makeKeyAndVisible()
    let username = try #require(find("username", in: window, as: TextField.self))
    let password = try #require(find("password", in: window, as: TextField.self))
    let login = try #require(find("login", in: window, as: Button.self))
    #expect(username.frame.height == 30 && login.frame.height == 40)

    #expect(try window.replaceText(of: username, with: "ada"))
    #expect(username.isFirstResponder)
    #expect(try window.replaceText(of: password, with: "s3cret-pw"))
    #expect(password.isFirstResponder && !username.isFirstResponder)
    // a touch at the button's centre, hit-tested, is the tap
    let centre = login.convert(login.bounds, to: window)
    #expect(try window.touch(at: Point(x: centre.midX, y: centre.midY)))

    #expect(controller.received.count == 1)
    #expect(controller.received.first?.username == "ada")
    #expect(controller.received.first?.password == "s3cret-pw")
    #expect(logged == ["username: ada, password: <private>"])
    #expect(!logged.contains { $0.contains("s3cret") })
    #expect(!controller.hierarchyDescription.contains("s3cret"))
  }

  @Test func loginSeed001PinsBelowTheNavigationBarAndCallsLoginWithoutSender() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.hostSafeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    let controller = LoginStackViewController()
    controller.title = "Login"
    window.rootViewController = NavigationController(rootViewController: controller)
    window.makeKeyAndVisible()
    // 20 (host) + 44 (bar) + 8
    #expect(controller.loginView.stackView.frame.minY == 72)
    try window.tap(controller.loginView.button)
    #expect(controller.logins == 1)
    controller.loginView.button.isEnabled = false
    #expect(throws: InputError.self) { try window.tap(controller.loginView.button) }
    #expect(controller.logins == 1)
  }

  @Test func stackedFormSeed000KeepsTheFocusedFieldAboveTheKeyboard() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let form = SignUpFormController()
    window.rootViewController = form
    window.makeKeyAndVisible()
    #expect(form.stackedViews.count == 24)  // 12 fields, 11 separators, 1 spacer
    let last = try #require(form.fields.last)
    let middle = form.fields[6]
    #expect(form.scrollView.contentSize.height == 12 * 44 + 11 + 20)
    // focus first, then the keyboard shows (UIKit's order)
    try window.focus(middle)
    try window.setKeyboardHeight(260)
    #expect(form.scrollView.contentInset.bottom == 260)
    var visible = middle.convert(middle.bounds, to: window)
    #expect(visible.maxY <= 480 - 260 && visible.minY >= 0)
    // focus moves while the keyboard shows
    try window.focus(last)
    visible = last.convert(last.bounds, to: window)
    #expect(visible.maxY <= 480 - 260 && visible.minY >= 0)
    try window.setKeyboardHeight(0)
    #expect(form.scrollView.contentInset.bottom == 0)
    // stacked child controllers are contained properly
    let child = ViewController()
    form.insertStackedViewController(child, at: 0)
    #expect(child.parent === form && form.stackedViews.first === child.view)
    #expect(child.appearanceState == .appeared)
    form.removeStackedViewController(child)
    #expect(child.parent == nil && child.appearanceState == .disappeared)
    #expect(form.checkContainment().isEmpty)
  }

  @Test func destinationControllerSeed004ReportsToItsDelegate() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    weak var weakDestination: DestinationTextFieldController?
    do {
      let trip = TripViewController()
      window.rootViewController = trip
      window.makeKeyAndVisible()
      let destination = trip.destinationViewController
      weakDestination = destination
      #expect(destination.textField.autocorrectionType == .no)
      #expect(!destination.isActive)
      #expect(try window.replaceText(of: destination.textField, with: "Par"))
      #expect(destination.isActive)
      #expect(try window.replaceText(of: destination.textField, with: "Paris"))
      #expect(trip.queries == ["Par", "Paris"])
      #expect(try window.returnKey(in: destination.textField))
      #expect(trip.submits == 1)
      destination.update(with: Destination(descriptionForDisplay: "Paris, France"))
      #expect(destination.textField.text == "Paris, France")
      #expect(trip.queries.count == 2)  // programmatic changes send no editing events
      window.rootViewController = nil
    }
    #expect(weakDestination == nil)
  }

  @Test func textFieldDelegateOrderAndRefusals() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let field = TextField()
    let delegate = RecordingTextFieldDelegate()
    field.delegate = delegate
    window.addSubview(field)
    var events: [String] = []
    for (event, name) in Control.Event.names {
      field.addAction(for: event) { _ in events.append(name) }
    }
    delegate.allowsBegin = false
    #expect(try !window.focus(field))
    delegate.allowsBegin = true
    #expect(try window.focus(field))
    #expect(try window.replaceText(of: field, with: "abc"))
    delegate.allowsChange = false
    #expect(try !window.replaceText(of: field, with: "abd"))
    #expect(field.text == "abc")
    delegate.allowsChange = true
    #expect(try window.returnKey(in: field))
    #expect(!field.isFirstResponder)  // editingDidEndOnExit had a listener: it resigned
    #expect(field.clearText())
    delegate.allowsEnd = false
    #expect(try window.focus(field))
    #expect(try !window.blur(field))
    delegate.allowsEnd = true
    #expect(try window.blur(field))
    #expect(
      delegate.calls == [
        "shouldBegin", "shouldBegin", "didBegin", "shouldChange ->abc", "shouldChange abc->abd",
        "shouldReturn", "shouldEnd", "didEnd", "shouldClear", "shouldBegin", "didBegin",
        "shouldEnd", "shouldEnd", "didEnd",
      ])
    #expect(
      events == [
        "editingDidBegin", "editingChanged", "primaryActionTriggered", "editingDidEndOnExit",
        "editingDidEnd", "editingChanged", "editingDidBegin", "editingDidEnd",
      ])
  }

  @Test func switchTakesTapsAndToggles() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let toggle = Switch()
    window.addSubview(toggle)
    var values: [Bool] = []
    toggle.addAction(for: .valueChanged) { sender in values.append((sender as! Switch).isOn) }
    #expect(try window.tap(toggle))
    #expect(try !window.toggle(toggle, isOn: true))
    #expect(try window.toggle(toggle, isOn: false))
    #expect(values == [true, false])
    let label = Label()
    window.addSubview(label)
    #expect(throws: InputError.unsupported(event: "text", view: "Label")) {
      try window.replaceText(of: label, with: "x")
    }
  }

  @Test func removingTheFocusedFieldEndsEditing() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let container = View()
    let field = TextField()
    let delegate = RecordingTextFieldDelegate()
    delegate.allowsEnd = false
    field.delegate = delegate
    container.addSubview(field)
    window.addSubview(container)
    #expect(try window.focus(field))
    container.removeFromSuperview()
    #expect(window.firstResponder == nil && !field.isFirstResponder)
    #expect(delegate.calls == ["shouldBegin", "didBegin", "didEnd"])
  }

  @Test func setupAndBindSeed002ReloadsAfterAMemoryWarning() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let model = AlphaViewModel()
    model.alpha = 0.5
    let profile = ProfileScreenController(viewModel: model)
    let navigation = NavigationController(rootViewController: profile)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    #expect(profile.subview1.frame == Rect(x: 0, y: 0, width: 320, height: 480))
    #expect(profile.subview1.alpha == 0.5 && profile.nameLabel.text == "first")
    #expect(profile.nameLabel.frame.minY == 44)  // below the navigation bar
    model.name = "second"
    model.alpha = 0.25
    BindingUpdates.flush()
    #expect(profile.nameLabel.text == "second")  // live binding
    #expect(profile.subview1.alpha == 0.5)  // one-time binding
    // covered by a pushed screen, the profile's view is released on a memory warning and
    // loaded again (setupViews/bindViews run again) when it comes back
    let labelBeforeRelease = profile.nameLabel
    navigation.pushViewController(ViewController(), animated: false)
    window.receiveMemoryWarning()
    #expect(!profile.isViewLoaded)
    navigation.popViewController(animated: false)
    #expect(profile.loads == 2 && profile.isViewLoaded)
    #expect(profile.view.window === window)
    #expect(profile.subview1.alpha == 0.25)
    // the lazy subviews belong to the controller: the same label is reused and bound once
    #expect(labelBeforeRelease === profile.nameLabel && profile.nameLabel.bindings.count == 1)
    model.name = "third"
    BindingUpdates.flush()
    #expect(profile.nameLabel.text == "third")
  }
}
