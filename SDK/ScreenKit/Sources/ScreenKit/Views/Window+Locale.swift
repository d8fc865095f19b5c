import Foundation

extension Window {
  /// The locale of the scene this window shows: the language its strings are looked up in
  /// and the conventions its numbers and dates are formatted with. `en` by default.
  ///
  /// compd sets it from the scene's `environment.locale` when it opens the scene and when a
  /// `scene.resize` names another one. One process shows scenes in several languages at
  /// once, so the process's `Locale.current` is not the scene's: code running for the scene
  /// reads this locale through ``SceneLocale/current``, which ``performInLocale(_:)`` sets.
  ///
  /// Its language also decides the window's `traitCollection.layoutDirection`: right to left for
  /// the languages Foundation writes right to left (`Locale.Language.characterDirection`:
  /// Arabic, Hebrew, Persian, Urdu …), left to right otherwise. Setting a locale of the
  /// other direction lays the window out mirrored and tells the controllers
  /// (`traitCollectionDidChange(_:)`).
  public var locale: Locale {
    get { controllerState.locale }
    set {
      let changed = controllerState.locale != newValue
      controllerState.locale = newValue
      if changed { DatePicker.windowLocaleChanged(in: self) }
      var traits = traitCollection
      traits.layoutDirection = TraitCollection.LayoutDirection(locale: newValue)
      traitCollection = traits
    }
  }

  /// Runs `work` with this window's ``locale`` as ``SceneLocale/current``: strings looked
  /// up (`NSLocalizedString`, `String(localized:)`) and formatters made for the scene during
  /// `work`, and in tasks it starts, use the scene's language.
  public func performInLocale<Result>(_ work: () throws -> Result) rethrows -> Result {
    try SceneLocale.$current.withValue(locale, operation: work)
  }

  /// Reacts to new traits before the controllers hear of them: a new direction lays every
  /// view out again (mirrored), a new content size category resolves the fonts of views that
  /// adjust to it (`adjustsFontForContentSizeCategory`) and lays them out again.
  func applyTraitChange(from previous: TraitCollection) {
    let traits = traitCollection
    if traits.layoutDirection == .rightToLeft { View.rightToLeftInUse = true }
    let directionChanged =
      (previous.layoutDirection == .rightToLeft) != (traits.layoutDirection == .rightToLeft)
    let categoryChanged =
      previous.preferredContentSizeCategory != traits.preferredContentSizeCategory
    guard directionChanged || categoryChanged else { return }
    if categoryChanged {
      adjustFontsForContentSizeCategory(traits.preferredContentSizeCategory, in: self)
    }
    if directionChanged {
      markSubtreeForDirectionChange()
      relayOutLists(in: self)
    }
    setNeedsLayout()
    if categoryChanged {
      NotificationCenter.default.post(
        name: TraitCollection.ContentSizeCategory.didChangeNotification, object: self)
    }
  }

  /// Has every list place its rows again (their content mirrors).
  private func relayOutLists(in view: View) {
    if let table = view as? TableView {
      table.remeasureRows()
      for cell in table.visibleCells { cell.layOutContents() }
    }
    if let collection = view as? CollectionView {
      collection.collectionViewLayout.invalidateLayout()
      for cell in collection.visibleCells { cell.layOutContents() }
    }
    for subview in view.subviews { relayOutLists(in: subview) }
  }

  private func adjustFontsForContentSizeCategory(
    _ category: TraitCollection.ContentSizeCategory, in view: View
  ) {
    (view as? ContentSizeCategoryAdjustingView)?.adjustFont(for: category)
    // A button's title label is not among its subviews.
    (view as? Button)?.titleLabel.adjustFont(for: category)
    // Lists measure their rows again; their cells' labels grew or shrank.
    (view as? TableView)?.remeasureRows()
    (view as? CollectionView)?.collectionViewLayout.invalidateLayout()
    for subview in view.subviews { adjustFontsForContentSizeCategory(category, in: subview) }
  }
}

extension TraitCollection.LayoutDirection {
  /// The direction of `locale`'s language: right to left where Foundation writes the
  /// language right to left (`Locale.Language.characterDirection`), else left to right.
  public init(locale: Locale) {
    self = locale.language.characterDirection == .rightToLeft ? .rightToLeft : .leftToRight
  }
}
