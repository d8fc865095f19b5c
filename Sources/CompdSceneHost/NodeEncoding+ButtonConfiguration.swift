import CompdProtocol
import JSONRPC
import ScreenKit

/// A configured button's wire props (docs/protocol.md, `button`): its configuration's
/// background and corner radius travel as every node's `backgroundColor` and `cornerRadius`,
/// its title font as `font`, and what a classic button lacks as `subtitle`, `subtitleFont`,
/// `image`, `imagePlacement` and `activityIndicator`.
@MainActor
extension NodeEncoding {
  static func addConfiguration(
    of button: Button, traits: TraitCollection, to props: inout JSONObject
  ) {
    guard let configuration = button.configuration else { return }
    let tint = button.tintColor ?? .systemBlue
    if let background = configuration.backgroundColor(tint: tint) {
      props["backgroundColor"] = .string(background.resolvedColor(with: traits).description)
      let radius = configuration.resolvedCornerRadius(height: button.frame.height)
      if radius != 0 { props["cornerRadius"] = .number(radius) }
    }
    let font = configuration.titleFont
    if font != .systemFont(ofSize: 15) {
      props["font"] = .string(font.description)
    } else {
      props["font"] = nil
    }
    if let subtitle = configuration.subtitle, !subtitle.isEmpty {
      props["subtitle"] = .string(subtitle)
      props["subtitleFont"] = .string(configuration.subtitleFont.description)
    }
    // The activity indicator takes the image's place (and `imageFrame`) while it shows.
    if configuration.showsActivityIndicator {
      props["activityIndicator"] = true
    } else if let image = configuration.image {
      props["image"] = NodeEncoding.image(
        image, viewTint: configuration.foregroundColor(tint: tint), traits: traits)
    }
    if let frame = button.configuredImageFrame { props["imageFrame"] = NodeEncoding.frame(frame) }
    if configuration.image != nil || configuration.showsActivityIndicator,
      configuration.imagePlacement != .leading
    {
      props["imagePlacement"] = .string(configuration.imagePlacement.rawValue)
    }
  }
}
