extension Control {
  /// Where a control's content sits across its width, as
  /// `UIControl.ContentHorizontalAlignment`.
  public enum ContentHorizontalAlignment: Int, Sendable, Hashable, CaseIterable {
    /// Centred (the default).
    case center
    /// Against the left edge, whatever the layout direction.
    case left
    /// Against the right edge, whatever the layout direction.
    case right
    /// Stretched across the width: a button's title takes the room its image leaves.
    case fill
    /// Against the leading edge: the left one left to right, the right one right to left.
    case leading
    /// Against the trailing edge: the right one left to right, the left one right to left.
    case trailing
  }

  /// ``contentHorizontalAlignment`` with `.leading` and `.trailing` resolved to `.left` or
  /// `.right` by the control's ``View/effectiveUserInterfaceLayoutDirection``, as
  /// `UIControl.effectiveContentHorizontalAlignment`: a button aligned `.leading` puts its
  /// title on the right in a right-to-left layout.
  public var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
    switch contentHorizontalAlignment {
    case .leading: isRightToLeft ? .right : .left
    case .trailing: isRightToLeft ? .left : .right
    case let alignment: alignment
    }
  }
}
