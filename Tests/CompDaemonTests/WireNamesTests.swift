import ScreenKit
import Testing

@testable import CompdProtocol
@testable import CompdSceneHost

/// The protocol module names some of ScreenKit's values in wire terms, so that the broker
/// can check them without linking ScreenKit; the scene host converts them back. These
/// tests keep the two lists the same.
struct WireNamesTests {
  @Test func environmentNamesAreScreenKitTraits() {
    #expect(
      SceneEnvironment.ContentSizeCategory.allCases.map(\.rawValue)
        == TraitCollection.ContentSizeCategory.allCases.filter { $0 != .unspecified }.map(
          \.rawValue))
    #expect(
      SceneEnvironment.Style.allCases.map(\.rawValue)
        == TraitCollection.UserInterfaceStyle.allCases.filter { $0 != .unspecified }.map(
          \.rawValue))
    #expect(
      SceneEnvironment.Contrast.allCases.map(\.rawValue)
        == TraitCollection.AccessibilityContrast.allCases.filter { $0 != .unspecified }.map(
          \.rawValue))
    // Every wire value becomes the trait of the same name.
    for category in SceneEnvironment.ContentSizeCategory.allCases {
      var environment = SceneEnvironment()
      environment.contentSizeCategory = category
      #expect(
        environment.traitCollection.preferredContentSizeCategory.rawValue == category.rawValue)
    }
    var dark = SceneEnvironment()
    dark.style = .dark
    dark.contrast = .high
    #expect(dark.traitCollection.userInterfaceStyle == .dark)
    #expect(dark.traitCollection.accessibilityContrast == .high)
  }

  @Test func manifestKindsAreScreenKitComponentKinds() {
    #expect(
      PluginManifest.ComponentEntry.Kind.allCases.map(\.rawValue)
        == ComponentKind.allCases.map(\.rawValue))
    for kind in ComponentKind.allCases {
      #expect(PluginManifest.ComponentEntry.Kind(kind).rawValue == kind.rawValue)
    }
  }

  /// The broker's naming rule (declarative screens, manifests) is the catalog's.
  @Test func componentNamesFollowTheCatalogsRule() {
    let names = [
      "demo.Login", "a.b", "acme.counter-2", "acme.my_screen.Detail", "Login", ".Login",
      "demo.", "demo..Login", "2demo.Login", "demo.2Login", "demo.Lo gin", "démo.Login",
      "demo.Login!", "", "x." + String(repeating: "a", count: 126),
      "x." + String(repeating: "a", count: 127),
    ]
    for name in names {
      #expect(ComponentName.isValid(name) == ComponentCatalog.isValidName(name), "\(name)")
    }
    #expect(
      ComponentName.invalidNameMessage("Login") == ComponentError.invalidName("Login").description)
  }
}
