import Foundation
import Synchronization

// `addObserver(_:selector:name:object:)` as ported screens call it: `screenkit-port` rewrites
// `#selector(keyboardWillShow(_:))` to the method reference `LoginViewController.
// keyboardWillShow(_:)`, which Foundation on Linux (no Objective-C runtime) has no method
// for. These overloads register such a method with Foundation's block-based observers, hold
// the observer weakly (as UIKit has done since iOS 9: a deallocated observer is not called
// and needs no removal), and let `removeObserver(self)` remove what they registered.

extension NotificationCenter {
  /// Calls the method `selector` of `observer`, taking the notification (as `Notification`
  /// or `NSNotification`), for each notification named `name` (any, if `nil`) from `object`
  /// (any, if `nil`), as `addObserver(_:selector:name:object:)`. Observers are called on the
  /// thread that posts.
  public func addObserver<Observer: AnyObject, Argument>(
    _ observer: Observer, selector: @escaping (Observer) -> (Argument) -> Void,
    name: Notification.Name?, object: Any?
  ) {
    register(observer, name: name, object: object) { target, notification in
      if let argument = notification as? Argument {
        selector(target)(argument)
      } else if let argument = NSNotification(
        name: notification.name, object: notification.object, userInfo: notification.userInfo)
        as? Argument
      {
        selector(target)(argument)
      }
    }
  }

  /// Calls the method `selector` of `observer`, taking no argument, for each notification
  /// named `name` from `object`, as `addObserver(_:selector:name:object:)`.
  public func addObserver<Observer: AnyObject>(
    _ observer: Observer, selector: @escaping (Observer) -> () -> Void,
    name: Notification.Name?, object: Any?
  ) {
    register(observer, name: name, object: object) { target, _ in selector(target)() }
  }

  /// Removes every observation of `observer` registered with a method reference, as
  /// `removeObserver(_:)`.
  public func removeObserver<Observer: AnyObject>(_ observer: Observer) {
    removeObserver(observer, name: nil, object: nil)
  }

  /// Removes the observations of `observer` registered with a method reference for `name`
  /// (all, if `nil`), as `removeObserver(_:name:object:)`.
  public func removeObserver<Observer: AnyObject>(
    _ observer: Observer, name: Notification.Name?, object: Any?
  ) {
    for token in SelectorObservations.shared.remove(observer, name: name, center: self) {
      removeObserver(token as Any)
    }
  }

  private func register<Observer: AnyObject>(
    _ observer: Observer, name: Notification.Name?, object: Any?,
    call: @escaping (Observer, Notification) -> Void
  ) {
    let weakObserver = WeakReference(observer)
    let deliver = UncheckedSendable(call)
    let token = addObserver(forName: name, object: object, queue: nil) { notification in
      guard let target = weakObserver.object else { return }
      deliver.value(target, notification)
    }
    SelectorObservations.shared.add(token, observer: observer, name: name, center: self)
  }
}

/// The observations registered with a method reference, by observer, so that
/// `removeObserver(self)` finds their tokens.
private final class SelectorObservations: Sendable {
  static let shared = SelectorObservations()

  private struct Entry {
    let observer: ObjectIdentifier
    let name: Notification.Name?
    let center: ObjectIdentifier
    let token: UncheckedSendable<NSObjectProtocol>
  }

  private let entries = Mutex<[Entry]>([])

  func add(
    _ token: NSObjectProtocol, observer: AnyObject, name: Notification.Name?,
    center: NotificationCenter
  ) {
    let entry = Entry(
      observer: ObjectIdentifier(observer), name: name, center: ObjectIdentifier(center),
      token: UncheckedSendable(token))
    entries.withLock { $0.append(entry) }
  }

  /// Takes out the tokens of `observer`'s observations on `center` for `name` (all, if nil).
  func remove(_ observer: AnyObject, name: Notification.Name?, center: NotificationCenter)
    -> [NSObjectProtocol]
  {
    let id = ObjectIdentifier(observer)
    let centre = ObjectIdentifier(center)
    return entries.withLock { entries in
      var removed: [NSObjectProtocol] = []
      entries.removeAll { entry in
        guard entry.observer == id, entry.center == centre,
          name == nil || entry.name == name
        else { return false }
        removed.append(entry.token.value)
        return true
      }
      return removed
    }
  }
}

/// A weak reference a `@Sendable` observer block can hold.
private final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

/// A value handed to Foundation's `@Sendable` observer block: the observer's method runs on
/// the thread that posts, as UIKit's selector-based observers do.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
