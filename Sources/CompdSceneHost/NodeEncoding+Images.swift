import CompdProtocol
import FoundationEssentials
import JSONRPC
import ScreenKit

/// The bytes of every image a scene host has sent on the wire, by content hash: the host
/// owns them, and the broker asks it for them (`host.image`) when a client calls
/// `image.get`. An image's bytes stay registered for the host's life (the same image is
/// usually shown again; a host holds a few plugins' resources at most).
@MainActor
enum HostImages {
  /// The media type and bytes of an image, by its SHA-256 hex digest.
  private(set) static var registered: [String: (mime: String, bytes: Data)] = [:]

  /// Registers `image`'s bytes under its hash, once.
  static func register(_ image: Image) {
    guard let hash = image.contentHash, registered[hash] == nil,
      let data = image.encodedData, let format = image.format
    else { return }
    registered[hash] = (format.mimeType, data)
  }

  /// `host.image {hash}`: `{mime, data}` (base64), or `found: false` when this host never
  /// sent that image.
  static func answer(_ params: JSONObject) -> JSON {
    guard let hash = params["hash"]?.stringValue, let entry = registered[hash] else {
      return ["found": false]
    }
    return [
      "found": true, "mime": .string(entry.mime),
      "data": .string(entry.bytes.base64EncodedString()),
    ]
  }
}

extension NodeEncoding {
  /// The wire form of `image` (docs/protocol.md, "Images"), registering its bytes:
  /// `{hash, width, height, scale}` (size in points), `template` and the resolved `tint`
  /// for a template image, `name` when it has one. `viewTint` is the tint colour of the view
  /// showing it, which a template takes unless the image has its own.
  static func image(_ image: Image, viewTint: Color?, traits: TraitCollection) -> JSON {
    HostImages.register(image)
    var json: JSONObject = [:]
    if let hash = image.contentHash { json["hash"] = .string(hash) }
    json["width"] = .number(image.size.width)
    json["height"] = .number(image.size.height)
    json["scale"] = .number(image.scale)
    if let name = image.name { json["name"] = .string(name) }
    if image.isTemplate {
      json["template"] = true
      if let tint = image.tintColor ?? viewTint {
        json["tint"] = .string(tint.resolvedColor(with: traits).description)
      }
    }
    return .object(json)
  }

  /// An image view's props: the image shown now and its content mode.
  static func addImageView(_ view: ImageView, traits: TraitCollection, to props: inout JSONObject) {
    if let shown = view.currentImage {
      props["image"] = image(shown, viewTint: view.tintColor, traits: traits)
    }
    if view.contentMode != .scaleToFill { props["contentMode"] = .string(view.contentMode.name) }
    if view.isHighlighted { props["highlighted"] = true }
  }

  /// A button's image props: the image for its state, in its tint colour when a template,
  /// and where it sits in the button's bounds; and `titleFrame`, where the title sits,
  /// whenever that is not simply centred in the bounds (beside an image, or where the
  /// button's class places it, as a tab's row or a menu entry's leading edge).
  static func addButtonImage(_ button: Button, traits: TraitCollection, to props: inout JSONObject)
  {
    guard button.configuration == nil else { return }
    let frames = button.contentFrames
    if let shown = button.currentImage {
      props["image"] = image(shown, viewTint: button.tintColor, traits: traits)
      props["imageFrame"] = frame(frames.image)
    }
    guard let text = button.currentTitle, !text.isEmpty else { return }
    let size = TextLayout(text: text, font: button.titleLabel.font, numberOfLines: 1).size
    let bounds = button.bounds
    let centred = Rect(
      x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2,
      width: size.width, height: size.height)
    let title = frames.title
    let moved = [
      title.minX - centred.minX, title.minY - centred.minY, title.width - centred.width,
      title.height - centred.height,
    ].contains { abs($0) > 1e-6 }
    if button.currentImage != nil || moved { props["titleFrame"] = frame(title) }
  }

}
