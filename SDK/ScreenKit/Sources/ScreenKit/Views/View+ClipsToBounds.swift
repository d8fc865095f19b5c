extension View {
  /// Whether subviews and content (an image view's image) are cut at the bounds, as
  /// `UIView.clipsToBounds`: the layer's `masksToBounds` under UIKit's other name. False by
  /// default.
  public var clipsToBounds: Bool {
    get { layerStorage?.masksToBounds ?? false }  // no layer made to answer
    set { layer.masksToBounds = newValue }
  }
}
