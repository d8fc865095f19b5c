import Testing

@testable import ScreenKit

/// Records text-field delegate calls into a trace.
@MainActor
final class TracingTextFieldDelegate: TextFieldDelegate {
  let trace: Trace
  init(trace: Trace) { self.trace = trace }

  private func name(_ field: TextField) -> String { field.accessibilityIdentifier ?? "field" }

  func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
    trace.record("\(name(textField)) textFieldShouldBeginEditing")
    return true
  }
  func textFieldDidBeginEditing(_ textField: TextField) {
    trace.record("\(name(textField)) textFieldDidBeginEditing")
  }
  func textField(
    _ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
    replacementString string: String
  ) -> Bool {
    let old = textField.text ?? ""
    let lower = old.distance(from: old.startIndex, to: range.lowerBound)
    let length = old.distance(from: range.lowerBound, to: range.upperBound)
    let shown = textField.isSecureTextEntry ? "<\(string.count) characters>" : "\"\(string)\""
    trace.record(
      "\(name(textField)) shouldChangeCharactersIn range=\(lower)+\(length) replacement=\(shown)")
    return true
  }
  func textFieldShouldReturn(_ textField: TextField) -> Bool {
    trace.record("\(name(textField)) textFieldShouldReturn")
    return true
  }
  func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
    trace.record("\(name(textField)) textFieldShouldEndEditing")
    return true
  }
  func textFieldDidEndEditing(_ textField: TextField) {
    trace.record("\(name(textField)) textFieldDidEndEditing")
  }
}

@MainActor
@Suite struct ControlsInputTraceTests {
  @Test func loginFormInputOrder() throws {
    let trace = Trace()
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let delegate = TracingTextFieldDelegate(trace: trace)
    let user = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
    user.accessibilityIdentifier = "user"
    let password = TextField(frame: Rect(x: 10, y: 50, width: 300, height: 30))
    password.accessibilityIdentifier = "password"
    password.isSecureTextEntry = true
    let login = Button(type: .system)
    login.frame = Rect(x: 10, y: 100, width: 300, height: 40)
    login.accessibilityIdentifier = "login"
    for control in [user, password, login] as [Control] {
      window.addSubview(control)
      for (event, eventName) in Control.Event.names {
        control.addAction(for: event) { sender in
          trace.record("\(sender.accessibilityIdentifier ?? "?") .\(eventName)")
        }
      }
    }
    user.delegate = delegate
    password.delegate = delegate
    // password: next field on return
    password.addAction(for: .editingDidEndOnExit) { _ in }

    trace.record("-- tap user")
    try window.tap(user)
    trace.record("-- type user")
    try window.replaceText(of: user, with: "ada")
    trace.record("-- touch password")
    try window.touch(at: Point(x: 20, y: 60))
    trace.record("-- type password")
    try window.replaceText(of: password, with: "s3cret")
    trace.record("-- return in password")
    try window.returnKey(in: password)
    trace.record("-- tap login")
    try window.touch(at: Point(x: 100, y: 120))
    try trace.expectMatches(golden: "login-input")
    #expect(!trace.lines.contains { $0.contains("s3cret") })
  }
}
