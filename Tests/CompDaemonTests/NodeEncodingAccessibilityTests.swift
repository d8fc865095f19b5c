import JSONRPC
import ScreenKit
import Testing

@testable import CompdSceneHost

/// The `a11y` prop as the encoder writes it: nothing for a type's defaults, the differing
/// members for set values and for a plugin subclass's overridden getters.
@MainActor
@Suite struct NodeEncodingAccessibilityTests {
  /// A plugin's label that names itself, as UIKit developers override the getter.
  final class PriceLabel: Label {
    override var accessibilityLabel: String? {
      get { "Price: \(text ?? "")" }
      set { super.accessibilityLabel = newValue }
    }
  }

  func a11y(_ view: View, children: [String] = []) -> JSON? {
    let type = NodeEncoding.type(of: view)
    return NodeEncoding.nodeProps(of: view, type: type, children: children)["a11y"]
  }

  @Test func defaultsSendNothing() {
    let label = Label()
    label.text = "Name"
    let toggle = Switch()
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 100, height: 31))
    slider.value = 0.5
    #expect(a11y(label) == nil && a11y(toggle) == nil && a11y(slider) == nil)
    #expect(a11y(View()) == nil)
  }

  @Test func setMembersAreSentAlone() {
    let toggle = Switch()
    toggle.accessibilityLabel = "Autoplay"
    toggle.accessibilityHint = "Plays videos"
    #expect(a11y(toggle) == ["label": "Autoplay", "hint": "Plays videos"])
    let image = ImageView(image: nil)
    image.isAccessibilityElement = true
    image.accessibilityLabel = "Logo"
    #expect(a11y(image) == ["element": true, "label": "Logo"])
    let panel = View()
    panel.accessibilityElementsHidden = true
    panel.accessibilityViewIsModal = true
    panel.shouldGroupAccessibilityChildren = true
    panel.accessibilityLanguage = "de"
    panel.accessibilityCustomActions = [AccessibilityCustomAction(name: "Close") { _ in true }]
    #expect(
      a11y(panel) == [
        "hidden": true, "modal": true, "group": true, "language": "de", "actions": ["Close"],
      ])
  }

  @Test func orderNamesChildNodes() {
    let box = View()
    let first = Label()
    let second = Label()
    box.addSubview(first)
    box.addSubview(second)
    box.accessibilityElements = [second, first]
    #expect(a11y(box, children: ["n2", "n3"]) == ["order": ["n3", "n2"]])
  }

  @Test func aSubclassesOverriddenGetterIsSent() {
    let price = PriceLabel()
    price.text = "3 €"
    #expect(NodeEncoding.isScreenKitClass(Label()))
    #expect(!NodeEncoding.isScreenKitClass(price))
    #expect(a11y(price) == ["label": "Price: 3 €"])
  }

  @Test func removedDefaultsAreSentEmpty() {
    let label = Label()
    label.text = "Decoration"
    label.accessibilityTraits = []
    label.isAccessibilityElement = false
    #expect(a11y(label) == ["element": false, "traits": []])
  }
}
