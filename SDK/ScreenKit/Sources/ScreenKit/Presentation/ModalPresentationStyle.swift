/// How a presented controller is shown, as `UIModalPresentationStyle`.
///
/// The resolved style of a presentation (what the wire's `presentation` prop names, see
/// docs/protocol.md, "Presentation") follows UIKit on iPhone: `automatic` is a page sheet
/// (UIKit's mapping before iOS 18; iOS 18 maps it to a form sheet, which a compact width
/// shows as the same card); a form sheet and a popover show as a page sheet on a compact
/// width, as UIKit adapts them. Only `fullScreen` takes the presenter's view out of the
/// window (and sends it the disappearance callbacks); every other style keeps it in the
/// tree underneath.
public enum ModalPresentationStyle: String, Sendable, Hashable, CaseIterable {
  /// The system's choice: a page sheet for ordinary controllers; an alert controller's
  /// own presentation for ``AlertController``.
  case automatic
  /// Covers the window; the presenter's view leaves the window.
  case fullScreen
  /// Covers the window; the presenter's view stays underneath.
  case overFullScreen
  /// A card below the status bar over the dimmed presenter (on a regular width, at most
  /// 704 points wide, centred).
  case pageSheet
  /// On a regular width a 540×620-point card centred over the dimmed presenter (UIKit's
  /// default form sheet size); a page sheet on a compact width.
  case formSheet
  /// A popover; shown as a page sheet on a compact width and as a form sheet on a regular
  /// one (ScreenKit has no popover arrow).
  case popover
}

/// How a presentation places the presented view: the style resolved for the window.
enum PresentationKind: String, Sendable {
  case fullScreen, overFullScreen, pageSheet, formSheet, alert, actionSheet, menu

  /// Whether the presenter's view stays in the window underneath.
  var keepsPresenter: Bool { self != .fullScreen }

  /// Whether a swipe down may dismiss it interactively.
  var isSheet: Bool { self == .pageSheet || self == .formSheet }

  /// The colour laid over the presenter. UIKit does not publish its dimming colours; these
  /// are black at the opacities its dimming views have on screen (about 20% behind alerts
  /// and action sheets, about 40% behind sheets; menus do not dim).
  var dimmingColor: Color? {
    switch self {
    case .fullScreen, .overFullScreen: nil
    case .pageSheet, .formSheet: Color(white: 0, alpha: 0.4)
    case .alert, .actionSheet: Color(white: 0, alpha: 0.2)
    case .menu: .clear
    }
  }
}
