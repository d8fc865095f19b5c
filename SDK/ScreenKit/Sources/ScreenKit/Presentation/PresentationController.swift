/// The object that manages a presented controller's presentation, as
/// `UIPresentationController`: its style, the dimming behind it, and the delegate asked
/// about interactive dismissal (a swipe down on a sheet).
@MainActor
public final class PresentationController {
  /// The controller presented.
  public private(set) weak var presentedViewController: ViewController?
  /// The controller that presented it, while presented.
  public var presentingViewController: ViewController? {
    presentedViewController?.presentingViewController
  }
  /// The delegate asked whether a swipe may dismiss the sheet and told when it did.
  public weak var delegate: AdaptivePresentationControllerDelegate?

  /// The view laid over the presenter while presented (a non-full-screen style).
  public internal(set) var dimmingView: PresentationDimmingView?
  /// The style resolved when the controller was presented.
  var kind: PresentationKind?

  init(presented: ViewController) {
    presentedViewController = presented
  }

  /// The style the presentation resolved to (`pageSheet`, `alert`, …), `nil` when not
  /// presented; the wire's `presentation` prop.
  public var presentationStyleName: String? { kind?.rawValue }

  /// A swipe down on the sheet, as the user's drag: dismisses it unless the presented
  /// controller is modal in presentation or the delegate refuses (then the delegate hears
  /// `presentationControllerDidAttemptToDismiss`). Order as UIKit's: `shouldDismiss`,
  /// `willDismiss`, the dismissal, `didDismiss`. Returns whether it was dismissed.
  @discardableResult
  public func dismissInteractively() -> Bool {
    guard let presented = presentedViewController, let kind, kind.isSheet else { return false }
    if presented.isModalInPresentation
      || !(delegate?.presentationControllerShouldDismiss(self) ?? true)
    {
      delegate?.presentationControllerDidAttemptToDismiss(self)
      return false
    }
    delegate?.presentationControllerWillDismiss(self)
    // The user's drag already moved the sheet: the delegate hears of the dismissal with
    // the swipe's reply.
    presented.dismiss(animated: true)
    delegate?.presentationControllerDidDismiss(self)
    return true
  }
}

/// The delegate of a ``PresentationController``, as
/// `UIAdaptivePresentationControllerDelegate`: asked whether an interactive dismissal (a
/// swipe down on a sheet) may happen and told about it. Dismissals in code
/// (`dismiss(animated:completion:)`) are not reported, as in UIKit.
@MainActor
public protocol AdaptivePresentationControllerDelegate: AnyObject {
  /// Whether the sheet may be dismissed by a swipe; `true` by default.
  func presentationControllerShouldDismiss(_ presentationController: PresentationController)
    -> Bool
  /// A swipe would have dismissed the sheet but was refused.
  func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController)
  /// A swipe is about to dismiss the sheet.
  func presentationControllerWillDismiss(_ presentationController: PresentationController)
  /// A swipe dismissed the sheet.
  func presentationControllerDidDismiss(_ presentationController: PresentationController)
}

extension AdaptivePresentationControllerDelegate {
  /// Allows the dismissal.
  public func presentationControllerShouldDismiss(
    _ presentationController: PresentationController
  ) -> Bool { true }
  /// Does nothing.
  public func presentationControllerDidAttemptToDismiss(
    _ presentationController: PresentationController
  ) {}
  /// Does nothing.
  public func presentationControllerWillDismiss(_ presentationController: PresentationController) {}
  /// Does nothing.
  public func presentationControllerDidDismiss(_ presentationController: PresentationController) {}
}

/// The view laid over the presenter behind a presented sheet, alert or menu: a `view`
/// node with the dimming colour as its background, keyed `presentation.dimming`. A tap on
/// it dismisses a menu, and an action sheet by its cancel action (as UIKit's tap outside
/// the sheet); alerts and sheets ignore it.
@MainActor
public final class PresentationDimmingView: View, TapReceiving {
  weak var presentationController: PresentationController?

  init(controller: PresentationController, color: Color?) {
    presentationController = controller
    super.init(frame: .zero)
    backgroundColor = color
    accessibilityIdentifier = "presentation.dimming"
  }

  /// Dismisses a menu or an action sheet with a cancel action.
  public func receiveTap() -> Bool {
    guard let controller = presentationController,
      let presented = controller.presentedViewController
    else { return false }
    switch controller.kind {
    case .menu:
      presented.dismiss(animated: true)
      return true
    case .actionSheet:
      guard let alert = presented as? AlertController,
        let cancel = alert.actions.first(where: { $0.style == .cancel })
      else { return false }
      return alert.choose(cancel)
    default:
      return false
    }
  }
}

/// The presentation settings of a controller.
@MainActor
final class ViewControllerPresentationState {
  var style: ModalPresentationStyle = .automatic
  var isModalInPresentation = false
  var transitionStyle = ModalTransitionStyle.coverVertical
  var controller: PresentationController?
}

extension ViewController {
  /// How the controller is shown when presented; `automatic` by default, as UIKit's.
  public var modalPresentationStyle: ModalPresentationStyle {
    get { presentationState.style }
    set { presentationState.style = newValue }
  }

  /// Whether the controller refuses interactive dismissal (a swipe down on its sheet);
  /// `false` by default, as UIKit's.
  public var isModalInPresentation: Bool {
    get { presentationState.isModalInPresentation }
    set { presentationState.isModalInPresentation = newValue }
  }

  /// The controller managing this controller's presentation, made on first use so that
  /// its delegate can be set before `present(_:animated:completion:)`, as in UIKit.
  public var presentationController: PresentationController? {
    if let controller = presentationState.controller { return controller }
    let controller = PresentationController(presented: self)
    presentationState.controller = controller
    return controller
  }

  /// The style the presentation takes in `window`.
  func resolvedPresentationKind(in window: Window) -> PresentationKind {
    if let alert = self as? AlertController {
      return alert.preferredStyle == .alert ? .alert : .actionSheet
    }
    if self is MenuController { return .menu }
    let regular = window.isRegularWidth
    switch modalPresentationStyle {
    case .fullScreen: return .fullScreen
    case .overFullScreen: return .overFullScreen
    case .automatic, .pageSheet: return .pageSheet
    case .formSheet, .popover: return regular ? .formSheet : .pageSheet
    }
  }

  /// The frame of this presented controller's view in a window of `size`.
  func presentedFrame(kind: PresentationKind, in window: Window, size: Size) -> Rect {
    let insets = window.hostSafeAreaInsets
    switch kind {
    case .fullScreen, .overFullScreen:
      return Rect(origin: .zero, size: size)
    case .pageSheet:
      // UIKit's sheet starts 10 points below the status bar (the top safe area).
      let top = insets.top + 10
      let width = window.isRegularWidth ? min(size.width, 704) : size.width
      return Rect(
        x: (size.width - width) / 2, y: top, width: width, height: max(0, size.height - top))
    case .formSheet:
      let width = min(size.width, 540)
      let height = min(size.height - insets.top - insets.bottom, 620)
      return Rect(
        x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    case .alert, .actionSheet, .menu:
      return (self as? PresentedCard)?.cardFrame(in: window, size: size)
        ?? Rect(origin: .zero, size: size)
    }
  }

  /// The safe area a presented controller's view gets: the host's insets for full-screen
  /// styles; a compact page sheet (below the status bar) only the bottom and side ones;
  /// centred cards none.
  func presentedSafeAreaInsets(in window: Window) -> EdgeInsets? {
    guard lifecycle.presentingViewController != nil, let kind = presentationState.controller?.kind
    else { return nil }
    let host = window.hostSafeAreaInsets
    switch kind {
    case .fullScreen, .overFullScreen: return host
    case .pageSheet:
      return window.isRegularWidth
        ? EdgeInsets(top: 0, left: 0, bottom: host.bottom, right: 0)
        : EdgeInsets(top: 0, left: host.left, bottom: host.bottom, right: host.right)
    case .formSheet, .alert, .actionSheet, .menu: return .zero
    }
  }
}

/// A presented controller that sizes its own card (an alert, an action sheet, a menu).
@MainActor
protocol PresentedCard: ViewController {
  func cardFrame(in window: Window, size: Size) -> Rect
}

extension Window {
  /// Whether the window has a regular width: its traits say so, or (unspecified) it is at
  /// least 700 points on both sides, as an iPad's is (768×1024 and larger); a phone in
  /// landscape (844×390) is compact.
  var isRegularWidth: Bool {
    switch traitCollection.horizontalSizeClass {
    case .regular: true
    case .compact: false
    default: frame.width >= 700 && frame.height >= 700
    }
  }
}

extension View {
  /// The resolved presentation style when this view is a presented controller's view
  /// (`pageSheet`, `alert`, …): what the wire's `presentation` prop carries.
  public var presentationStyleName: String? {
    guard let controller = owningViewController,
      controller.lifecycle.presentingViewController != nil
    else { return nil }
    return controller.presentationState.controller?.presentationStyleName
  }
}
