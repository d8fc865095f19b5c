/// A target-action pair's action for items that are not controls (bar button items), as an
/// Objective-C selector is in UIKit: an unapplied method reference, the same shape
/// `Control.addTarget(_:action:for:)` takes, which `screenkit-port` writes for
/// `#selector(…)`.
///
/// The method takes no argument or one sender argument (`BarButtonItem`, `Any`, …); it is
/// called on the item's target. A method whose class is not the target's is not called.
@MainActor
public struct TargetAction {
  private let invoke: @MainActor (AnyObject, Any) -> Bool

  /// An action calling a method that takes no argument, such as `ListController.add`.
  public init<Target: AnyObject>(_ method: @escaping (Target) -> () -> Void) {
    invoke = { target, _ in
      guard let target = target as? Target else { return false }
      method(target)()
      return true
    }
  }

  /// An action calling a method that takes the sender, such as `ListController.add(_:)`.
  public init<Target: AnyObject, Sender>(_ method: @escaping (Target) -> (Sender) -> Void) {
    invoke = { target, sender in
      guard let target = target as? Target, let sender = sender as? Sender else { return false }
      method(target)(sender)
      return true
    }
  }

  /// Calls the method on `target` with `sender`; returns whether it was called.
  @discardableResult
  public func send(to target: AnyObject, sender: Any) -> Bool { invoke(target, sender) }
}
