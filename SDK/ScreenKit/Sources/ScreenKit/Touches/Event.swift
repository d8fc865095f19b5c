/// An input event, as `UIEvent`: what kind of input a hit test or a responder works for, and
/// for touches, every touch in flight.
public struct Event: Sendable, Hashable {
  /// The kinds of event, as `UIEvent.EventType`.
  public enum Kind: String, Sendable, Hashable {
    /// Touches on the screen.
    case touches
    /// A scroll.
    case scroll
  }
  /// UIKit's name for ``Kind``.
  public typealias EventType = Kind

  /// The kind.
  public var kind: Kind
  /// UIKit's name for ``kind``.
  public var type: Kind { kind }
  /// When the event happened, in seconds of the client's monotonic clock (the host's when
  /// the client sent none).
  public var timestamp: Double
  /// Every touch of the window in flight (began and not ended or cancelled), `nil` for
  /// other kinds of event.
  public var allTouches: Set<Touch>?

  /// An event of a kind.
  public init(kind: Kind, timestamp: Double = 0, allTouches: Set<Touch>? = nil) {
    self.kind = kind
    self.timestamp = timestamp
    self.allTouches = allTouches
  }

  /// The touches in flight that were hit-tested to `view`.
  @MainActor
  public func touches(for view: View) -> Set<Touch>? {
    allTouches.map { $0.filter { $0.view === view } }
  }

  /// The touches in flight in `window`.
  @MainActor
  public func touches(for window: Window) -> Set<Touch>? {
    allTouches.map { $0.filter { $0.window === window } }
  }

  /// The touches in flight that `recognizer` receives.
  @MainActor
  public func touches(for recognizer: GestureRecognizer) -> Set<Touch>? {
    allTouches.map { $0.filter { $0.gestureRecognizers.contains { $0 === recognizer } } }
  }
}
