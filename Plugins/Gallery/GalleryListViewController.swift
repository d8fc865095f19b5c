import ScreenKit

/// The gallery's root: an inset-grouped table with a row per registered component (but the
/// gallery itself), its name and summary; a tap makes that component through the registry
/// and pushes it on the navigation stack.
///
/// State restoration keeps the pushed screens: each is named in the stack by its component
/// name, so the navigation controller recreates it through the registry, and restores its
/// own state when the component takes part.
final class GalleryListViewController: TableViewController {
  private let components: [(name: String, summary: String)]
  private let open: (String) throws -> ViewController
  private let emit: (String, ParamValue) -> Void

  init(
    components: [(name: String, summary: String)],
    open: @escaping (String) throws -> ViewController,
    emit: @escaping (String, ParamValue) -> Void
  ) {
    self.components = components
    self.open = open
    self.emit = emit
    super.init(style: .insetGrouped)
    title = String(localized: "Gallery")
    restorationIdentifier = "list"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.accessibilityIdentifier = "components"
    tableView.register(TableViewCell.self, forCellReuseIdentifier: "component")
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    components.count
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    String(localized: "Components")
  }

  /// A row per component: its name, its summary under it, a chevron; keyed by the name.
  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let component = components[indexPath.row]
    let cell = tableView.dequeueReusableCell(withIdentifier: "component", for: indexPath)
    var content = ListContentConfiguration.subtitleCell()
    content.text = component.name
    content.secondaryText = component.summary
    content.secondaryTextProperties.color = GalleryPalette.secondaryText
    cell.contentConfiguration = content
    cell.accessoryType = .disclosureIndicator
    cell.accessibilityIdentifier = component.name
    return cell
  }

  /// The section's title in the palette's secondary text colour (the grouped style's
  /// `secondaryLabel` is 3.3:1 on the grouped background).
  override func tableView(
    _ tableView: TableView, willDisplayHeaderView view: View, forSection section: Int
  ) {
    (view as? TableViewHeaderFooterView)?.textLabel.textColor = GalleryPalette.secondaryText
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    show(components[indexPath.row].name)
  }

  /// Gives the pushed screens recreated by a restoration the title a tap gives them.
  override func applicationFinishedRestoringState() {
    super.applicationFinishedRestoringState()
    for controller in navigationController?.viewControllers ?? [] where controller !== self {
      if let name = controller.restorationIdentifier { prepare(controller, component: name) }
    }
  }

  /// Names `controller` by its component in the stack, and titles it so when it has none.
  private func prepare(_ controller: ViewController, component name: String) {
    controller.restorationIdentifier = name
    if controller.title == nil { controller.title = name }
  }

  private func show(_ name: String) {
    do {
      let controller = try open(name)
      prepare(controller, component: name)
      navigationController?.pushViewController(controller, animated: false)
      emit("opened", ["component": .string(name)])
    } catch {
      emit("openFailed", ["component": .string(name), "error": .string("\(error)")])
    }
  }
}
