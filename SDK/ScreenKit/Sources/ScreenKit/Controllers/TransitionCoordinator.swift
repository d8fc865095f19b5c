/// Runs code alongside a size transition and after it, as
/// `UIViewControllerTransitionCoordinator`. ScreenKit is headless: the "animation" runs
/// at once when the new size is applied, and completions after the layout.
@MainActor
public final class TransitionCoordinator {
  private var alongside: [() -> Void] = []
  private var completions: [() -> Void] = []

  init() {}

  /// Registers `animation` to run when the new size is applied and `completion` after it.
  public func animate(alongsideTransition animation: (() -> Void)?, completion: (() -> Void)? = nil)
  {
    if let animation { alongside.append(animation) }
    if let completion { completions.append(completion) }
  }

  func runAlongside() {
    let blocks = alongside
    alongside = []
    for block in blocks { block() }
  }

  func runCompletions() {
    let blocks = completions
    completions = []
    for block in blocks { block() }
  }
}
