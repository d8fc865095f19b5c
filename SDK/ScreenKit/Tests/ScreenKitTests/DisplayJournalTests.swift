import Testing

@testable import ScreenKit

/// `DisplayJournal` records the views whose drawn state changes, once each until drained,
/// and nothing while recording is off.
@MainActor
@Suite(.serialized) struct DisplayJournalTests {
  @Test func settersRecordTheViewsTheyChangeOnce() {
    DisplayJournal.isRecording = false
    let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let label = Label()
    let field = TextField()
    let button = Button(type: .system)
    let toggle = Switch()
    for view in [label, field, button, toggle] as [View] { root.addSubview(view) }
    label.text = "unrecorded"
    DisplayJournal.isRecording = true
    defer { DisplayJournal.isRecording = false }
    #expect(DisplayJournal.drain().isEmpty)

    label.text = "a"
    label.text = "b"
    field.isSecureTextEntry = true
    button.isHighlighted = true
    toggle.isOn = true
    root.layer.cornerRadius = 4
    let ids = DisplayJournal.drain().map(ObjectIdentifier.init)
    #expect(ids == [label, field, button, toggle, root].map(ObjectIdentifier.init))
    #expect(DisplayJournal.drain().isEmpty)

    // A button draws its title label's font; a tint change reaches inheriting descendants.
    button.titleLabel.font = .systemFont(ofSize: 20)
    #expect(DisplayJournal.drain().contains { $0 === button })
    root.tintColor = .white
    #expect(
      Set(DisplayJournal.drain().map(ObjectIdentifier.init)).isSuperset(of: [
        ObjectIdentifier(root), ObjectIdentifier(button),
      ]))

    // Frames and subviews: the moved view and both parents.
    label.frame = Rect(x: 1, y: 2, width: 3, height: 4)
    let other = View()
    root.addSubview(other)
    field.removeFromSuperview()
    let changed = DisplayJournal.drain()
    #expect(changed.contains { $0 === label })
    #expect(changed.contains { $0 === root })
  }

  @Test func nothingIsKeptWhileNotRecording() {
    DisplayJournal.isRecording = false
    let label = Label()
    label.text = "x"
    label.frame = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(DisplayJournal.drain().isEmpty)
  }
}
