import JSONRPC
import Testing

@testable import CompCtl

/// How compctl draws bars and presentations (docs/protocol.md, "Bars" and "Presentation"):
/// a bar item with an image and no title shows its glyph, a tab its glyph, title and
/// badge, a toolbar its top line, a page sheet its rounded top corners.
@Suite struct CompctlBarsRenderingTests {
  static let scene: JSON = [
    "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 100, "height": 100],
    "children": [
      [
        "id": "n2", "type": "toolbar", "frame": ["x": 0, "y": 56, "width": 100, "height": 44],
        "children": [
          [
            "id": "n3", "type": "button", "key": "toolbar.0",
            "frame": ["x": 16, "y": 0, "width": 28, "height": 44],
            "props": [
              "barItem": "toolbar", "systemItem": "trash", "symbol": "trash",
              "titleColor": "#007affff",
            ],
          ]
        ],
      ],
      [
        "id": "n4", "type": "button", "key": "tab.0",
        "frame": ["x": 0, "y": 0, "width": 50, "height": 49],
        "props": [
          "barItem": "tab", "symbol": "star.fill", "title": "Top", "badge": "3",
          "selected": true, "titleColor": "#007affff",
        ],
      ],
      [
        "id": "n5", "type": "view", "frame": ["x": 0, "y": 60, "width": 100, "height": 40],
        "props": ["presentation": "pageSheet", "backgroundColor": "#ffffffff"],
      ],
    ],
  ]

  static func texts(of id: String, in picture: ScenePicture) -> [String] {
    CompctlSceneRenderingTests.elements(of: id, in: picture).compactMap {
      if case .text(let text, _, _, _, _) = $0 { text } else { nil }
    }
  }

  /// A bar item whose image compd sent draws that image at its `imageFrame`, not a glyph:
  /// a navigation item in its tint, an unselected tab's in the tabs' grey above its title.
  @Test func barItemsWithImagesDrawTheImageAtItsFrame() throws {
    let image: JSON = [
      "hash": "abc", "width": 20, "height": 17, "scale": 1, "template": true,
      "tint": "#007affff", "name": "gear",
    ]
    let scene: JSON = [
      "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 200, "height": 100],
      "children": [
        [
          "id": "n2", "type": "button", "frame": ["x": 150, "y": 0, "width": 28, "height": 44],
          "props": [
            "barItem": "navigation", "symbol": "gear", "image": image,
            "imageFrame": ["x": 4, "y": 13.5, "width": 20, "height": 17],
          ],
        ],
        [
          "id": "n3", "type": "button", "frame": ["x": 0, "y": 50, "width": 100, "height": 49],
          "props": [
            "barItem": "tab", "symbol": "gear", "title": "Settings", "image": image,
            "imageFrame": ["x": 40, "y": 7, "width": 20, "height": 17],
          ],
        ],
      ],
    ]
    let bytes = ScenePicture.ImageBytes(mime: "image/svg+xml", base64: "PHN2Zy8+")
    let picture = ScenePicture(root: scene, images: ["abc": bytes])
    let item = CompctlSceneRenderingTests.elements(of: "n2", in: picture)
    #expect(Self.texts(of: "n2", in: picture).isEmpty)
    #expect(
      item.contains {
        if case .image(let box, _, let tint) = $0 {
          box == ScenePicture.Box(x: 154, y: 13.5, width: 20, height: 17)
            && tint == ScenePicture.Palette.tint
        } else {
          false
        }
      })
    #expect(Self.texts(of: "n3", in: picture) == ["Settings"])
    #expect(
      CompctlSceneRenderingTests.elements(of: "n3", in: picture).contains {
        if case .image(let box, _, let tint) = $0 {
          box == ScenePicture.Box(x: 40, y: 57, width: 20, height: 17)
            && tint == ScenePicture.Palette.tabUnselected
        } else {
          false
        }
      })
  }

  @Test func barItemsDrawTheirGlyphsTabsTheirBadgesSheetsTheirCorners() throws {
    let picture = ScenePicture(root: Self.scene)
    #expect(Self.texts(of: "n3", in: picture) == ["\u{25BD}"])
    #expect(Self.texts(of: "n4", in: picture) == ["\u{2605}", "Top", "3"])
    let badge = CompctlSceneRenderingTests.elements(of: "n4", in: picture).contains {
      if case .rect(_, let radius, _, let fill, _, _) = $0 {
        radius == 9 && fill == ScenePicture.Palette.badge
      } else {
        false
      }
    }
    #expect(badge)
    let sheet = CompctlSceneRenderingTests.elements(of: "n5", in: picture).first
    if case .rect(_, let radius, let corners, _, _, _) = sheet {
      #expect(radius == 10 && corners == .top)
    } else {
      Issue.record("the sheet draws no card: \(String(describing: sheet))")
    }
    let toolbarLine = CompctlSceneRenderingTests.elements(of: "n2", in: picture).contains {
      if case .line(_, let y1, _, _, _, _) = $0 { y1 == 56.25 } else { false }
    }
    #expect(toolbarLine)
  }

  @Test func layoutAndDrawShowGlyphsAndTheToolbarLine() throws {
    let toolbar = try #require(Self.scene["children"]?.arrayValue?.first)
    let item = try #require(toolbar["children"]?.arrayValue?.first)
    let node = try #require(WireNode(item))
    #expect(node.visibleText == "\u{25BD}")
    let bars: JSON = [
      "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 100, "height": 100],
      "children": [toolbar],
    ]
    #expect(LayoutTreeText.line(for: node) == #"button "toolbar.0" n3 (16, 0, 28×44) system trash"#)
    let sheet = try #require(WireNode(Self.scene["children"]?.arrayValue?.last ?? .null))
    #expect(LayoutTreeText.line(for: sheet) == "view n5 (0, 60, 100×40) presentation pageSheet")
    let text = WireframeRenderer.render(root: bars, columns: 20).text
    #expect(text.contains("━"))
  }
}
