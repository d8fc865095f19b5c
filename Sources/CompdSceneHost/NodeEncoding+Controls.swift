import CompdProtocol
import JSONRPC
import ScreenKit

/// The node types and props of the valued controls: `slider`, `stepper`,
/// `segmentedControl`, `progress`, `pageControl` (docs/protocol.md, "Node types and
/// props"). Only what differs from a type's default is sent, except the value itself.
@MainActor
extension NodeEncoding {
  /// The node type of one of the valued controls, or `nil` for any other view.
  static func controlType(of view: View) -> String? {
    switch view {
    case is Slider: "slider"
    case is Stepper: "stepper"
    case is SegmentedControl: "segmentedControl"
    case is ProgressView: "progress"
    case is PageControl: "pageControl"
    default: nil
    }
  }

  /// Adds `color` as the prop `name` as it resolves in the scene's style, when that differs
  /// from `lightDefault`, the light value a client assumes: colours UIKit draws in dynamic
  /// system colours (a dark scene's white text, its grey selected segment) reach clients
  /// without each knowing the scene's style.
  static func addResolved(
    _ name: String, _ color: Color, lightDefault: String, wire: (Color) -> JSON,
    to props: inout JSONObject
  ) {
    let resolved = wire(color)
    if resolved != .string(lightDefault) { props[name] = resolved }
  }

  /// Adds the props of a valued control; `false` when `view` is none.
  static func addControlProps(
    of view: View, wire: (Color) -> JSON, to props: inout JSONObject
  ) -> Bool {
    let tint = view.tintColor ?? .systemBlue
    // The tint as it resolves in the scene's style and contrast: the default system blue is
    // #0a84ff in the dark and #0040dd in increased contrast, which a client cannot know.
    func addTint() {
      NodeEncoding.addResolved("tintColor", tint, lightDefault: "#007affff", wire: wire, to: &props)
    }
    func addResolved(_ name: String, _ color: Color, lightDefault: String) {
      NodeEncoding.addResolved(name, color, lightDefault: lightDefault, wire: wire, to: &props)
    }
    switch view {
    case let slider as Slider:
      props["value"] = .number(Double(slider.value))
      if slider.minimumValue != 0 { props["minimumValue"] = .number(Double(slider.minimumValue)) }
      if slider.maximumValue != 1 { props["maximumValue"] = .number(Double(slider.maximumValue)) }
      if !slider.isContinuous { props["continuous"] = false }
      addTint()
      if let color = slider.minimumTrackTintColor { props["minimumTrackTintColor"] = wire(color) }
      if let color = slider.maximumTrackTintColor { props["maximumTrackTintColor"] = wire(color) }
      if let color = slider.thumbTintColor { props["thumbTintColor"] = wire(color) }
      if !slider.isEnabled { props["enabled"] = false }
    case let stepper as Stepper:
      props["value"] = .number(stepper.value)
      if stepper.minimumValue != 0 { props["minimumValue"] = .number(stepper.minimumValue) }
      if stepper.maximumValue != 100 { props["maximumValue"] = .number(stepper.maximumValue) }
      if stepper.stepValue != 1 { props["stepValue"] = .number(stepper.stepValue) }
      if stepper.wraps { props["wraps"] = true }
      if !stepper.autorepeat { props["autorepeat"] = false }
      addTint()
      addResolved("textColor", .label, lightDefault: "#000000ff")
      if !stepper.isEnabled { props["enabled"] = false }
    case let control as SegmentedControl:
      let widths = control.segmentWidths
      props["segments"] = .array(
        (0..<control.numberOfSegments).map { index in
          var segment: JSONObject = ["width": .number((widths[index] * 1000).rounded() / 1000)]
          if let title = control.titleForSegment(at: index) { segment["title"] = .string(title) }
          if !control.isEnabledForSegment(at: index) { segment["enabled"] = false }
          return .object(segment)
        })
      if control.selectedSegmentIndex != SegmentedControl.noSegment {
        props["selectedSegmentIndex"] = .int(Int64(control.selectedSegmentIndex))
      }
      if control.isMomentary { props["momentary"] = true }
      addResolved(
        "selectedSegmentTintColor",
        control.selectedSegmentTintColor ?? SegmentedControl.defaultSelectedSegmentTintColor,
        lightDefault: "#ffffffff")
      addResolved("textColor", .label, lightDefault: "#000000ff")
      if !control.isEnabled { props["enabled"] = false }
    case let progress as ProgressView:
      props["progress"] = .number(Double(progress.progress))
      if progress.progressViewStyle != .default {
        props["progressViewStyle"] = .string(progress.progressViewStyle.rawValue)
      }
      addTint()
      if let color = progress.progressTintColor { props["progressTintColor"] = wire(color) }
      if let color = progress.trackTintColor { props["trackTintColor"] = wire(color) }
    case let pages as PageControl:
      props["numberOfPages"] = .int(Int64(pages.numberOfPages))
      if pages.currentPage != 0 { props["currentPage"] = .int(Int64(pages.currentPage)) }
      if pages.hidesForSinglePage { props["hidesForSinglePage"] = true }
      addResolved(
        "pageIndicatorTintColor", pages.pageIndicatorTintColor ?? .tertiaryLabel,
        lightDefault: "#3c3c434d")
      addResolved(
        "currentPageIndicatorTintColor", pages.currentPageIndicatorTintColor ?? .label,
        lightDefault: "#000000ff")
      if !pages.isEnabled { props["enabled"] = false }
    default:
      return false
    }
    return true
  }
}
