/// The display a window is shown on, as UIKit's `UIScreen`.
///
/// On compd every scene has its own window, sized by its client's viewport, and one scene
/// host runs many scenes at once: there is no single device screen. A screen therefore
/// describes one window's display, and `Screen.main` the window of the scene whose code runs
/// now — the one most recently made key or given input — so that code written for iOS
/// (`UIScreen.main.bounds.width`) reads its own scene's size.
@MainActor
public final class Screen {
  /// The screen of the scene whose code runs now; without any window yet, an iPhone's
  /// (390 × 844 points at 3 pixels per point), as a component's code sees before its scene
  /// is shown.
  public static var main: Screen { Screen(window: Window.active) }

  /// The screen `window` is shown on (an iPhone's without a window).
  public init(window: Window?) {
    if let window {
      bounds = Rect(origin: .zero, size: window.bounds.size)
      scale = window.traitCollection.displayScale
      traitCollection = window.traitCollection
    } else {
      bounds = Rect(x: 0, y: 0, width: 390, height: 844)
      scale = 3
      traitCollection = TraitCollection(displayScale: 3)
    }
  }

  /// The screen's bounds in points: its window's size, at the origin.
  public let bounds: Rect
  /// Pixels per point of the client's display.
  public let scale: Double
  /// The traits of the screen's window.
  public let traitCollection: TraitCollection

  /// The bounds in pixels.
  public var nativeBounds: Rect {
    Rect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
  }

  /// Pixels per point, as `scale`.
  public var nativeScale: Double { scale }
}

extension Window {
  /// The window of the scene whose code runs now: the one most recently made key or given
  /// input (`Screen.main`).
  public internal(set) static weak var active: Window?
}
