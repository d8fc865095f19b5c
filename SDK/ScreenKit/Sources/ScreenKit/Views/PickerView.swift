/// A view of spinning wheels, one per component, each showing a column of rows, as
/// `UIPickerView`. Its data source gives the number of components and rows, its delegate
/// the titles and hears of the user's picks.
///
/// Its intrinsic height is 216 points, the height UIKit's pickers (and its keyboard-sized
/// input views) have; it has no intrinsic width. As UIKit, ``selectRow(_:inComponent:animated:)``
/// selects without telling the delegate; a user's pick (the `value` event with the row and
/// its `component`) tells it through `pickerView(_:didSelectRow:inComponent:)`.
@MainActor
open class PickerView: View {
  /// The height UIKit gives a picker.
  public static let standardHeight = 216.0

  /// Gives the number of components and rows; held weakly, as UIKit.
  public weak var dataSource: PickerViewDataSource? {
    didSet { reloadAllComponents() }
  }
  /// Gives the titles and hears of picks; held weakly.
  public weak var delegate: PickerViewDelegate? {
    didSet { reloadAllComponents() }
  }
  /// The selected row of each component (0 where a component has rows, -1 where it has none).
  private var selected: [Int] = []
  /// The rows' titles per component, as last loaded.
  private var titles: [[String]] = []

  /// A picker with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// No intrinsic width; 216 points high.
  open override var intrinsicContentSize: Size {
    Size(width: View.noIntrinsicMetric, height: PickerView.standardHeight)
  }

  /// The number of components, as last loaded.
  public var numberOfComponents: Int { titles.count }

  /// The number of rows in `component`, as last loaded (0 for a component it lacks).
  public func numberOfRows(inComponent component: Int) -> Int {
    titles.indices.contains(component) ? titles[component].count : 0
  }

  /// The rows' titles of `component` (empty titles where the delegate gives none).
  public func titles(inComponent component: Int) -> [String] {
    titles.indices.contains(component) ? titles[component] : []
  }

  /// The selected row of `component`; -1 when it has no rows, as UIKit.
  public func selectedRow(inComponent component: Int) -> Int {
    selected.indices.contains(component) ? selected[component] : -1
  }

  /// Selects `row` of `component` (clamped to its rows) without telling the delegate.
  open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
    guard selected.indices.contains(component), !titles[component].isEmpty else { return }
    let clamped = min(max(row, 0), titles[component].count - 1)
    if selected[component] != clamped {
      selected[component] = clamped
      setNeedsDisplay()
    }
  }

  /// Asks the data source and delegate again for every component; selections stay where
  /// the rows still exist.
  open func reloadAllComponents() {
    let count = max(0, dataSource?.numberOfComponents(in: self) ?? 0)
    titles = (0..<count).map { loadTitles(ofComponent: $0) }
    selected = (0..<count).map { component in
      let rows = titles[component].count
      guard rows > 0 else { return -1 }
      let previous = selected.indices.contains(component) ? selected[component] : 0
      return min(max(previous, 0), rows - 1)
    }
    setNeedsDisplay()
  }

  /// Asks again for the rows of `component`.
  open func reloadComponent(_ component: Int) {
    guard titles.indices.contains(component) else { return reloadAllComponents() }
    titles[component] = loadTitles(ofComponent: component)
    let rows = titles[component].count
    selected[component] = rows == 0 ? -1 : min(max(selected[component], 0), rows - 1)
    setNeedsDisplay()
  }

  /// Loads the picker when it joins a window, as UIKit loads it before it first draws.
  open override func didMoveToWindow() {
    super.didMoveToWindow()
    if window != nil, titles.isEmpty { reloadAllComponents() }
  }

  /// Saves the selected rows (key `PickerView.selectedRows`).
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(selected, forKey: "PickerView.selectedRows")
  }

  /// Restores the selected rows that still exist, without telling the delegate.
  open override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    if titles.isEmpty { reloadAllComponents() }
    for (component, row) in (coder.decodeIntegerArray(forKey: "PickerView.selectedRows") ?? [])
      .enumerated()
    {
      selectRow(row, inComponent: component, animated: false)
    }
  }

  private func loadTitles(ofComponent component: Int) -> [String] {
    let rows = max(0, dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
    return (0..<rows).map { row in
      delegate?.pickerView(self, titleForRow: row, forComponent: component) ?? ""
    }
  }
}

/// Gives a picker its components and rows, as `UIPickerViewDataSource`.
@MainActor
public protocol PickerViewDataSource: AnyObject {
  /// The number of components (wheels).
  func numberOfComponents(in pickerView: PickerView) -> Int
  /// The number of rows in `component`.
  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}

/// Gives a picker its titles and hears of the user's picks, as `UIPickerViewDelegate`.
@MainActor
public protocol PickerViewDelegate: AnyObject {
  /// The title of `row` in `component` (default nil: an empty row).
  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int)
    -> String?
  /// The user picked `row` in `component` (default: nothing).
  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
}

extension PickerViewDelegate {
  /// Default: nil.
  public func pickerView(
    _ pickerView: PickerView, titleForRow row: Int, forComponent component: Int
  ) -> String? { nil }
  /// Default: nothing.
  public func pickerView(
    _ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int
  ) {}
}

extension PickerView: ValueInputReceiving {
  /// A user's pick: `value` is the row of `component` (0 when nil); a row that is not a
  /// whole number of the component's rows, or a component the picker lacks, is refused.
  /// The row is selected and, when it changed, the delegate hears of it.
  public func receiveValue(_ value: Double, component: Int?) throws(InputError) -> Bool {
    let component = component ?? 0
    guard titles.indices.contains(component) else {
      throw .invalidValue(
        "the picker has \(titles.count) component(s); component \(component) does not exist")
    }
    let rows = titles[component].count
    guard value.rounded() == value, value >= 0, value < Double(rows) else {
      throw .invalidValue(
        "the value must be a row of component \(component), 0 to \(rows - 1), not \(value)")
    }
    let row = Int(value)
    guard selected[component] != row else { return false }
    selected[component] = row
    setNeedsDisplay()
    delegate?.pickerView(self, didSelectRow: row, inComponent: component)
    return true
  }
}
