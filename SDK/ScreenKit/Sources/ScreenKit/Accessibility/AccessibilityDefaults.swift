/// The computations behind each view type's accessibility defaults (the overrides live in
/// each type; what they compute lives here, one extension per type).
extension Control {
  /// `own` with `notEnabled` while disabled and `selected` while selected, as UIKit's
  /// controls report their state.
  func accessibilityStateTraits(_ own: AccessibilityTraits) -> AccessibilityTraits {
    var traits = own
    if !isEnabled { traits.insert(.notEnabled) }
    if isSelected { traits.insert(.selected) }
    return traits
  }
}

extension Button {
  /// The title when it has a non-empty one, else the shown image's name.
  var accessibilityDefaultLabel: String? {
    if let title = currentTitle, !title.isEmpty { return title }
    return currentImage?.name
  }
}

extension TextField {
  /// The text, or a bullet per character for a secure field; `nil` when empty.
  var accessibilityDefaultValue: String? {
    guard let text, !text.isEmpty else { return nil }
    return isSecureTextEntry ? String(repeating: "•", count: text.count) : text
  }
}

extension Slider {
  /// The value's place in the range as a whole percentage.
  var accessibilityDefaultValue: String? {
    let range = Double(maximumValue - minimumValue)
    let fraction = range > 0 ? Double(value - minimumValue) / range : 0
    return "\(Int((fraction * 100).rounded()))%"
  }

  /// Moves the value by `fraction` of the range as a user's drag would.
  func accessibilityStep(by fraction: Double) {
    let range = Double(maximumValue - minimumValue)
    _ = try? receiveValue(Double(value) + fraction * range, component: nil)
  }
}

extension Stepper {
  /// The value, without a fraction when it is whole.
  var accessibilityDefaultValue: String? {
    value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// A press on the + (`up`) or − half.
  func accessibilityPress(up: Bool) -> Bool {
    receiveTap(
      at: Point(x: leadingOffset(ofX: bounds.width * (up ? 0.75 : 0.25)), y: bounds.midY))
  }
}

extension SegmentedControl {
  /// An element per segment over its part of the control.
  var accessibilitySegmentElements: [Any] {
    var elements: [Any] = []
    var start = 0.0
    for (index, width) in segmentWidths.enumerated() {
      let element = AccessibilityElement(accessibilityContainer: self)
      element.isAccessibilityElement = true
      element.accessibilityLabel = titleForSegment(at: index)
      var traits: AccessibilityTraits = .button
      if index == selectedSegmentIndex { traits.insert(.selected) }
      if !isEnabled || !isEnabledForSegment(at: index) { traits.insert(.notEnabled) }
      element.accessibilityTraits = traits
      element.accessibilityFrameInContainerSpace = Rect(
        x: start, y: 0, width: width, height: bounds.height)
      elements.append(element)
      start += width
    }
    return elements
  }

  /// Selects the segment `offset` away from the selected one (the first when none is).
  func accessibilityMoveSelection(by offset: Int) {
    let next =
      selectedSegmentIndex == SegmentedControl.noSegment ? 0 : selectedSegmentIndex + offset
    guard next >= 0, next < numberOfSegments else { return }
    _ = try? receiveValue(Double(next), component: nil)
  }
}

extension View {
  /// Whether a shown control (or search bar) is among the subviews below this view: a cell
  /// that holds one is no element, so that the control stays reachable.
  public var accessibilityHoldsControl: Bool {
    for subview in subviews where !subview.isHidden {
      if subview is Control || subview is SearchBar || subview.accessibilityHoldsControl {
        return true
      }
    }
    return false
  }

  /// The labels of the subviews below this view that assistive technologies would read
  /// (shown, not hidden from them), in reading order, joined by ", "; `nil` when none has
  /// text. A cell's default label.
  public var accessibilityCombinedLabel: String? {
    var texts: [String] = []
    for item in accessibilityContentOrder {
      if let label = item.label, !label.isEmpty { texts.append(label) }
    }
    return texts.isEmpty ? nil : texts.joined(separator: ", ")
  }
}
