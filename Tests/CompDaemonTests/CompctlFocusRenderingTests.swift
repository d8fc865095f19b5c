import JSONRPC
import Testing

@testable import CompCtl

/// How compctl draws the root's `focused` node (docs/protocol.md, "Keyboard and D-pad"):
/// `render` rings it in the tint colour outside its bounds, `draw` gives its box
/// double-lined corners and sides or, one row high, puts `»` `«` beside it; nothing is
/// ringed without it.
@Suite struct CompctlFocusRenderingTests {
  static func scene(focused: String?) -> JSON {
    var props: JSONObject = [:]
    if let focused { props["focused"] = .string(focused) }
    return [
      "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 200, "height": 100],
      "props": .object(props),
      "children": [
        [
          "id": "n2", "type": "button", "key": "ok",
          "frame": ["x": 20, "y": 20, "width": 100, "height": 40],
          "props": ["title": "OK", "cornerRadius": 8],
        ],
        [
          "id": "n3", "type": "switch", "key": "toggle",
          "frame": ["x": 140, "y": 70, "width": 51, "height": 10], "props": [:],
        ],
      ],
    ]
  }

  /// The tint-coloured stroked rectangles of the picture: the focus rings.
  static func rings(in picture: ScenePicture) -> [(ScenePicture.Box, Double, Double)] {
    picture.elements.compactMap {
      if case .rect(let box, let radius, _, nil, let stroke, let width) = $0,
        stroke == ScenePicture.Palette.tint
      {
        return (box, radius, width)
      }
      return nil
    }
  }

  @Test func renderRingsTheFocusedNode() throws {
    #expect(Self.rings(in: ScenePicture(root: Self.scene(focused: nil))).isEmpty)
    let button = Self.rings(in: ScenePicture(root: Self.scene(focused: "n2")))
    try #require(button.count == 1)
    // 2 points of gap and half the 3-point stroke outside the bounds, the radius grown with it.
    #expect(button[0].0 == ScenePicture.Box(x: 16.5, y: 16.5, width: 107, height: 47))
    #expect(button[0].1 == 11.5 && button[0].2 == 3)
    let toggle = Self.rings(in: ScenePicture(root: Self.scene(focused: "n3")))
    try #require(toggle.count == 1)
    #expect(toggle[0].1 == 10 / 2 + 3.5)  // a pill
  }

  @Test func drawMarksTheFocusedNode() {
    let plain = WireframeRenderer.render(root: Self.scene(focused: nil), columns: 40).text
    #expect(!plain.contains("╔") && !plain.contains("»"))
    let button = WireframeRenderer.render(root: Self.scene(focused: "n2"), columns: 40).text
    #expect(button.contains("╔") && button.contains("╝"))
    let toggle = WireframeRenderer.render(root: Self.scene(focused: "n3"), columns: 40).text
    #expect(toggle.contains("»") && toggle.contains("«") && !toggle.contains("╔"))
  }
}
