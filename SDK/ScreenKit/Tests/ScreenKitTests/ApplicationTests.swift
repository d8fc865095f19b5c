import Foundation
import Testing

@testable import ScreenKit

/// `Application.shared` (UIKit's `UIApplication.shared`) and UIKit's keyboard notifications,
/// as ported screens use them: the nil-targeted `resignFirstResponder` ends editing, and the
/// keyboard a client reports posts will/did show, change-frame and hide with UIKit's
/// user-info keys (names and keys as UIKit's documentation lists them).
@MainActor
@Suite(.serialized) struct ApplicationTests {
  func windowWithField() -> (Window, TextField) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    let field = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
    window.addSubview(field)
    return (window, field)
  }

  @Test func aNilTargetedResignFirstResponderEndsEditing() throws {
    let (window, field) = windowWithField()
    #expect(try window.focus(field))
    #expect(field.isFirstResponder)
    #expect(Application.shared.keyWindow === window)
    let sent = Application.shared.sendAction(
      Responder.resignFirstResponder, to: nil, from: nil, for: nil)
    #expect(sent && !field.isFirstResponder)
    // With no first responder there is nobody to send it to.
    #expect(
      !Application.shared.sendAction(Responder.resignFirstResponder, to: nil, from: nil, for: nil))
    // A target that is not of the method's class does not receive it.
    #expect(
      !Application.shared.sendAction(
        TextField.resignFirstResponder, to: window, from: nil, for: nil))
  }

  @Test func urlsHaveNoAppToOpenThem() {
    let url = URL(string: "https://example.com")!
    #expect(!Application.shared.canOpenURL(url))
    var opened: Bool?
    Application.shared.open(url) { opened = $0 }
    #expect(opened == false)
  }

  @Test func theKeyboardPostsUIKitsNotificationsWithItsFrames() throws {
    let (window, field) = windowWithField()
    final class Received: @unchecked Sendable {
      var names: [String] = []
      var ends: [NSRect] = []
      var begins: [NSRect] = []
      var durations: [Double] = []
    }
    let received = Received()
    let names: [Notification.Name] = [
      Responder.keyboardWillShowNotification, Responder.keyboardDidShowNotification,
      Responder.keyboardWillHideNotification, Responder.keyboardDidHideNotification,
      Responder.keyboardWillChangeFrameNotification, Responder.keyboardDidChangeFrameNotification,
    ]
    let tokens = names.map { name in
      NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
        received.names.append(note.name.rawValue.replacingOccurrences(of: "UIKeyboard", with: ""))
        let info = note.userInfo ?? [:]
        if let end = info[Responder.keyboardFrameEndUserInfoKey] as? NSValue {
          received.ends.append(end.rectValue)
        }
        if let begin = info[Responder.keyboardFrameBeginUserInfoKey] as? NSValue {
          received.begins.append(begin.rectValue)
        }
        if let duration = info[Responder.keyboardAnimationDurationUserInfoKey] as? NSNumber {
          received.durations.append(duration.doubleValue)
        }
      }
    }
    defer { tokens.forEach(NotificationCenter.default.removeObserver) }

    _ = try window.focus(field)
    try window.setKeyboardHeight(336)
    #expect(
      received.names == [
        "WillChangeFrameNotification", "WillShowNotification", "DidShowNotification",
        "DidChangeFrameNotification",
      ])
    #expect(received.ends.last == NSRect(x: 0, y: 844 - 336, width: 390, height: 336))
    #expect(received.begins.last == NSRect(x: 0, y: 844, width: 390, height: 0))
    #expect(received.durations.allSatisfy { $0 == 0.25 })

    // Focus moving to another field while the keyboard shows: will/did show again, the
    // frame unchanged.
    received.names = []
    let other = TextField(frame: Rect(x: 20, y: 150, width: 200, height: 34))
    window.addSubview(other)
    _ = try window.focus(other)
    #expect(received.names == ["WillShowNotification", "DidShowNotification"])

    received.names = []
    try window.setKeyboardHeight(0)
    #expect(
      received.names == [
        "WillChangeFrameNotification", "WillHideNotification", "DidHideNotification",
        "DidChangeFrameNotification",
      ])
    #expect(received.ends.last == NSRect(x: 0, y: 844, width: 390, height: 0))
  }
}
