import ScreenKit

@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "demo.contacts", version: "1.0.0") { plugin in
    plugin.register(
      .viewController(
        "demo.Contacts",
        summary: "A contacts list: sections by initial, search, swipe to delete, a detail screen",
        params: .object([
          .init(
            "count", .integer("people in the list", default: 1000, minimum: 0, maximum: 1_000_000))
        ]),
        events: ["selected", "deleted"]
      ) { context in
        let list = ContactsViewController(
          directory: ContactDirectory(count: Int(context.params["count"]?.intValue ?? 1000))
        ) { context.emit($0, $1) }
        let navigation = NavigationController(rootViewController: list)
        navigation.restorationIdentifier = "contacts"
        navigation.view.tintColor = ContactsPalette.tint  // its bar and pushed screens inherit it
        return navigation
      })
    plugin.register(
      .viewController(
        "demo.Favorites",
        summary: "Favourite people as a grid of cards (a collection view with a flow layout)",
        params: .object([
          .init("count", .integer("people in the grid", default: 60, minimum: 0, maximum: 100_000))
        ]),
        events: ["selected"]
      ) { context in
        let directory = ContactDirectory(count: Int(context.params["count"]?.intValue ?? 60))
        let favorites = FavoritesViewController(
          people: directory.sections.flatMap(\.people)
        ) { context.emit($0, $1) }
        let navigation = NavigationController(rootViewController: favorites)
        navigation.view.tintColor = ContactsPalette.tint
        return navigation
      })
  }
}
