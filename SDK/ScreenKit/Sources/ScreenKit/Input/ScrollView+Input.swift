/// A scroll event sets the content offset (clamped to the scrollable range, as a user's
/// drag ends) and lays the scroll view out again.
extension ScrollView: ScrollReceiving {
  /// Scrolls to `offset`; `false` when the clamped offset is unchanged.
  public func receiveScroll(to offset: Point) -> Bool {
    let old = contentOffset
    contentOffset = offset
    return contentOffset != old
  }
}
