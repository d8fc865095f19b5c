import Foundation
import Testing

/// The SDK's `UIKit` module names every ScreenKit type that UIKit has, under UIKit's name.
@Suite struct UIKitModuleTests {
  static let root = PluginFixtureBuilder.repositoryRoot

  /// ScreenKit's own concepts, which have no UIKit counterpart to alias: the plugin API,
  /// restoration, input delivery, layout diagnostics and bindings.
  static let screenKitOnly: Set<String> = [
    "ABIStamp", "AppearanceState", "BindingTarget", "BindingUpdates", "Coder", "Component",
    "ComponentCatalog", "ComponentContext", "ComponentError", "ComponentEvent",
    "ComponentHostingController", "ComponentKind", "ContainmentIssue", "ContainmentReporter",
    "ControlActionToken", "DiffableDataSource", "DisplayJournal", "InputError",
    "KeyboardChange", "KeyPhase", "LayoutDiagnostics", "LayoutIssue", "LayoutItem", "LightweightController",
    "LogLine", "ParamSchema", "ParamValidationError", "ParamValue", "PluginEntry",
    "PluginRegistrar", "ResponderAction", "RestorationArchive", "RestorationError",
    "ScrollReceiving", "SwipeDirection", "TapReceiving", "TextInputReceiving", "TextLayout",
    "ToggleReceiving", "ValueInputReceiving", "ViewBinding", "StackViewController",
    "PointTapReceiving", "TargetAction", "TextRun", "TextRunLayout", "ImageFormat", "SHA256",
    // What an animation block or a container change gives the changes made in it, for
    // hosts to send to clients.
    "ViewAnimation", "ViewAnimations", "ContainerTransition", "ViewTransitions",
    // Accessibility's reading order and the actions the wire's accessibility event names.
    "AccessibilityItem", "AccessibilityAction",
    // The views ScreenKit's bars, menus, alerts and sheets are drawn with, which UIKit keeps
    // private.
    "AlertActionButton", "BarItemButton", "MenuEntryButton", "MenuController",
    "PresentationDimmingView",
    // Declared under UIKit's own (Foundation) names already.
    "NSParagraphStyle", "NSMutableParagraphStyle", "NSUnderlineStyle",
    // Geometry: aliased under the CoreGraphics names (CGPoint, CGSize, CGRect).
    "Point", "Size", "Rect",
    // Strings per scene: Foundation's job on iOS, where a process has one language.
    "LocalizedStrings", "SceneLocale", "PluralCategory", "PluralFormat",
  ]

  static func declarations(in directory: String, pattern: String) throws -> Set<String> {
    let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    var names = Set<String>()
    let enumerator = FileManager.default.enumerator(atPath: directory)
    while let file = enumerator?.nextObject() as? String {
      guard file.hasSuffix(".swift") else { continue }
      let text = try String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8)
      let range = NSRange(text.startIndex..., in: text)
      for match in regex.matches(in: text, range: range) {
        names.insert(String(text[Range(match.range(at: 1), in: text)!]))
      }
    }
    return names
  }

  @Test func everyScreenKitTypeHasItsUIKitName() throws {
    let types = try Self.declarations(
      in: "\(Self.root)/SDK/ScreenKit/Sources/ScreenKit",
      pattern: #"^(?:public|open) (?:final )?(?:class|struct|enum|protocol|typealias) (\w+)"#)
    #expect(types.count > 100)
    let aliased = try Self.declarations(
      in: "\(Self.root)/SDK/Sources/UIKit",
      pattern: #"^\s*public typealias \w+ =\s*(?:ScreenKit\.)?(\w+)"#)
    let missing = types.subtracting(aliased).subtracting(Self.screenKitOnly)
    #expect(missing.isEmpty, "ScreenKit types with no UIKit name: \(missing.sorted())")
    let stale = Self.screenKitOnly.subtracting(types)
    #expect(stale.isEmpty, "listed as ScreenKit's own but gone: \(stale.sorted())")
  }
}
