import JSONRPC
import ScreenKit
import Testing

@testable import CompCtl

/// How compctl draws controls and rows sent with `layoutDirection: "rightToLeft"`
/// (docs/protocol.md, "Nodes"): `render` paints them as the left-to-right picture mirrored
/// about each node's centre line (a title moved, not reversed; a checkmark keeps its
/// shape), `layout` writes them in mirrored order.
@Suite struct CompctlRightToLeftRenderingTests {
  /// A 200-point wide scene of a slider at 25 %, a stepper at 3, a segmented control
  /// (A selected, B), three page dots on the first, a progress bar at 25 % and a row with a
  /// chevron; with `rightToLeft` each control and the row carries the prop.
  static func scene(rightToLeft: Bool) -> JSON {
    func props(_ props: JSONObject) -> JSON {
      var props = props
      if rightToLeft { props["layoutDirection"] = "rightToLeft" }
      return .object(props)
    }
    func node(_ id: String, _ type: String, y: Double, width: Double, _ own: JSONObject) -> JSON {
      [
        "id": .string(id), "type": .string(type),
        "frame": ["x": 0, "y": .double(y), "width": .double(width), "height": 32],
        "props": props(own),
      ]
    }
    return [
      "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 200, "height": 240],
      "children": [
        node("slider", "slider", y: 0, width: 200, ["value": 0.25]),
        node("stepper", "stepper", y: 40, width: 94, ["value": 3, "maximumValue": 10]),
        node(
          "segments", "segmentedControl", y: 80, width: 100,
          [
            "selectedSegmentIndex": 0,
            "segments": [["title": "A", "width": 50], ["title": "B", "width": 50]],
          ]),
        node("pages", "pageControl", y: 120, width: 200, ["numberOfPages": 3]),
        node("progress", "progress", y: 160, width: 200, ["progress": 0.25]),
        node("row", "cell", y: 200, width: 200, ["accessory": "disclosureIndicator"]),
      ],
    ]
  }

  static func elements(_ id: String, rightToLeft: Bool) -> [ScenePicture.Element] {
    CompctlSceneRenderingTests.elements(
      of: id, in: ScenePicture(root: scene(rightToLeft: rightToLeft)))
  }

  /// The x of every vertex an element has (a text by its left end and width), rounded.
  static func xs(_ element: ScenePicture.Element) -> [Double] {
    switch element {
    case .rect(let box, _, _, _, _, _): [box.x, box.x + box.width]
    case .circle(let cx, _, _, _, _, _): [cx]
    case .line(let x1, _, let x2, _, _, _): [x1, x2]
    case .text(let text, let x, _, let font, _): [x, x + font.width(of: text)]
    default: []
    }
  }

  @Test(arguments: ["slider", "stepper", "segments", "pages", "progress"])
  func aControlIsItsLeftToRightPictureMirrored(_ id: String) {
    let ltr = Self.elements(id, rightToLeft: false)
    let rtl = Self.elements(id, rightToLeft: true)
    #expect(!ltr.isEmpty && ltr.count == rtl.count)
    let width =
      Self.scene(rightToLeft: false)["children"]?.arrayValue?.first {
        $0["id"]?.stringValue == id
      }?[
        "frame"]?["width"]?.doubleValue ?? 0
    for (left, right) in zip(ltr, rtl) {
      let mirrored = Self.xs(left).map { width - $0 }.sorted()
      let drawn = Self.xs(right).sorted()
      #expect(zip(mirrored, drawn).allSatisfy { abs($0 - $1) < 0.001 }, "\(id): \(left) → \(right)")
    }
    #expect(ltr != rtl, "\(id) drew the same both ways")
  }

  @Test func theSliderFillsFromTheRightAndTheSelectedSegmentIsTheRightOne() {
    // The thumb 25 % of the 172-point travel from the right: cx = 200 − 14 − 43.
    let thumb = Self.elements("slider", rightToLeft: true).compactMap {
      if case .circle(let cx, _, _, _, _, _) = $0 { cx } else { nil }
    }
    #expect(thumb == [143])
    // Segment A's white pill and its title on the right half.
    let texts = Self.elements("segments", rightToLeft: true).compactMap {
      if case .text(let text, let x, _, _, _) = $0 { (text, x) } else { nil }
    }
    #expect(texts.map(\.0) == ["A", "B"])
    #expect(texts[0].1 > 50 && texts[1].1 < 50)
  }

  @Test func aRowsChevronIsOnTheLeftPointingLeft() {
    let lines = Self.elements("row", rightToLeft: true).compactMap {
      if case .line(let x1, let y1, let x2, let y2, _, _) = $0 { (x1, y1, x2, y2) } else { nil }
    }
    // The tip (the middle vertex) is the leftmost point, 16.5 points from the left edge.
    #expect(lines.count == 2)
    #expect(lines[0].2 == 16.5 && lines[0].0 == 23)
  }

  @Test func theWireframeWritesTheControlsMirrored() {
    let text = WireframeRenderer.render(root: Self.scene(rightToLeft: true), columns: 40).text
    #expect(text.contains("[+ 3 −]"), "\(text)")
    #expect(text.contains("‹ B |[A]›"), "\(text)")
    #expect(text.contains("○ ○ ●"), "\(text)")
    #expect(text.contains("‹"), "\(text)")
    let ltr = WireframeRenderer.render(root: Self.scene(rightToLeft: false), columns: 40).text
    #expect(ltr.contains("[− 3 +]") && ltr.contains("‹[A]| B ›") && ltr.contains("● ○ ○"), "\(ltr)")
  }
}
