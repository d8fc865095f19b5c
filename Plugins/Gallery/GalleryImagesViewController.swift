import ScreenKit

/// demo.Images: images as a plugin ships and shows them. A bitmap with a `@2x` variant and
/// an SVG from the plugin's own resources (`Images/`, a SwiftPM resource folder), the
/// built-in symbol images tinted, a grid of image views showing one image in each content
/// mode, and a button with a symbol left of its title. Keys: `landscape`, `badge`,
/// `symbol-<name>`, `mode-<contentMode>`, `addButton`.
final class GalleryImagesViewController: StackViewController {
  /// The component: registered by the gallery's plugin beside demo.Gallery.
  nonisolated static let component = Component.viewController(
    "demo.Images",
    summary: "Images: bundled PNG and SVG resources, symbol images, content modes, a button image"
  ) { _ in GalleryImagesViewController() }

  /// The symbols shown, with the tint each is drawn in (nil: the view's tint colour).
  static let symbols: [(String, Color?)] = [
    ("star.fill", .systemOrange), ("heart.fill", .systemRed), ("gear", nil), ("trash", nil),
    ("person.circle", nil), ("magnifyingglass", nil), ("checkmark.circle", .systemGreen),
  ]

  /// The content modes of the grid, three to a row.
  static let modes: [View.ContentMode] = [
    .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .topLeft, .bottomRight,
  ]

  override init() {
    super.init()
    title = String(localized: "Images")
    restorationIdentifier = "images"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    view.tintColor = GalleryPalette.tint
    stackView.spacing = 12
    stackView.isLayoutMarginsRelativeArrangement = true
    stackView.insetsLayoutMarginsFromSafeArea = false
    stackView.directionalLayoutMargins = DirectionalEdgeInsets(
      top: 20, leading: 16, bottom: 20, trailing: 16)
    stackView.alignment = .leading

    addStackedView(caption("Resources: a PNG with @2x, an SVG"))
    let resources = StackView(arrangedSubviews: [
      imageView(Image(named: "landscape"), key: "landscape"),
      imageView(Image(named: "badge"), key: "badge"),
    ])
    resources.spacing = 16
    resources.alignment = .center
    addStackedView(resources)

    addStackedView(caption("Symbols"))
    let symbols = StackView(
      arrangedSubviews: Self.symbols.map { name, tint in
        let view = imageView(
          Image(systemName: name, withConfiguration: .init(pointSize: 24)), key: "symbol-\(name)")
        if let tint { view.tintColor = tint }
        return view
      })
    symbols.spacing = 14
    addStackedView(symbols)

    addStackedView(caption("Content modes (the landscape in 96 × 48 boxes)"))
    for row in stride(from: 0, to: Self.modes.count, by: 3) {
      let cells = Self.modes[row..<min(row + 3, Self.modes.count)].map(modeCell)
      let line = StackView(arrangedSubviews: cells)
      line.spacing = 8
      addStackedView(line)
    }

    let add = Button(type: .system)
    add.setTitle(String(localized: "Add"), for: .normal)
    add.setImage(Image(systemName: "plus"), for: .normal)
    add.accessibilityIdentifier = "addButton"
    addStackedView(add)
  }

  private func caption(_ text: String) -> Label {
    let label = Label()
    label.text = String(localized: text)
    label.font = .systemFont(ofSize: 13, weight: .semibold)
    label.textColor = GalleryPalette.secondaryText
    return label
  }

  private func imageView(_ image: Image?, key: String) -> ImageView {
    let view = ImageView(image: image)
    view.accessibilityIdentifier = key
    return view
  }

  /// An image view 96 × 48 showing the landscape (60 × 40) in `mode`, named under it.
  private func modeCell(_ mode: View.ContentMode) -> View {
    let box = ImageView(image: Image(named: "landscape"))
    box.contentMode = mode
    box.backgroundColor = .secondarySystemBackground
    box.clipsToBounds = true
    box.accessibilityIdentifier = "mode-\(mode.name)"
    box.widthAnchor.constraint(equalToConstant: 96).isActive = true
    box.heightAnchor.constraint(equalToConstant: 48).isActive = true
    let name = caption(mode.name)
    name.font = .systemFont(ofSize: 11)
    let cell = StackView(arrangedSubviews: [box, name])
    cell.axis = .vertical
    cell.spacing = 4
    cell.alignment = .center
    return cell
  }
}
