import Foundation
import Testing

@testable import ScreenKit

@MainActor
private final class RecordingTextViewDelegate: TextViewDelegate {
  var calls: [String] = []
  var refusesLineBreak = false

  func textViewShouldBeginEditing(_ textView: TextView) -> Bool {
    calls.append("shouldBegin")
    return true
  }
  func textViewDidBeginEditing(_ textView: TextView) { calls.append("didBegin") }
  func textView(
    _ textView: TextView, shouldChangeTextIn range: Range<String.Index>,
    replacementText text: String
  ) -> Bool {
    let old = textView.text!
    let from = old.distance(from: old.startIndex, to: range.lowerBound)
    let length = old.distance(from: range.lowerBound, to: range.upperBound)
    calls.append("shouldChange \(from)+\(length)->\(text.debugDescription)")
    if refusesLineBreak, text == "\n" {
      textView.resignFirstResponder()
      return false
    }
    return true
  }
  func textViewDidChange(_ textView: TextView) { calls.append("didChange \(textView.text!)") }
  func textViewShouldEndEditing(_ textView: TextView) -> Bool {
    calls.append("shouldEnd")
    return true
  }
  func textViewDidEndEditing(_ textView: TextView) { calls.append("didEnd") }
}

@MainActor
private final class ClearingDelegate: TextFieldDelegate {
  var allowsClear = true
  var asked = 0
  func textFieldShouldClear(_ textField: TextField) -> Bool {
    asked += 1
    return allowsClear
  }
}

@MainActor
@Suite struct TextControlsTests {
  // MARK: Colours

  @Test func systemColoursHaveTheHIGsLightAndDarkValues() {
    let light = TraitCollection(userInterfaceStyle: .light)
    let dark = TraitCollection(userInterfaceStyle: .dark)
    #expect(Color.systemPink.resolvedColor(with: light).description == "#ff2d55ff")
    #expect(Color.systemPink.resolvedColor(with: dark).description == "#ff375fff")
    #expect(Color.systemIndigo.resolvedColor(with: dark).description == "#5e5ce6ff")
    #expect(Color.systemTeal.resolvedColor(with: light).description == "#30b0c7ff")
    #expect(Color.systemGray6.resolvedColor(with: dark).description == "#1c1c1eff")
    #expect(Color.opaqueSeparator.resolvedColor(with: light).description == "#c6c6c8ff")
    #expect(Color.link.resolvedColor(with: dark).description == "#0984ffff")
    // The fixed UIKit colours are the components UIKit's reference gives.
    #expect(Color.brown == Color(red: 0.6, green: 0.4, blue: 0.2))
    #expect(Color.cyan.description == "#00ffffff")
    #expect(Color.magenta.description == "#ff00ffff")
    #expect(Color.lightText.description == "#ffffff99")
    #expect(!Color.cyan.isDynamic && Color.systemMint.isDynamic)
  }

  @Test func hueSaturationBrightnessRoundTrips() {
    #expect(Color(hue: 0, saturation: 1, brightness: 1) == Color(red: 1, green: 0, blue: 0))
    #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1).description == "#00ff00ff")
    #expect(Color(hue: 2.0 / 3, saturation: 1, brightness: 0.5).description == "#000080ff")
    #expect(Color(hue: 0.5, saturation: 0, brightness: 0.5) == Color(white: 0.5))
    var (h, s, b, a) = (0.0, 0.0, 0.0, 0.0)
    Color(rgb: 0x3366CC, alpha: 0.5).getHue(&h, saturation: &s, brightness: &b, alpha: &a)
    let back = Color(hue: h, saturation: s, brightness: b, alpha: a)
    #expect(back.description == Color(rgb: 0x3366CC, alpha: 0.5).description)
  }

  @Test func dynamicProviderIsAskedForEachStyle() {
    let color = Color(dynamicProvider: { traits in
      traits.userInterfaceStyle == .dark ? .white : .black
    })
    #expect(color.resolvedColor(with: TraitCollection(userInterfaceStyle: .dark)) == .white)
    #expect(color.resolvedColor(with: TraitCollection(userInterfaceStyle: .light)) == .black)
    #expect(color.resolvedColor(with: TraitCollection()) == .black)
    let faded = color.withAlphaComponent(0.25)
    #expect(faded.resolvedColor(with: TraitCollection(userInterfaceStyle: .dark)).alpha == 0.25)
  }

  // MARK: Text field

  @Test func clearButtonShowsByModeAndClearsThroughTheDelegate() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 34))
    let delegate = ClearingDelegate()
    field.delegate = delegate
    field.borderStyle = .roundedRect
    window.addSubview(field)
    field.text = "hello"
    // Never by default.
    #expect(!field.isClearButtonShown)
    #expect(throws: InputError.invalidValue("the text field shows no clear button")) {
      try window.clearText(of: field)
    }
    field.clearButtonMode = .whileEditing
    #expect(!field.isClearButtonShown)
    #expect(try window.focus(field))
    #expect(field.isClearButtonShown)
    // The text stops short of the button.
    let bounds = Rect(x: 0, y: 0, width: 200, height: 34)
    #expect(field.clearButtonRect(forBounds: bounds) == Rect(x: 175, y: 7.5, width: 19, height: 19))
    #expect(field.textRect(forBounds: bounds).maxX == 175)
    var changes = 0
    field.addAction(for: .editingChanged) { _ in changes += 1 }
    delegate.allowsClear = false
    #expect(try !window.clearText(of: field))
    #expect(field.text == "hello" && delegate.asked == 1 && changes == 0)
    delegate.allowsClear = true
    #expect(try window.clearText(of: field))
    #expect(field.text == "" && delegate.asked == 2 && changes == 1)
    // Over an empty field the button hides, as UIKit's.
    #expect(!field.isClearButtonShown)
    field.text = "x"
    field.clearButtonMode = .unlessEditing
    #expect(!field.isClearButtonShown)
    #expect(try window.blur(field))
    #expect(field.isClearButtonShown)
  }

  @Test func leftAndRightViewsAreLaidOutAtUIKitsRects() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 40))
    field.borderStyle = .roundedRect
    let left = View(frame: Rect(x: 0, y: 0, width: 30, height: 20))
    let right = View(frame: Rect(x: 0, y: 0, width: 24, height: 24))
    field.leftView = left
    field.rightView = right
    window.addSubview(field)
    window.layoutIfNeeded()
    // `.never` by default: present as subviews but hidden, the text unaffected.
    #expect(left.superview === field && left.isHidden && right.isHidden)
    #expect(field.textRect(forBounds: field.bounds).minX == 7)
    field.leftViewMode = .always
    field.rightViewMode = .always
    window.layoutIfNeeded()
    #expect(!left.isHidden && !right.isHidden)
    #expect(left.frame == Rect(x: 0, y: 10, width: 30, height: 20))
    #expect(right.frame == Rect(x: 176, y: 8, width: 24, height: 24))
    let text = field.textRect(forBounds: field.bounds)
    #expect(text.minX == 30 && text.maxX == 176)
    // The intrinsic width makes room for both.
    field.text = "abc"
    let plain = TextField()
    plain.borderStyle = .roundedRect
    plain.text = "abc"
    #expect(field.intrinsicContentSize.width == plain.intrinsicContentSize.width + 54)
    // Replacing a view takes the old one out.
    field.leftView = nil
    #expect(left.superview == nil)
  }

  // MARK: Text view

  @Test func textViewEditsThroughTheDelegateInUIKitsOrder() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let textView = TextView(frame: Rect(x: 0, y: 0, width: 300, height: 100))
    let delegate = RecordingTextViewDelegate()
    textView.delegate = delegate
    window.addSubview(textView)
    #expect(textView.textContainerInset == EdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
    #expect(try window.replaceText(of: textView, with: "Hi"))
    #expect(try window.replaceText(of: textView, with: "Hi there"))
    #expect(try window.replaceText(of: textView, with: "Hey there"))
    textView.text = "Set in code"  // no delegate call
    delegate.refusesLineBreak = true
    #expect(try !window.returnKey(in: textView))
    #expect(!textView.isFirstResponder)
    #expect(
      delegate.calls == [
        "shouldBegin", "didBegin", "shouldChange 0+0->\"Hi\"", "didChange Hi",
        "shouldChange 2+0->\" there\"", "didChange Hi there", "shouldChange 1+1->\"ey\"",
        "didChange Hey there", "shouldChange 11+0->\"\\n\"", "shouldEnd", "didEnd",
      ])
    #expect(textView.text == "Set in code")
    textView.isEditable = false
    #expect(!textView.canBecomeFirstResponder)
    #expect(try !window.replaceText(of: textView, with: "nope"))
    #expect(textView.text == "Set in code")
  }

  @Test func textViewContentGrowsWithItsTextAndScrolls() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let textView = TextView(frame: Rect(x: 0, y: 0, width: 200, height: 60))
    window.addSubview(textView)
    window.layoutIfNeeded()
    let font = TextView.defaultFont
    let oneLine = (font.lineHeight).roundedUpToPixel + 16
    #expect(textView.contentSize == Size(width: 200, height: oneLine))
    textView.text = Array(repeating: "line", count: 8).joined(separator: "\n")
    window.layoutIfNeeded()
    let eight = (8 * font.lineHeight).roundedUpToPixel + 16
    #expect(textView.contentSize.height == eight)
    textView.contentOffset = Point(x: 0, y: 1000)
    #expect(textView.contentOffset.y == eight - 60)
    // Wrapping happens inside the insets and the 5-point line fragment padding.
    let layout = textView.textLayout(forWidth: 200)
    #expect(layout.lines.count == 8)
    let wrapped = TextLayout(
      text: textView.text, font: font, maxWidth: 190, numberOfLines: 0,
      lineBreakMode: .byWordWrapping)
    #expect(layout == wrapped)
    // Not scrolling: the text's size is the intrinsic size.
    textView.isScrollEnabled = false
    #expect(textView.intrinsicContentSize.height == eight)
  }

  // MARK: Attributed text

  @Test func attributedTextIsMeasuredRunByRun() {
    let bold = Font.boldSystemFont(ofSize: 20)
    let text = NSMutableAttributedString(
      string: "Hello world", attributes: [.foregroundColor: Color.systemRed])
    text.addAttribute(.font, value: bold, range: NSRange(location: 6, length: 5))
    text.addAttribute(.kern, value: 2.0, range: NSRange(location: 0, length: 5))
    let label = Label()
    label.attributedText = text
    #expect(label.text == "Hello world")
    let runs = label.textRuns ?? []
    #expect(runs.map(\.text) == ["Hello", " ", "world"])
    #expect(runs.map(\.font) == [label.font, label.font, bold])
    #expect(runs[0].kern == 2 && runs[0].textColor == .systemRed)
    // The widths of the pieces add up; the line is as tall as its tallest font.
    let regular = Font.systemFont(ofSize: 17)
    let expected =
      regular.width(of: "Hello") + 5 * 2 + regular.width(of: " ") + bold.width(of: "world")
    #expect(label.intrinsicContentSize.width == expected.roundedUpToPixel)
    #expect(label.intrinsicContentSize.height == bold.lineHeight.roundedUpToPixel)
    // Two lines: the heights add up.
    let two = NSMutableAttributedString(string: "big\nsmall")
    two.addAttribute(.font, value: bold, range: NSRange(location: 0, length: 3))
    two.addAttribute(
      .font, value: Font.systemFont(ofSize: 11), range: NSRange(location: 4, length: 5))
    label.numberOfLines = 0
    label.attributedText = two
    #expect(
      label.intrinsicContentSize.height
        == (bold.lineHeight + Font.systemFont(ofSize: 11).lineHeight).roundedUpToPixel)
    // Wrapping at a width breaks between words of different runs.
    let wrapped = TextRunLayout(
      runs: [
        TextRun(text: "aaa ", font: regular, textColor: .black),
        TextRun(text: "bbb", font: bold, textColor: .black),
      ], maxWidth: max(regular.width(of: "aaa "), bold.width(of: "bbb")) + 1, numberOfLines: 0)
    #expect(wrapped.lineWidths.count == 2)
    #expect(abs(wrapped.lineWidths[0] - regular.width(of: "aaa")) < 1e-9)
    #expect(wrapped.lineHeights == [regular.lineHeight, bold.lineHeight])
    // Plain text replaces the attributed text; reading gives the label's attributes.
    label.text = "plain"
    #expect(label.textRuns == nil)
    let read = label.attributedText!
    #expect(read.string == "plain")
    #expect(read.attribute(.font, at: 0, effectiveRange: nil) as? Font == label.font)
  }

  @Test func paragraphStyleSetsTheAlignmentAndLineStylesTravel() {
    let style = NSMutableParagraphStyle()
    style.alignment = .center
    let text = NSAttributedString(
      string: "centred",
      attributes: [
        .paragraphStyle: style, .underlineStyle: NSUnderlineStyle.single.rawValue,
        .strikethroughStyle: NSUnderlineStyle.double,
      ])
    let label = Label()
    label.attributedText = text
    #expect(label.effectiveTextAlignment == .center)
    #expect(label.textRuns?.first?.underlineStyle == 1)
    #expect(label.textRuns?.first?.strikethroughStyle == 9)
  }
}
