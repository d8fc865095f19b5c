/// An object that manages a view hierarchy, as `UIViewController`.
@MainActor
open class ViewController: Responder {
  private var loadedView: View?

  /// A controller with no view loaded yet.
  public override init() {
    super.init()
  }

  /// The root view, loaded on first access by `loadView()` then `viewDidLoad()`.
  public var view: View! {
    get {
      if loadedView == nil {
        loadView()
        if loadedView == nil { loadedView = View() }
        viewDidLoad()
      }
      return loadedView
    }
    set { loadedView = newValue }
  }

  /// Whether the view is loaded.
  public var isViewLoaded: Bool { loadedView != nil }

  /// The view if it is loaded; never loads it.
  public var viewIfLoaded: View? { loadedView }

  /// Creates the view. Override to assign a custom view to `view`; do not call `super`.
  open func loadView() {
    view = View()
  }

  /// Called once after the view is loaded.
  open func viewDidLoad() {}
}
