import ScreenKit

/// The gallery's page of valued controls, one of each with the value it shows: a slider, a
/// stepper, a segmented control (plus a momentary one), progress views of both styles
/// (driven by the slider) and a page control. Each user change is reported as
/// `valueChanged` with the control's key and value. The values are this controller's
/// model: state restoration keeps them (`encodeRestorableState`) and shows them again, as
/// UIKit apps keep a control's value in their controller.
final class ControlsViewController: StackViewController {
  /// The component this page is, listed by the gallery.
  nonisolated static let component = Component.viewController(
    "demo.Controls",
    summary: "Slider, stepper, segmented control, progress views and a page control",
    events: ["valueChanged"]
  ) { context in
    ControlsViewController { context.emit($0, $1) }
  }

  private let emit: (String, ParamValue) -> Void
  private let slider = Slider()
  private let stepper = Stepper()
  private let segments = SegmentedControl(
    items: ["Day", "Week", "Month"].map { String(localized: $0) })
  private let actions = SegmentedControl(items: ["Undo", "Redo"].map { String(localized: $0) })
  private let progress = ProgressView(progressViewStyle: .default)
  private let bar = ProgressView(progressViewStyle: .bar)
  private let pages = PageControl()
  private let sliderValue = Label()
  private let stepperValue = Label()
  private let segmentValue = Label()
  private let pageValue = Label()

  init(emit: @escaping (String, ParamValue) -> Void) {
    self.emit = emit
    super.init()
    title = String(localized: "Controls")
    restorationIdentifier = "controls"
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

    slider.accessibilityIdentifier = "slider"
    slider.accessibilityLabel = "Slider"  // its caption names it for a screen reader
    slider.maximumValue = 100
    slider.value = 40
    slider.addAction(for: .valueChanged) { [weak self] _ in self?.changed("slider") }
    sliderValue.accessibilityIdentifier = "sliderValue"

    stepper.accessibilityIdentifier = "stepper"
    stepper.accessibilityLabel = "Stepper"
    stepper.maximumValue = 10
    stepper.value = 3
    stepper.addAction(for: .valueChanged) { [weak self] _ in self?.changed("stepper") }
    stepperValue.accessibilityIdentifier = "stepperValue"

    segments.accessibilityIdentifier = "segments"
    segments.selectedSegmentIndex = 0
    segments.addAction(for: .valueChanged) { [weak self] _ in self?.changed("segments") }
    segmentValue.accessibilityIdentifier = "segmentValue"
    actions.accessibilityIdentifier = "actions"
    actions.isMomentary = true
    actions.addAction(for: .valueChanged) { [weak self] control in
      guard let self, let actions = control as? SegmentedControl else { return }
      self.emit(
        "valueChanged", ["key": "actions", "value": .int(Int64(actions.selectedSegmentIndex))])
    }

    progress.accessibilityIdentifier = "progress"
    progress.accessibilityLabel = "Progress"
    bar.accessibilityIdentifier = "bar"
    bar.accessibilityLabel = "Progress bar"
    bar.progressTintColor = .systemGreen

    pages.accessibilityIdentifier = "pages"
    pages.accessibilityLabel = "Page control"
    pages.numberOfPages = 5
    pages.currentPageIndicatorTintColor = .systemBlue
    pages.pageIndicatorTintColor = .systemGray4
    pages.addAction(for: .valueChanged) { [weak self] _ in self?.changed("pages") }
    pageValue.accessibilityIdentifier = "pageValue"

    addStackedViews([
      caption("Slider"), slider, sliderValue,
      row(caption("Stepper"), stepperValue, stepper),
      caption("Segmented control"), segments, segmentValue, actions,
      caption("Progress"), progress, bar,
      caption("Page control"), pages, pageValue,
    ])
    show()
  }

  /// Saves each control's value.
  override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(Double(slider.value), forKey: "slider")
    coder.encode(stepper.value, forKey: "stepper")
    coder.encode(segments.selectedSegmentIndex, forKey: "segment")
    coder.encode(pages.currentPage, forKey: "page")
  }

  /// Restores the values (the controls pin what does not fit) and shows them, without
  /// reporting them: nothing changed for the user.
  override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    if let value = coder.decodeDouble(forKey: "slider") { slider.value = Float(value) }
    if let value = coder.decodeDouble(forKey: "stepper") { stepper.value = value }
    if let index = coder.decodeInteger(forKey: "segment") { segments.selectedSegmentIndex = index }
    if let page = coder.decodeInteger(forKey: "page") { pages.currentPage = page }
    show()
  }

  private func changed(_ key: String) {
    show()
    let value: ParamValue =
      switch key {
      case "slider": .double(Double(slider.value))
      case "stepper": .double(stepper.value)
      case "segments": .int(Int64(segments.selectedSegmentIndex))
      default: .int(Int64(pages.currentPage))
      }
    emit("valueChanged", ["key": .string(key), "value": value])
  }

  /// The labels and progress views follow the controls' values.
  private func show() {
    sliderValue.text = String.localizedStringWithFormat(
      String(localized: "Value: %d"), Int(slider.value.rounded()))
    stepperValue.text = "\(Int(stepper.value))"
    segmentValue.text =
      String.localizedStringWithFormat(
        String(localized: "Selected: %@"),
        segments.titleForSegment(at: segments.selectedSegmentIndex) ?? String(localized: "none"))
    pageValue.text = LocalizedStrings.format(
      String(localized: "Page %1$d of %2$d"), [pages.currentPage + 1, pages.numberOfPages])
    progress.progress = slider.value / slider.maximumValue
    bar.progress = Float(stepper.value / stepper.maximumValue)
  }

  private func caption(_ text: String) -> Label {
    let label = Label()
    label.text = String(localized: text)
    label.font = .systemFont(ofSize: 13, weight: .semibold)
    label.textColor = GalleryPalette.secondaryText
    return label
  }

  private func row(_ views: View...) -> StackView {
    let row = StackView(arrangedSubviews: views)
    row.axis = .horizontal
    row.alignment = .center
    row.spacing = 12
    return row
  }
}
