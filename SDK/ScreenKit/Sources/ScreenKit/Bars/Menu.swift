/// An element of a ``Menu``: an ``Action`` or a nested menu, as `UIMenuElement`.
@MainActor
open class MenuElement {
  /// The title shown.
  public let title: String
  /// The image shown beside the title.
  public let image: Image?

  init(title: String, image: Image?) {
    self.title = title
    self.image = image
  }
}

/// A list of actions shown when an item (a bar button item) is tapped, as `UIMenu`.
///
/// A nested menu's actions are shown inline below its title (UIKit shows them in a
/// submenu or inline by `options`; clients draw one list). Hidden actions are left out.
@MainActor
public final class Menu: MenuElement {
  /// The elements, in order.
  public let children: [MenuElement]

  /// A menu with a title (shown above the actions when not empty) and its elements.
  public init(title: String = "", image: Image? = nil, children: [MenuElement] = []) {
    self.children = children
    super.init(title: title, image: image)
  }

  /// The actions shown, nested menus flattened, hidden ones left out.
  public var visibleActions: [Action] {
    children.flatMap { element -> [Action] in
      if let action = element as? Action {
        return action.attributes.contains(.hidden) ? [] : [action]
      }
      return (element as? Menu)?.visibleActions ?? []
    }
  }
}
