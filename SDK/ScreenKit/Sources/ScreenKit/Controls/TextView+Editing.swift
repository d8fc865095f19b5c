/// Text views take focus, typed text and the return key (the window's input API) with the
/// delegate calls UIKit makes.
extension TextView: FirstResponderEditing, TextInputReceiving, TapReceiving {
  var canBeginEditing: Bool { isEditable }

  func shouldBeginEditing() -> Bool {
    textDelegate?.textViewShouldBeginEditing(self) ?? true
  }

  func didBeginEditing() {
    setNeedsDisplay()
    textDelegate?.textViewDidBeginEditing(self)
  }

  func shouldEndEditing() -> Bool {
    textDelegate?.textViewShouldEndEditing(self) ?? true
  }

  func didEndEditing() {
    setNeedsDisplay()
    textDelegate?.textViewDidEndEditing(self)
  }

  /// A tap on an editable text view focuses it.
  public func receiveTap() -> Bool {
    guard isEditable else { return false }
    return becomeFirstResponder()
  }

  /// Replaces the whole text as typing would: the delegate's `shouldChangeTextIn` with the
  /// smallest differing range of the old text and its replacement, then the change and
  /// `textViewDidChange`. A non-editable text view takes no text.
  public func receiveTextReplacement(_ newText: String) -> Bool {
    let old = text ?? ""
    guard isEditable, old != newText else { return false }
    let (range, replacement) = TextView.difference(from: old, to: newText)
    if let delegate = textDelegate,
      !delegate.textView(self, shouldChangeTextIn: range, replacementText: replacement)
    {
      return false
    }
    text = newText
    textDelegate?.textViewDidChange(self)
    return true
  }

  /// The return key inserts a line break at the end of the text, asking the delegate with
  /// the replacement `"\n"` (the usual way for a delegate to end editing on return).
  public func receiveReturnKey() -> Bool {
    receiveTextReplacement((text ?? "") + "\n")
  }

  /// The smallest range of `old` that, replaced by the returned string, gives `new`: the
  /// common prefix and suffix (in characters) are kept.
  static func difference(from old: String, to new: String) -> (Range<String.Index>, String) {
    var oldStart = old.startIndex
    var newStart = new.startIndex
    while oldStart < old.endIndex, newStart < new.endIndex, old[oldStart] == new[newStart] {
      old.formIndex(after: &oldStart)
      new.formIndex(after: &newStart)
    }
    var oldEnd = old.endIndex
    var newEnd = new.endIndex
    while oldEnd > oldStart, newEnd > newStart {
      let oldBefore = old.index(before: oldEnd)
      let newBefore = new.index(before: newEnd)
      guard old[oldBefore] == new[newBefore] else { break }
      oldEnd = oldBefore
      newEnd = newBefore
    }
    return (oldStart..<oldEnd, String(new[newStart..<newEnd]))
  }
}
