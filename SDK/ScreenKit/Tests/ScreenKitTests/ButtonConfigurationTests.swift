import Testing

@testable import ScreenKit

@MainActor
@Suite struct ButtonConfigurationTests {
  @Test func aMediumFilledButtonIsBodyTextInsideSevenByTwelve() {
    var configuration = Button.Configuration.filled()
    configuration.title = "Continue"
    let button = Button(configuration: configuration)
    let font = Font.systemFont(ofSize: 17)
    // 7 + the 17-point line + 7: 34.33 with San Francisco, 34.67 with Inter.
    #expect(button.intrinsicContentSize.height == font.lineHeight.roundedUpToPixel + 14)
    #expect(
      button.intrinsicContentSize.width
        == TextLayout(text: "Continue", font: font, numberOfLines: 1).size.width + 24)
    #expect(button.currentTitle == "Continue")
    #expect(button.currentTitleColor == .white)
    #expect(configuration.backgroundColor(tint: .systemBlue) == .systemBlue)
    // Larger sizes take larger insets.
    configuration.buttonSize = .large
    #expect(
      configuration.contentInsets
        == DirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20))
    configuration.contentInsets = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    configuration.buttonSize = .small
    #expect(configuration.contentInsets.trailing == 4, "insets set by hand stay")
  }

  /// The activity indicator takes the image's place: a medium indicator's 20 × 20 points
  /// beside the title (with the image padding), the button growing by as much.
  @Test func theActivityIndicatorTakesTheImagesPlace() {
    var configuration = Button.Configuration.filled()
    configuration.title = "Saving"
    let button = Button(configuration: configuration)
    let plain = button.intrinsicContentSize
    #expect(button.configuredImageFrame == nil)
    configuration.showsActivityIndicator = true
    button.configuration = configuration
    let busy = button.intrinsicContentSize
    #expect(busy.width == plain.width + 20 + configuration.imagePadding)
    #expect(busy.height == max(plain.height, 20 + 14))
    button.frame = Rect(origin: .zero, size: busy)
    let frame = button.configuredImageFrame
    #expect(frame == Rect(x: 12, y: (busy.height - 20) / 2, width: 20, height: 20))
  }

  @Test func stylesGiveUIKitsColoursAndCorners() {
    let tint = Color.systemGreen
    #expect(Button.Configuration.plain().backgroundColor(tint: tint) == nil)
    #expect(Button.Configuration.plain().foregroundColor(tint: tint) == tint)
    #expect(
      Button.Configuration.tinted().backgroundColor(tint: tint) == tint.withAlphaComponent(0.15))
    #expect(Button.Configuration.gray().backgroundColor(tint: tint) == .tertiarySystemFill)
    #expect(Button.Configuration.borderedProminent().style == .filled)
    #expect(Button.Configuration.bordered().style == .gray)
    var capsule = Button.Configuration.filled()
    capsule.cornerStyle = .capsule
    #expect(capsule.resolvedCornerRadius(height: 50) == 25)
    capsule.cornerStyle = .fixed
    capsule.cornerRadius = 3
    capsule.baseForegroundColor = .black
    #expect(capsule.resolvedCornerRadius(height: 50) == 3)
    #expect(capsule.foregroundColor(tint: tint) == .black)
  }

  @Test func theUpdateHandlerRunsOnStateChangesAndThePrimaryActionOnTap() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    var configuration = Button.Configuration.gray()
    configuration.title = "Off"
    var pressed = 0
    let button = Button(configuration: configuration) { _ in pressed += 1 }
    var updates = 0
    button.configurationUpdateHandler = { button in
      updates += 1
      button.configuration?.title = button.isSelected ? "On" : "Off"
    }
    window.addSubview(button)
    button.isSelected = true
    #expect(button.currentTitle == "On")
    #expect(updates == 1, "setting the configuration inside the handler does not run it again")
    #expect(try window.tap(button))
    #expect(pressed == 1)
    // The tap highlighted and unhighlighted the button: two more updates.
    #expect(updates == 3)
    button.isSelected = false
    #expect(button.currentTitle == "Off")
  }
}
