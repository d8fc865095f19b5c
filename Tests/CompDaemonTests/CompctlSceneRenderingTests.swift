import ArgumentParser
import Foundation
import JSONRPC
import Testing

@testable import CompCtl

/// The pure parts of compctl's scene commands: argument parsing and the text they print.
/// (End-to-end runs against compd live with the daemon's scene tests.)
@Suite struct CompctlSceneRenderingTests {
  // MARK: --param

  @Test func paramValuesAreJSONWhenTheyParseAndStringsOtherwise() throws {
    let params = try ComponentParams.parse([
      "user=ann", "count=42", "ratio=0.5", "remember=true", "nothing=null", #"quoted="42""#,
      #"object={"a":[1,2]}"#, "list=[1,2]", "empty=", "url=a=b", "spaced= x ", "brace={bad",
    ])
    #expect(params["user"] == "ann")
    #expect(params["count"] == 42)
    #expect(params["ratio"] == 0.5)
    #expect(params["remember"] == true)
    #expect(params["nothing"] == .null)
    #expect(params["quoted"] == "42")
    #expect(params["object"] == ["a": [1, 2]])
    #expect(params["list"] == [1, 2])
    #expect(params["empty"] == "")
    #expect(params["url"] == "a=b")
    #expect(params["spaced"] == " x ")
    #expect(params["brace"] == "{bad")
    #expect(params.keys.first == "user")
  }

  @Test(arguments: ["user", "=ann", "a=1,a=2"])
  func badParamsAreUsageErrors(_ text: String) {
    let assignments = text.split(separator: ",").map(String.init)
    #expect(throws: ValidationError.self) { try ComponentParams.parse(assignments) }
  }

  @Test func aRepeatedParamNamesTheKey() {
    do {
      _ = try ComponentParams.parse(["user=a", "user=b"])
      Issue.record("a repeated key was accepted")
    } catch {
      #expect(error.message.contains("user"))
    }
  }

  // MARK: sizes

  @Test func sizesParse() throws {
    #expect(try ScreenSize(parsing: "390x844") == ScreenSize(width: 390, height: 844))
    #expect(try ScreenSize(parsing: "844X390") == ScreenSize(width: 844, height: 390))
    #expect(try ScreenSize(parsing: "320×568") == ScreenSize(width: 320, height: 568))
    #expect(try ScreenSize(parsing: "12.5x20") == ScreenSize(width: 12.5, height: 20))
  }

  @Test(arguments: [
    "", "x", "390", "390x", "x844", "0x844", "390x0", "-1x5", "1x2x3", "axb", "infx5",
  ])
  func badSizesAreUsageErrors(_ text: String) {
    #expect(throws: ValidationError.self) { try ScreenSize(parsing: text, option: "--size") }
  }

  @Test func theEnvironmentHasOnlyWhatWasGiven() {
    #expect(ScreenSize.environment(nil, style: nil) == nil)
    #expect(ScreenSize.environment(nil, style: .dark) == ["style": "dark"])
    #expect(
      ScreenSize.environment(ScreenSize(width: 390, height: 844.5), style: .light)
        == ["width": 390, "height": 844.5, "style": "light"])
    // Integral sizes go on the wire as integers.
    #expect(
      ScreenSize.environment(ScreenSize(width: 390, height: 844), style: nil)?["width"] == .int(390)
    )
  }

  @Test func openBuildsTheRequest() throws {
    let command = try OpenCommand.parse([
      "LoginForm", "--param", "user=ann", "--param", "tries=3", "--size", "390x844", "--style",
      "dark",
    ])
    #expect(
      try command.request() == [
        "component": "LoginForm", "params": ["user": "ann", "tries": 3],
        "environment": ["width": 390, "height": 844, "style": "dark"], "lifetime": "daemon",
      ])
    let plain = try OpenCommand.parse(["Gallery", "--lifetime", "connection"])
    #expect(
      try plain.request() == ["component": "Gallery", "params": [:], "lifetime": "connection"])
  }

  @Test(arguments: [
    ["X", "--size", "0x1"], ["X", "--param", "a"], ["X", "--param", "a=1", "--param", "a=2"],
    ["X", "--style", "blue"], ["X", "--lifetime", "forever"],
  ])
  func openRejectsBadArgumentsBeforeConnecting(_ arguments: [String]) {
    #expect(throws: (any Error).self) { try OpenCommand.parse(arguments) }
  }

  @Test func otherCommandsValidateTheirArguments() throws {
    #expect(throws: (any Error).self) { try ResizeCommand.parse(["s1", "100"]) }
    #expect(throws: (any Error).self) { try EventCommand.parse(["s1", "{"]) }
    #expect(throws: (any Error).self) { try EventCommand.parse(["s1", "[1]"]) }
    #expect(throws: (any Error).self) { try DrawCommand.parse(["s1", "--width", "2"]) }
    #expect(throws: (any Error).self) { try DrawCommand.parse(["s1", "--height", "0"]) }
    #expect(throws: (any Error).self) { try RenderCommand.parse(["s1", "--output", "a.gif"]) }
    #expect(throws: (any Error).self) {
      try RenderCommand.parse(["s1", "--output", "a.png", "--scale", "9"])
    }
    let event = try EventCommand.parse(["s1", #"{"type":"toggle","target":"remember","on":true}"#])
    #expect(try event.parsedEvent() == ["type": "toggle", "target": "remember", "on": true])
  }

  @Test func pngIsWrittenWithLibrsvgLoadedWhenAsked() throws {
    let svg =
      ##"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2" viewBox="0 0 4 2"><rect width="4" height="2" fill="#ff0000"/></svg>"##
    let path = TestPaths.temporaryDirectory() + "/red.png"
    try PNGWriter.write(svg: svg, width: 4, height: 2, scale: 2, to: path)
    let bytes = try #require(FileManager.default.contents(atPath: path))
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR: 8 × 4 pixels.
    #expect(Array(bytes[16..<24]) == [0, 0, 0, 8, 0, 0, 0, 4])
    // Without librsvg the message says what to install.
    #expect {
      try PNGWriter.write(
        svg: svg, width: 4, height: 2, scale: 1, to: path, library: "librsvg-missing.so.9")
    } throws: { error in
      "\(error)".hasPrefix("PNG output needs librsvg (Debian: librsvg2-2): librsvg-missing.so.9")
    }
  }

  // MARK: layout tree

  /// A login-like screen: a root, a card with a label, fields and a button, and a
  /// scrolled list with one hidden row.
  static let tree: JSON = [
    "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 40, "height": 24],
    "props": [:],
    "children": [
      [
        "id": "n2", "type": "view", "key": "card",
        "frame": ["x": 2, "y": 2, "width": 20, "height": 12],
        "props": ["backgroundColor": "#f2f2f7ff"],
        "children": [
          [
            "id": "n3", "type": "label", "key": "title",
            "frame": ["x": 2, "y": 2, "width": 16, "height": 6],
            "props": ["text": "Hello wonderful world"], "children": [],
          ]
        ],
      ],
      [
        "id": "n4", "type": "button", "key": "login",
        "frame": ["x": 24, "y": 2, "width": 14, "height": 4], "props": ["title": "OK"],
        "children": [],
      ],
      [
        "id": "n5", "type": "textField", "key": "password",
        "frame": ["x": 24, "y": 8, "width": 14, "height": 6],
        "props": ["secure": true, "textLength": 3, "placeholder": "Password"], "children": [],
      ],
      [
        "id": "n6", "type": "scroll",
        "frame": ["x": 0, "y": 14, "width": 40, "height": 8],
        "props": [
          "contentSize": ["width": 40, "height": 40], "contentOffset": ["x": 0, "y": 10],
        ],
        "children": [
          [
            "id": "n7", "type": "label", "frame": ["x": 2, "y": 0, "width": 30, "height": 4],
            "props": ["text": "Scrolled away"],
          ],
          [
            "id": "n8", "type": "label", "frame": ["x": 2, "y": 12, "width": 30, "height": 4.5],
            "props": ["text": "Row\ntwo"],
          ],
          [
            "id": "n9", "type": "label", "frame": ["x": 20, "y": 12, "width": 10, "height": 4],
            "props": ["text": "secret", "hidden": true],
          ],
        ],
      ],
    ],
  ]

  @Test func theLayoutTreeHasOneIndentedLinePerNode() {
    let expected = """
      view n1 (0, 0, 40×24)
        view "card" n2 (2, 2, 20×12)
          label "title" n3 (2, 2, 16×6) text "Hello wonderful world"
        button "login" n4 (24, 2, 14×4) title "OK"
        textField "password" n5 (24, 8, 14×6) secure, 3 chars
        scroll n6 (0, 14, 40×8) offset (0, 10)
          label n7 (2, 0, 30×4) text "Scrolled away"
          label n8 (2, 12, 30×4.5) text "Row\\ntwo"
          label n9 (20, 12, 10×4) text "secret", hidden
      """
    #expect(LayoutTreeText.render(root: Self.tree) == expected)
  }

  @Test func treeSummariesQuoteAndTruncate() throws {
    let long = String(repeating: "a", count: 60)
    let field = try #require(
      WireNode(
        [
          "id": "n1", "type": "textField", "frame": ["x": 0.25, "y": 1, "width": 10, "height": 2],
          "props": ["text": "", "placeholder": "Email"],
        ]))
    #expect(LayoutTreeText.line(for: field) == #"textField n1 (0.25, 1, 10×2) placeholder "Email""#)
    let label = try #require(
      WireNode(["id": "n2", "type": "label", "props": ["text": .string(long)]]))
    #expect(
      LayoutTreeText.line(for: label)
        == "label n2 (0, 0, 0×0) text \"" + String(repeating: "a", count: 39) + "…\"")
    #expect(LayoutTreeText.render(root: "nonsense") == "(no layout)")
  }

  // MARK: draw

  @Test func theWireframeDrawsNestedScrolledSecureAndTruncatedNodes() {
    // 40 points into 40 columns: one column per point, one row per two points. The card's
    // label is placed relative to the card and drawn without a box; the button is rounded,
    // the field heavy; the scroll view (rows 7–10, dashed) shows its content 10 points
    // down, so "Row two" (content y 12) lands on row 8, "Scrolled away" (content y 0) is
    // clipped off, and the hidden row is not drawn at all.
    let expected = """
      ┌──────────────────────────────────────┐
      │ ┌──────────────────┐  ╭─────OK─────╮ │
      │ │                  │  ╰────────────╯ │
      │ │ Hello wonderful… │                 │
      │ │                  │  ┏━━━━━━━━━━━━┓ │
      │ │                  │  ┃•••         ┃ │
      │ └──────────────────┘  ┗━━━━━━━━━━━━┛ │
      ┌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌┐
      ╎ Row two                              ╎
      ╎                                      ╎
      └╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌┘
      └──────────────────────────────────────┘
      """
    let drawing = WireframeRenderer.render(root: Self.tree, columns: 40)
    #expect(drawing.text == expected)
    #expect(drawing.tooSmall == 0 && drawing.columns == 40 && drawing.rows == 12)
  }

  @Test func theWireframeScalesToTheColumnsKeepingTheAspectRatio() {
    let root: JSON = [
      "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 390, "height": 844],
    ]
    let lines = WireframeRenderer.render(root: root, columns: 80).text.split(separator: "\n")
      .map(String.init)
    // 80 / 390 columns per point, half that in rows: 844 × 40 / 390 ≈ 86.6 rows.
    #expect(lines.count == 87)
    #expect(lines.first == "┌" + String(repeating: "─", count: 78) + "┐")
    #expect(lines.last == "└" + String(repeating: "─", count: 78) + "┘")
    #expect(
      lines.dropFirst().dropLast().allSatisfy {
        $0 == "│" + String(repeating: " ", count: 78) + "│"
      })
  }

  @Test func aTallRootIsScaledToFitTheRows() {
    let root: JSON = [
      "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 390, "height": 844],
    ]
    // 20 rows for 844 points; columns keep twice the row scale: 390 × 40 / 844 ≈ 18.5.
    let drawing = WireframeRenderer.render(root: root, columns: 80, rows: 20)
    let lines = drawing.text.split(separator: "\n").map(String.init)
    #expect(drawing.rows == 20 && drawing.columns == 18)
    #expect(lines.count == 20)
    #expect(lines.first == "┌" + String(repeating: "─", count: 16) + "┐")
    // A short root is not stretched to the rows.
    let wide = WireframeRenderer.render(root: root, columns: 10, rows: 100)
    #expect(wide.columns == 10 && wide.rows == 11)
  }

  @Test func smallBoxesBecomeBracketsOrBars() {
    let root: JSON = [
      "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 20, "height": 8],
      "children": [
        [
          "id": "n2", "type": "button", "frame": ["x": 1, "y": 2, "width": 12, "height": 2],
          "props": ["title": "Go on"],
        ],
        [
          "id": "n3", "type": "view", "frame": ["x": 16, "y": 2, "width": 1, "height": 4],
          "props": ["borderWidth": 1],
        ],
        // A stack draws nothing of its own.
        ["id": "n5", "type": "stack", "frame": ["x": 0, "y": 0, "width": 20, "height": 8]],
        [
          "id": "n4", "type": "textField", "frame": ["x": 1, "y": 4, "width": 8, "height": 2],
          "props": ["text": "ann", "textAlignment": "right"],
        ],
      ],
    ]
    let expected = """
      ┌──────────────────┐
      │(  Go on   )   │  │
      │[   ann]       │  │
      └──────────────────┘
      """
    #expect(WireframeRenderer.render(root: root, columns: 20).text == expected)
  }

  @Test func eachTypeHasItsStyleAndTinyViewsAreCounted() {
    let root: JSON = [
      "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 40, "height": 12],
      "children": [
        [
          // The bar's title is its child label's: drawn once.
          "id": "n2", "type": "navigationBar", "frame": ["x": 0, "y": 0, "width": 40, "height": 4],
          "props": ["title": "Title"],
          "children": [
            [
              "id": "n3", "type": "label", "frame": ["x": 16, "y": 0, "width": 8, "height": 4],
              "props": ["text": "Title"],
            ]
          ],
        ],
        [
          "id": "n4", "type": "switch", "frame": ["x": 2, "y": 6, "width": 10, "height": 2],
          "props": ["on": true],
        ],
        [
          "id": "n5", "type": "switch", "frame": ["x": 14, "y": 6, "width": 4, "height": 2],
          "props": ["on": false],
        ],
        [
          "id": "n6", "type": "image", "frame": ["x": 20, "y": 4, "width": 10, "height": 4],
          "props": ["image": ["name": "logo", "width": 10, "height": 4, "scale": 1]],
        ],
        [
          "id": "n7", "type": "button", "frame": ["x": 32, "y": 6, "width": 0.4, "height": 2],
          "props": ["title": "x"],
        ],
        [
          "id": "n8", "type": "label", "frame": ["x": 34, "y": 6, "width": 0.3, "height": 0.3],
          "props": ["text": "tiny"],
        ],
        // Without text a tiny label shows nothing and is not counted.
        ["id": "n9", "type": "label", "frame": ["x": 35, "y": 6, "width": 0.3, "height": 0.3]],
        [
          "id": "n10", "type": "activityIndicator",
          "frame": ["x": 36, "y": 8, "width": 2, "height": 2], "props": ["animating": true],
        ],
        [
          "id": "n11", "type": "label", "frame": ["x": 2, "y": 8, "width": 10, "height": 2],
          "props": ["text": "Name"],
        ],
      ],
    ]
    let expected = """
      ┌───────────────Title──────────────────┐
      ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
      │                   ╔══logo══╗         │
      │ [on ●]      ○     ╚════════╝         │
      │ Name                              ✻  │
      └──────────────────────────────────────┘
      """
    let drawing = WireframeRenderer.render(root: root, columns: 40)
    #expect(drawing.text == expected)
    #expect(drawing.tooSmall == 2)
  }

  @Test func nothingToDrawWithoutARootSize() {
    #expect(WireframeRenderer.render(root: ["id": "n1", "type": "view"], columns: 80).text == "")
    #expect(WireframeRenderer.render(root: [1, 2], columns: 80).text == "")
  }

  @Test func visibleTextOfEachKind() throws {
    func text(_ type: String, _ props: JSON) throws -> String? {
      try #require(WireNode(["id": "n1", "type": .string(type), "props": props])).visibleText
    }
    #expect(try text("label", ["text": "Hi"]) == "Hi")
    #expect(try text("button", ["title": "Login"]) == "Login")
    #expect(try text("textField", ["text": "ann", "placeholder": "User"]) == "ann")
    #expect(try text("textField", ["text": "", "placeholder": "User"]) == "User")
    #expect(try text("textField", ["secure": true, "textLength": 4]) == "••••")
    #expect(
      try text("textField", ["secure": true, "textLength": 0, "placeholder": "PIN"]) == "PIN")
    #expect(try text("image", ["image": "logo"]) == nil)
    #expect(try text("navigationBar", ["title": "Gallery"]) == nil)
  }

  // MARK: tables

  /// An inset-grouped table scrolled 20 points down: a selected first row with a chevron
  /// and a separator, a last row with a checkmark that draws no selection, and a row
  /// scrolled out of the bounds.
  static let table: JSON = [
    "id": "n1", "type": "view", "frame": ["x": 0, "y": 0, "width": 100, "height": 60],
    "children": [
      [
        "id": "n2", "type": "table", "key": "list",
        "frame": ["x": 0, "y": 10, "width": 100, "height": 50],
        "props": [
          "style": "insetGrouped", "separatorColor": "#ff000080", "rowCount": 3,
          "sectionCount": 1, "contentSize": ["width": 100, "height": 200],
          "contentOffset": ["x": 0, "y": 20],
        ],
        "children": [
          [
            "id": "n3", "type": "cell", "key": "first",
            "frame": ["x": 0, "y": 20, "width": 100, "height": 20],
            "props": [
              "backgroundColor": "#ffffffff", "accessory": "disclosureIndicator",
              "selected": true, "separator": ["left": 16, "right": 0], "roundedCorners": "top",
              "cornerRadius": 10,
            ],
            "children": [
              [
                "id": "n4", "type": "label", "frame": ["x": 16, "y": 0, "width": 60, "height": 20],
                "props": ["text": "Ann"],
              ]
            ],
          ],
          [
            "id": "n5", "type": "cell", "key": "last",
            "frame": ["x": 0, "y": 40, "width": 100, "height": 20],
            "props": [
              "backgroundColor": "#000000ff", "accessory": "checkmark", "selected": true,
              "selectionStyle": "none", "roundedCorners": "bottom", "cornerRadius": 10,
            ],
          ],
          [
            "id": "n6", "type": "cell", "key": "away",
            "frame": ["x": 0, "y": 120, "width": 100, "height": 20],
            "props": ["accessory": "detailButton", "swiped": "trailing"],
          ],
        ],
      ]
    ],
  ]

  /// The elements drawn for node `id` itself, between its `begin` and its first child's.
  static func elements(of id: String, in picture: ScenePicture) -> [ScenePicture.Element] {
    guard
      let start = picture.elements.firstIndex(where: {
        if case .begin(let node, _, _, _, _, _) = $0 { node == id } else { false }
      })
    else { return [] }
    return Array(
      picture.elements[(start + 1)...].prefix {
        if case .begin = $0 { return false }
        return $0 != .end
      })
  }

  @Test func aTableClipsItsRowsAndARowDrawsItsSelectionSeparatorAndAccessory() throws {
    let picture = ScenePicture(root: Self.table)
    // The table clips; its rows sit at content y less the offset, below its own y.
    #expect(
      picture.elements.contains(
        .begin(
          id: "n2", type: "table", key: "list", bounds: .init(x: 0, y: 10, width: 100, height: 50),
          opacity: 1, clip: true)))
    let row = ScenePicture.Box(x: 0, y: 10, width: 100, height: 20)
    let separator = try #require(ScenePicture.Paint(wire: "#ff000080"))
    let chevron = ScenePicture.Palette.chevron
    #expect(
      Self.elements(of: "n3", in: picture) == [
        .rect(
          row, radius: 10, corners: .top, fill: ScenePicture.Paint("#ffffff"), stroke: nil,
          strokeWidth: 0),
        .rect(
          row, radius: 10, corners: .top, fill: ScenePicture.Palette.cellSelection, stroke: nil,
          strokeWidth: 0),
        .line(x1: 16, y1: 29.75, x2: 100, y2: 29.75, stroke: separator, width: 0.5),
        .line(x1: 77, y1: 13.5, x2: 83.5, y2: 20, stroke: chevron, width: 2),
        .line(x1: 83.5, y1: 20, x2: 77, y2: 26.5, stroke: chevron, width: 2),
      ])
    // selectionStyle none: no grey; no separator sent, none drawn; a tint checkmark.
    let last = Self.elements(of: "n5", in: picture)
    #expect(last.count == 3)
    #expect(
      last.first
        == .rect(
          .init(x: 0, y: 30, width: 100, height: 20), radius: 10, corners: .bottom,
          fill: ScenePicture.Paint("#000000"), stroke: nil, strokeWidth: 0))
    #expect(
      last.dropFirst().allSatisfy {
        if case .line(_, _, _, _, let stroke, _) = $0 {
          stroke == ScenePicture.Palette.tint
        } else {
          false
        }
      })
    // A detail button: a circle of 22 points 16 points from the trailing edge.
    #expect(
      Self.elements(of: "n6", in: picture).first
        == .circle(
          cx: 73, cy: 120, r: 10.25, fill: nil, stroke: ScenePicture.Palette.tint,
          strokeWidth: 1.5))
  }

  @Test func aDarkRowDrawsDarkSelectionAndChevron() {
    let dark: JSON = [
      "id": "n1", "type": "cell", "frame": ["x": 0, "y": 0, "width": 100, "height": 44],
      "props": [
        "backgroundColor": "#1c1c1eff", "selected": true, "accessory": "disclosureIndicator",
      ],
    ]
    let elements = Self.elements(of: "n1", in: ScenePicture(root: dark))
    #expect(elements.count == 4)
    #expect(
      elements[1]
        == .rect(
          .init(x: 0, y: 0, width: 100, height: 44), radius: 0, corners: .all,
          fill: ScenePicture.Palette.darkCellSelection, stroke: nil, strokeWidth: 0))
    #expect(
      elements[2]
        == .line(
          x1: 77, y1: 15.5, x2: 83.5, y2: 22, stroke: ScenePicture.Palette.darkChevron, width: 2))
    #expect(ScenePicture.Paint("#ffffff").isDark == false)
    #expect(ScenePicture.Paint("#000000", opacity: 0.2).isDark == false)
  }

  @Test func theSVGRoundsOnlyTheCornersARowAsksFor() {
    let svg = SVGWriter.document(ScenePicture(root: Self.table))
    #expect(svg.contains(##"<clipPath id="clip-n2"><rect x="0" y="10" width="100" height="50"/>"##))
    #expect(
      svg.contains(
        ##"<path d="M0,30 V20 A10,10 0 0 1 10,10 H90 A10,10 0 0 1 100,20 V30 Z" fill="#ffffff"/>"##)
    )
    #expect(
      svg.contains(
        ##"<path d="M0,30 H100 V40 A10,10 0 0 1 90,50 H10 A10,10 0 0 1 0,40 Z" fill="#000000"/>"##))
    #expect(svg.contains(##"fill="#d1d1d6""##))
    #expect(svg.contains(##"stroke="#ff0000" stroke-width="0.5" stroke-opacity="0.502""##))
  }

  @Test func theWireframeAndTheLayoutTreeShowTablesAndRows() {
    // 100 points into 50 columns, a row per 4 points: the table is rows 3–14, its first row
    // rows 3–7 with its label and chevron (16 points, 8 columns, from its right end) on its
    // middle row and the separator from 16 points in along row 7, short of the table's
    // edge; the last row has its checkmark; the third is scrolled away.
    let expected = """
      ┌────────────────────────────────────────────────┐
      │                                                │
      │                                                │
      ┌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌┐
      ╎                                                ╎
      ╎       Ann                              ›       ╎
      ╎                                                ╎
      ╎       ─────────────────────────────────────────╎
      ╎                                                ╎
      ╎                                                ╎
      ╎                                        ✓       ╎
      ╎                                                ╎
      ╎                                                ╎
      ╎                                                ╎
      └╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌┘
      """
    let drawing = WireframeRenderer.render(root: Self.table, columns: 50)
    #expect(drawing.text == expected)
    #expect(
      LayoutTreeText.render(root: Self.table) == """
        view n1 (0, 0, 100×60)
          table "list" n2 (0, 10, 100×50) offset (0, 20), 3 rows in 1 section
            cell "first" n3 (0, 20, 100×20) disclosureIndicator, selected
              label n4 (16, 0, 60×20) text "Ann"
            cell "last" n5 (0, 40, 100×20) checkmark, selected
            cell "away" n6 (0, 120, 100×20) detailButton, swiped trailing
        """)
  }

  @Test func theTerminalWidthComesFromColumnsThenTheTerminal() {
    #expect(TerminalWidth.resolve(columnsVariable: "120", terminalColumns: 90) == 120)
    #expect(TerminalWidth.resolve(columnsVariable: "wide", terminalColumns: 90) == 90)
    #expect(TerminalWidth.resolve(columnsVariable: nil, terminalColumns: nil) == 80)
    #expect(TerminalWidth.resolve(columnsVariable: "0", terminalColumns: 0) == 80)
  }

  @Test func theTerminalHeightComesFromLinesThenTheTerminalLessOneRow() {
    #expect(TerminalHeight.resolve(linesVariable: "40", terminalRows: 30) == 39)
    #expect(TerminalHeight.resolve(linesVariable: "tall", terminalRows: 30) == 29)
    #expect(TerminalHeight.resolve(linesVariable: nil, terminalRows: nil) == nil)
    #expect(TerminalHeight.resolve(linesVariable: "1", terminalRows: nil) == 1)
  }

  // MARK: watch and tables

  @Test func notificationsBecomeOneLineEach() {
    let changed: JSON = [
      "scene": "s1", "revision": 5, "base": 4,
      "ops": [
        ["op": "frame", "id": "n3", "frame": ["x": 0, "y": 0, "width": 1, "height": 1]],
        ["op": "update", "id": "n7", "props": ["text": "hi", "textColor": .null]],
        [
          "op": "insert", "parent": "n2", "index": 0,
          "node": ["id": "n9", "type": "label", "frame": [:], "props": [:], "children": []],
        ],
        ["op": "remove", "id": "n4"],
      ],
    ]
    #expect(
      NotificationText.line(method: "scene.changed", params: changed)
        == #"r5 ← r4: frame n3, update n7 {"text":"hi","textColor":null}, insert n9 (label) in n2 at 0, remove n4"#
    )
    #expect(
      NotificationText.line(
        method: "scene.emitted",
        params: ["scene": "s1", "name": "login", "payload": ["user": "ann"]])
        == #"emitted login {"user":"ann"}"#)
    #expect(
      NotificationText.line(method: "scene.emitted", params: ["scene": "s1", "name": "cancel"])
        == "emitted cancel")
    #expect(
      NotificationText.line(method: "scene.closed", params: ["scene": "s1", "reason": "closed"])
        == "closed (closed)")
    let many = JSON.array(Array(repeating: ["op": "remove", "id": "n1"], count: 15))
    #expect(
      NotificationText.line(
        method: "scene.changed", params: ["revision": 2, "base": 1, "ops": many]
      )
      .hasSuffix("remove n1, … 3 more"))
    #expect(
      WatchCommand.snapshotLine(["scene": "s1", "revision": 4, "root": Self.tree], scene: "s1")
        == "s1 r4: 9 nodes")
  }

  @Test func tablesPadEveryColumnButTheLast() {
    var table = TextTable(headers: ["SCENE", "COMPONENT", "REVISION"])
    table.rows = [["s1", "LoginForm", "r3"], ["s10", "Gallery", ""]]
    #expect(
      table.text == """
        SCENE  COMPONENT  REVISION
        s1     LoginForm  r3
        s10    Gallery
        """)
    let scenes = ScenesCommand.table([
      [
        "scene": "s1", "component": "LoginForm", "revision": 3,
        "environment": ["width": 390.0, "height": 844.0, "style": "dark"], "lifetime": "daemon",
      ]
    ])
    #expect(
      scenes.text == """
        SCENE  COMPONENT  REVISION  SIZE     STYLE  LIFETIME
        s1     LoginForm  r3        390×844  dark   daemon
        """)
  }
}
