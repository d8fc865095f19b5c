import Foundation

/// UIKit's keyboard notifications, which a window posts on `NotificationCenter.default` when
/// the keyboard a client reports (the `keyboard` event, ``Window/setKeyboardHeight(_:)``)
/// shows, hides or changes, and again when focus moves between fields while it shows.
///
/// Their names and user-info keys are UIKit's own strings, so screens that observe them
/// (`NotificationCenter.default.addObserver(forName: Responder.keyboardWillShowNotification,
/// …)`) run unchanged. The user info holds the keyboard's frame before and after in window
/// coordinates as `NSValue(rect:)` (`keyboardFrameBeginUserInfoKey`,
/// `keyboardFrameEndUserInfoKey`), the animation's duration (0.25 s, UIKit's) and curve (7,
/// the keyboard's own), and `keyboardIsLocalUserInfoKey` (true). compd applies the change at
/// once; the duration is what a screen animating alongside would use.
extension Responder {
  /// Posted before the keyboard shows (and when focus moves to another field while it shows).
  nonisolated public static let keyboardWillShowNotification = Notification.Name(
    "UIKeyboardWillShowNotification")
  /// Posted after the keyboard shows.
  nonisolated public static let keyboardDidShowNotification = Notification.Name(
    "UIKeyboardDidShowNotification")
  /// Posted before the keyboard hides.
  nonisolated public static let keyboardWillHideNotification = Notification.Name(
    "UIKeyboardWillHideNotification")
  /// Posted after the keyboard hides.
  nonisolated public static let keyboardDidHideNotification = Notification.Name(
    "UIKeyboardDidHideNotification")
  /// Posted before the keyboard's frame changes, whether it shows, hides or resizes.
  nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name(
    "UIKeyboardWillChangeFrameNotification")
  /// Posted after the keyboard's frame changed.
  nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name(
    "UIKeyboardDidChangeFrameNotification")

  /// The user-info key of the keyboard's frame before the change (an `NSValue` of a rect).
  nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
  /// The user-info key of the keyboard's frame after the change (an `NSValue` of a rect).
  nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  /// The user-info key of the change's duration in seconds (an `NSNumber`).
  nonisolated public static let keyboardAnimationDurationUserInfoKey =
    "UIKeyboardAnimationDurationUserInfoKey"
  /// The user-info key of the change's animation curve (an `NSNumber`).
  nonisolated public static let keyboardAnimationCurveUserInfoKey =
    "UIKeyboardAnimationCurveUserInfoKey"
  /// The user-info key of whether the keyboard belongs to this app (an `NSNumber`, true).
  nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

extension Window {
  /// UIKit's duration of a keyboard change, in seconds.
  static let keyboardAnimationDuration = 0.25
  /// UIKit's curve of a keyboard change (a private curve value, 7, that screens pass on).
  static let keyboardAnimationCurve = 7

  /// The keyboard's frame in window coordinates when it is `height` points high.
  func keyboardFrame(height: Double) -> Rect {
    Rect(x: 0, y: frame.height - height, width: frame.width, height: height)
  }

  /// Posts UIKit's notifications for the keyboard going from `previous` to the current
  /// height: will/did show when it appears (or stays while focus moves), will/did hide when
  /// it goes, and will/did change frame around either.
  func postKeyboardNotifications(previousHeight previous: Double) {
    let current = keyboardHeight
    guard previous > 0 || current > 0 else { return }
    func rect(_ frame: Rect) -> NSValue {
      NSValue(
        rect: NSRect(
          x: CGFloat(frame.minX), y: CGFloat(frame.minY), width: CGFloat(frame.width),
          height: CGFloat(frame.height)))
    }
    let info: [AnyHashable: Any] = [
      Responder.keyboardFrameBeginUserInfoKey: rect(keyboardFrame(height: previous)),
      Responder.keyboardFrameEndUserInfoKey: rect(keyboardFrame(height: current)),
      Responder.keyboardAnimationDurationUserInfoKey: NSNumber(
        value: Window.keyboardAnimationDuration),
      Responder.keyboardAnimationCurveUserInfoKey: NSNumber(value: Window.keyboardAnimationCurve),
      Responder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
    ]
    let center = NotificationCenter.default
    let (will, did) =
      current > 0
      ? (Responder.keyboardWillShowNotification, Responder.keyboardDidShowNotification)
      : (Responder.keyboardWillHideNotification, Responder.keyboardDidHideNotification)
    let changesFrame = previous != current
    if changesFrame {
      center.post(
        name: Responder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
    }
    center.post(name: will, object: nil, userInfo: info)
    center.post(name: did, object: nil, userInfo: info)
    if changesFrame {
      center.post(
        name: Responder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
    }
  }
}
