/// The root of a view hierarchy that a scene shows, as `UIWindow`.
@MainActor
open class Window: View {
  open override var window: Window? { self }
}
