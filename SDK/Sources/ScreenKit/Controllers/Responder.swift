/// An object that can respond to and handle events, as `UIResponder`.
///
/// Views and view controllers are responders; `next` forms the responder chain.
@MainActor
open class Responder {
  public init() {}

  /// The next responder in the chain, or `nil` at its end.
  open var next: Responder? { nil }
}
