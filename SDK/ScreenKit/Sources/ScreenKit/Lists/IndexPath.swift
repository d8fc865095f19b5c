import FoundationEssentials

/// Foundation's `IndexPath`, the address of a row or item in a list: `[section, row]`.
///
/// ScreenKit names it so that a screen that imports only ScreenKit can write
/// `IndexPath(row: 0, section: 0)`, as UIKit screens do.
public typealias IndexPath = FoundationEssentials.IndexPath

extension IndexPath {
  /// The path of `row` in `section`, as UIKit's `IndexPath(row:section:)`.
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

  /// The path of `item` in `section`, as UIKit's `IndexPath(item:section:)`.
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

  /// The section: the first index.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The row in its section: the second index.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The item in its section: the second index (a collection view's name for `row`).
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
