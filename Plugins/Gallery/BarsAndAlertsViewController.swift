import ScreenKit

/// The gallery's page of bars and presentations: bar button items on both sides (an edit
/// item, a system add item, a menu), a large title, a toolbar with flexible spaces, and
/// buttons that present an alert, an action sheet, an alert with a text field, a page
/// sheet and a form sheet. What the user chose shows in the `status` label and is emitted
/// as `chose` with what was chosen.
final class BarsAndAlertsViewController: ViewController {
  /// The gallery page as a component, `demo.BarsAndAlerts`.
  nonisolated static let component = Component.viewController(
    "demo.BarsAndAlerts", summary: "Bar button items, a toolbar, large titles, alerts and sheets",
    events: ["chose"]
  ) { context in BarsAndAlertsViewController(emit: { context.emit($0, $1) }) }

  private let emit: (String, ParamValue) -> Void
  private let status = Label()
  private var added = 0

  init(emit: @escaping (String, ParamValue) -> Void) {
    self.emit = emit
    super.init()
    title = String(localized: "Bars & Alerts")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    view.tintColor = GalleryPalette.tint
    let add = BarButtonItem(
      barButtonSystemItem: .add, target: self, action: BarsAndAlertsViewController.addItem(_:))
    add.accessibilityIdentifier = "add"
    let sort = BarButtonItem(
      title: String(localized: "Sort"),
      menu: Menu(
        title: String(localized: "Sort by"),
        children: [
          Action(title: String(localized: "Name")) { [weak self] _ in self?.report("sort name") },
          Action(title: String(localized: "Date")) { [weak self] _ in self?.report("sort date") },
          Action(title: String(localized: "Delete All"), attributes: .destructive) {
            [weak self] _ in
            self?.report("delete all")
          },
        ]))
    sort.accessibilityIdentifier = "sort"
    let settings = BarButtonItem(
      image: Image(systemName: "gear"), style: .plain, target: self,
      action: BarsAndAlertsViewController.openSettings)
    settings.accessibilityIdentifier = "settings"
    settings.accessibilityLabel = "Settings"  // the gear alone says nothing to a screen reader
    navigationItem.rightBarButtonItems = [add, sort, settings]
    editButtonItem.accessibilityIdentifier = "edit"
    navigationItem.leftItemsSupplementBackButton = true
    navigationItem.leftBarButtonItem = editButtonItem
    navigationItem.largeTitleDisplayMode = .always
    let trash = BarButtonItem(
      barButtonSystemItem: .trash, target: self, action: BarsAndAlertsViewController.trash)
    let refresh = BarButtonItem(
      barButtonSystemItem: .refresh, target: self, action: BarsAndAlertsViewController.refresh)
    let prompt = BarButtonItem(
      title: String(localized: "Prompt"), style: .plain, target: self,
      action: BarsAndAlertsViewController.togglePrompt)
    setToolbarItems([trash, .flexibleSpace(), refresh, .flexibleSpace(), prompt], animated: false)

    status.accessibilityIdentifier = "status"
    status.text = String(localized: "Nothing chosen yet")
    status.textColor = GalleryPalette.secondaryText
    let buttons = [
      ("showAlert", "Alert", BarsAndAlertsViewController.showAlert),
      ("showActionSheet", "Action sheet", BarsAndAlertsViewController.showActionSheet),
      ("showTextAlert", "Alert with a text field", BarsAndAlertsViewController.showTextAlert),
      ("showPageSheet", "Page sheet", BarsAndAlertsViewController.showPageSheet),
      ("showFormSheet", "Form sheet", BarsAndAlertsViewController.showFormSheet),
    ].map { key, title, action in
      let button = Button(type: .system)
      button.setTitle(String(localized: title), for: .normal)
      button.titleLabel.font = .systemFont(ofSize: 17)
      button.accessibilityIdentifier = key
      button.addTarget(self, action: action, for: .touchUpInside)
      return button
    }
    let stack = StackView(arrangedSubviews: buttons + [status])
    stack.axis = .vertical
    stack.spacing = 12
    stack.alignment = .leading
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    LayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
      stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
    ])
  }

  /// Large titles and the toolbar are the navigation controller's: this page turns them
  /// on while it shows and off when it leaves.
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    navigationController?.navigationBar.prefersLargeTitles = true
    navigationController?.setToolbarHidden(false, animated: animated)
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    guard presentedViewController == nil else { return }
    navigationController?.navigationBar.prefersLargeTitles = false
    navigationController?.setToolbarHidden(true, animated: animated)
  }

  override func setEditing(_ editing: Bool, animated: Bool) {
    super.setEditing(editing, animated: animated)
    report(editing ? "editing" : "done editing")
  }

  private func report(_ choice: String) {
    status.text = String.localizedStringWithFormat(String(localized: "Chose %@"), choice)
    emit("chose", ["choice": .string(choice)])
  }

  private func addItem(_ sender: BarButtonItem) {
    added += 1
    report("add \(added)")
  }

  private func trash() { report("trash") }
  private func openSettings() { report("settings") }
  private func refresh() { report("refresh") }

  private func togglePrompt() {
    navigationItem.prompt =
      navigationItem.prompt == nil ? String(localized: "Prompts grow the bar by 30 points") : nil
    report(navigationItem.prompt == nil ? "no prompt" : "prompt")
  }

  private func showAlert() {
    let alert = AlertController(
      title: String(localized: "Delete the draft?"),
      message: String(localized: "This cannot be undone."), preferredStyle: .alert)
    alert.addAction(
      AlertAction(title: String(localized: "Cancel"), style: .cancel) { [weak self] _ in
        self?.report("cancel")
      })
    alert.addAction(
      AlertAction(title: String(localized: "Delete"), style: .destructive) { [weak self] _ in
        self?.report("delete")
      })
    alert.view.tintColor = GalleryPalette.tint  // a presented alert sits in the window
    present(alert, animated: true)
  }

  private func showActionSheet() {
    let sheet = AlertController(
      title: String(localized: "Share"), message: String(localized: "Send the photo with"),
      preferredStyle: .actionSheet)
    for app in ["Mail", "Messages", "Notes"] {
      sheet.addAction(
        AlertAction(title: String(localized: app), style: .default) { [weak self] _ in
          self?.report("share \(app)")
        })
    }
    sheet.addAction(
      AlertAction(title: String(localized: "Cancel"), style: .cancel) { [weak self] _ in
        self?.report("cancel share")
      })
    sheet.view.tintColor = GalleryPalette.tint
    present(sheet, animated: true)
  }

  private func showTextAlert() {
    let alert = AlertController(
      title: String(localized: "New folder"),
      message: String(localized: "Enter a name for this folder."), preferredStyle: .alert)
    alert.addTextField { field in field.placeholder = String(localized: "Name") }
    alert.addAction(AlertAction(title: String(localized: "Cancel"), style: .cancel))
    let save = AlertAction(title: String(localized: "Save"), style: .default) {
      [weak self, weak alert] _ in
      self?.report("folder \(alert?.textFields?.first?.text ?? "")")
    }
    alert.addAction(save)
    alert.preferredAction = save
    alert.view.tintColor = GalleryPalette.tint  // a presented alert sits in the window
    present(alert, animated: true)
  }

  private func showPageSheet() { presentSheet(.pageSheet) }
  private func showFormSheet() { presentSheet(.formSheet) }

  private func presentSheet(_ style: ModalPresentationStyle) {
    let content = SheetContentViewController(style: style) { [weak self] in
      self?.report("sheet closed")
    }
    let navigation = NavigationController(rootViewController: content)
    navigation.modalPresentationStyle = style
    navigation.view.tintColor = GalleryPalette.tint
    navigation.presentationController?.delegate = content
    present(navigation, animated: true)
  }
}

/// A sheet's content: a Done item that dismisses it, and a switch that makes it refuse the
/// swipe down (`isModalInPresentation`), as an edited form does.
private final class SheetContentViewController: ViewController,
  AdaptivePresentationControllerDelegate
{
  private let closed: () -> Void
  private let style: ModalPresentationStyle

  init(style: ModalPresentationStyle, closed: @escaping () -> Void) {
    self.style = style
    self.closed = closed
    super.init()
    title = String(localized: style == .formSheet ? "Form Sheet" : "Page Sheet")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    let done = BarButtonItem(
      barButtonSystemItem: .done, target: self, action: SheetContentViewController.done)
    done.accessibilityIdentifier = "sheetDone"
    navigationItem.rightBarButtonItem = done
    let label = Label()
    label.text = String(localized: "Swipe down to close, unless locked.")
    label.numberOfLines = 0
    let lock = Switch()
    lock.accessibilityIdentifier = "lockSheet"
    lock.addAction(for: .valueChanged) { [weak self] control in
      self?.navigationController?.isModalInPresentation = (control as? Switch)?.isOn ?? false
    }
    let stack = StackView(arrangedSubviews: [label, lock])
    stack.axis = .vertical
    stack.spacing = 12
    stack.alignment = .leading
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    LayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
      stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
    ])
  }

  private func done() {
    dismiss(animated: true) { [closed] in closed() }
  }

  func presentationControllerDidDismiss(_ presentationController: PresentationController) {
    closed()
  }
}
