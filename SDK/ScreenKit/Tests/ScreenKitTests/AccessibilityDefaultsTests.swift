import Testing

@testable import ScreenKit

/// Each view type's accessibility defaults, as UIKit documents and reports them: which
/// views are elements, their labels, values and traits, and that set values win.
@MainActor
@Suite struct AccessibilityDefaultsTests {
  @Test func aPlainViewIsNoElementWithNothingSet() {
    let view = View()
    // UIAccessibility: isAccessibilityElement is false by default, true for UIKit controls.
    #expect(!view.isAccessibilityElement)
    #expect(view.accessibilityLabel == nil && view.accessibilityHint == nil)
    #expect(view.accessibilityValue == nil && view.accessibilityTraits == [])
    #expect(!view.accessibilityElementsHidden && !view.accessibilityViewIsModal)
    #expect(!view.shouldGroupAccessibilityChildren && view.accessibilityElements == nil)
    #expect(view.accessibilityLanguage == nil && view.accessibilityCustomActions == nil)
    #expect(view.accessibilityStorage == nil)  // nothing allocated for the defaults
  }

  @Test func setValuesWinAndNilReturnsToTheDefault() {
    let label = Label()
    label.text = "Hello"
    label.accessibilityLabel = "Greeting"
    label.accessibilityHint = "Says hello"
    label.accessibilityTraits = [.header]
    label.isAccessibilityElement = false
    #expect(label.accessibilityLabel == "Greeting" && label.accessibilityHint == "Says hello")
    #expect(label.accessibilityTraits == .header && !label.isAccessibilityElement)
    label.accessibilityLabel = nil
    #expect(label.accessibilityLabel == "Hello")
  }

  @Test func aLabelIsStaticTextLabelledByItsText() {
    let label = Label()
    label.text = "Name"
    #expect(label.isAccessibilityElement)
    #expect(label.accessibilityLabel == "Name")
    #expect(label.accessibilityTraits == .staticText)
    label.isEnabled = false
    #expect(label.accessibilityTraits == [.staticText, .notEnabled])
  }

  @Test func aButtonIsLabelledByItsTitleOrItsImageName() {
    let button = Button(type: .system)
    button.setTitle("Save", for: .normal)
    #expect(button.isAccessibilityElement)
    #expect(button.accessibilityLabel == "Save")
    #expect(button.accessibilityTraits == .button)
    let icon = Button(type: .system)
    icon.setImage(Image(systemName: "plus"), for: .normal)
    #expect(icon.accessibilityLabel == "plus")
    button.isEnabled = false
    button.isSelected = true
    #expect(button.accessibilityTraits == [.button, .notEnabled, .selected])
  }

  @Test func aSwitchReportsOneOrZero() {
    let toggle = Switch()
    #expect(toggle.isAccessibilityElement)
    #expect(toggle.accessibilityValue == "0")
    toggle.isOn = true
    #expect(toggle.accessibilityValue == "1")
    #expect(toggle.accessibilityTraits == .button)
    toggle.isEnabled = false
    #expect(toggle.accessibilityTraits == [.button, .notEnabled])
  }

  @Test func aTextFieldReadsItsTextButASecureOneNever() {
    let field = TextField()
    field.placeholder = "User name"
    #expect(field.isAccessibilityElement)
    #expect(field.accessibilityLabel == "User name")
    #expect(field.accessibilityValue == nil)
    field.text = "ann"
    #expect(field.accessibilityValue == "ann")
    field.isSecureTextEntry = true
    field.text = "secret"
    #expect(field.accessibilityValue == "••••••")
    #expect(field.accessibilityValue?.contains("secret") == false)
  }

  @Test func valuedControlsAreAdjustableWithUIKitsValues() {
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
    slider.minimumValue = 0
    slider.maximumValue = 10
    slider.value = 5
    #expect(slider.accessibilityValue == "50%")
    #expect(slider.accessibilityTraits == .adjustable)
    let stepper = Stepper()
    stepper.value = 3
    #expect(stepper.accessibilityValue == "3" && stepper.accessibilityTraits == .adjustable)
    stepper.stepValue = 0.5
    stepper.value = 2.5
    #expect(stepper.accessibilityValue == "2.5")
    let pages = PageControl()
    pages.numberOfPages = 5
    pages.currentPage = 1
    #expect(pages.accessibilityValue == "page 2 of 5")
    #expect(pages.accessibilityTraits == .adjustable)
    let progress = ProgressView()
    progress.progress = 0.4
    #expect(progress.isAccessibilityElement && progress.accessibilityValue == "40%")
    #expect(progress.accessibilityTraits == .updatesFrequently)
  }

  @Test func aSegmentedControlsSegmentsAreButtonsTheSelectedOneSelected() {
    let control = SegmentedControl(items: ["Day", "Week"])
    control.frame = Rect(x: 0, y: 0, width: 200, height: 32)
    control.selectedSegmentIndex = 1
    #expect(!control.isAccessibilityElement)
    let segments = (control.accessibilityElements ?? []).compactMap { $0 as? AccessibilityElement }
    #expect(segments.map(\.accessibilityLabel) == ["Day", "Week"])
    #expect(segments.map(\.accessibilityTraits) == [.button, [.button, .selected]])
    #expect(segments[1].accessibilityFrameInContainerSpace.minX == 100)
  }

  @Test func imageViewsAreNoElementsUnlessMadeOne() {
    let image = ImageView(image: Image(systemName: "star"))
    #expect(!image.isAccessibilityElement)
    #expect(image.accessibilityTraits == .image)
    let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    image.frame = Rect(x: 0, y: 0, width: 20, height: 20)
    container.addSubview(image)
    #expect(container.accessibilityReadingOrder.isEmpty)
    image.isAccessibilityElement = true
    image.accessibilityLabel = "Favourite"
    #expect(container.accessibilityReadingOrder.map(\.label) == ["Favourite"])
  }

  @Test func otherViewTypesDefaults() {
    let text = TextView()
    text.text = "Notes"
    #expect(text.isAccessibilityElement && text.accessibilityValue == "Notes")
    let spinner = ActivityIndicatorView(style: .medium)
    #expect(spinner.isAccessibilityElement && spinner.accessibilityLabel == "Progress halted")
    spinner.startAnimating()
    #expect(spinner.accessibilityLabel == "In progress")
    let search = SearchBar()
    search.placeholder = "Search"
    #expect(search.accessibilityTraits == .searchField && search.accessibilityLabel == "Search")
  }

  @Test func aCellCombinesItsLabelsUnlessItHoldsAControl() {
    let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
    cell.frame = Rect(x: 0, y: 0, width: 390, height: 60)
    cell.textLabel?.text = "Ann"
    cell.detailTextLabel?.text = "Sales"
    cell.layoutIfNeeded()
    #expect(cell.isAccessibilityElement)
    #expect(cell.accessibilityLabel == "Ann, Sales")
    cell.isSelected = true
    #expect(cell.accessibilityTraits == .selected)
    let withSwitch = TableViewCell(style: .default, reuseIdentifier: nil)
    withSwitch.textLabel?.text = "Wi-Fi"
    withSwitch.accessoryView = Switch()
    withSwitch.layoutIfNeeded()
    #expect(!withSwitch.isAccessibilityElement)
  }

  @Test func aNavigationBarsTitleIsAHeader() {
    let content = ViewController()
    content.title = "Inbox"
    let navigation = NavigationController(rootViewController: content)
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    let title = navigation.navigationBar.titleLabel
    #expect(title.accessibilityTraits.contains(.header))
    #expect(window.accessibilityReadingOrder.first?.label == "Inbox")
  }

  @Test func presentedAlertsAreModalWithAHeaderTitle() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let root = ViewController()
    window.rootViewController = root
    window.makeKeyAndVisible()
    let button = Button(type: .system)
    button.setTitle("Behind", for: .normal)
    button.frame = Rect(x: 10, y: 100, width: 100, height: 44)
    root.view.addSubview(button)
    let alert = AlertController(
      title: "Delete?", message: "It is gone for good", preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    alert.addAction(AlertAction(title: "Delete", style: .destructive))
    root.present(alert, animated: false)
    window.layoutIfNeeded()
    #expect(alert.view.accessibilityViewIsModal)
    #expect(!root.view.accessibilityViewIsModal)
    let labels = window.accessibilityReadingOrder.map(\.label)
    #expect(!labels.contains("Behind"))  // the modal alert hides what is under it
    #expect(labels.first == "Delete?")
    #expect(labels.contains("Cancel") && labels.contains("Delete"))
    let header = window.accessibilityReadingOrder.first { $0.label == "Delete?" }
    #expect(header?.traits.contains(.header) == true)
  }

  @Test func traitsHaveStableWireNames() {
    let traits: AccessibilityTraits = [.button, .selected, .notEnabled]
    #expect(traits.names == ["button", "selected", "notEnabled"])
    #expect(AccessibilityTraits(names: ["header", "adjustable"]) == [.header, .adjustable])
    #expect(AccessibilityTraits(names: ["bogus"]) == nil)
    #expect(AccessibilityTraits.named.count == 19)
    #expect(Set(AccessibilityTraits.named.map(\.name)).count == 19)
  }
}
