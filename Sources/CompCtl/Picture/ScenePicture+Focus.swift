extension ScenePicture {
  /// The focus ring's width and its gap outside the node, in points: iPadOS draws keyboard
  /// focus as a ring of the tint colour around the item, clear of its edge (the HIG's
  /// "Focus and selection"); these figures are ours, chosen to read at 1× in a picture.
  static let focusRingWidth = 3.0
  static let focusRingGap = 2.0

  /// Rings the root's `focused` node: a tint-coloured stroke just outside its bounds,
  /// following its corner radius. Drawn after the node's subtree, outside its clip, so that
  /// nothing in it hides the ring.
  mutating func drawFocusRing(around node: WireNode, in box: Box) {
    let outset = Self.focusRingGap + Self.focusRingWidth / 2
    // A switch draws as a pill whatever its corner radius.
    let corner =
      node.type == "switch"
      ? min(box.width, box.height) / 2 : node.props["cornerRadius"]?.doubleValue ?? 0
    let radius = corner + outset
    elements.append(
      .rect(
        box.insetBy(-outset, -outset), radius: radius, fill: nil, stroke: Palette.tint,
        strokeWidth: Self.focusRingWidth))
  }
}
