import ScreenKit

@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "demo.gallery", version: "1.0.0") { plugin in
    plugin.register(ControlsViewController.component)
    plugin.register(
      .viewController(
        "demo.Gallery",
        summary: "A navigation controller listing the registered components; pushes the chosen one",
        events: ["opened", "openFailed"]
      ) { context in
        let others = context.registeredComponents.filter { $0 != context.component }
          .compactMap { name in context.registeredComponent(named: name).map { (name, $0.summary) }
          }
        let list = GalleryListViewController(
          components: others.map { (name: $0.0, summary: $0.1) },
          open: { try context.makeComponent($0) }, emit: { context.emit($0, $1) })
        let navigation = NavigationController(rootViewController: list)
        navigation.restorationIdentifier = "gallery"
        // Its bar's items and back buttons, and the pages pushed on it, inherit the tint.
        navigation.view.tintColor = GalleryPalette.tint
        return navigation
      })
    plugin.register(GalleryImagesViewController.component)
    plugin.register(BarsAndAlertsViewController.component)
    plugin.register(textControlsComponent())
    plugin.register(PlaygroundViewController.component)
    plugin.register(PagesViewController.component)
  }
}
