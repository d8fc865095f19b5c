import ScreenKit

/// Touches and gestures to try with a finger or a mouse: a card to drag (a pan), a target
/// to hold (a long press), one to swipe left or right (two swipes), one to double-tap (a
/// double tap that a single tap waits for), an image to pinch, and a button that fades a
/// square in and out.
///
/// Keys: `card`, `holdTarget`, `swipeTarget`, `tapTarget`, `photo`, `fadeButton`, `fader`,
/// `status` (what happened last). Each gesture also emits an event: `dropped {x, y}` (the
/// card's centre when let go), `held`, `swiped {direction}`, `tapped {taps}`,
/// `pinched {side}` (the photo's new side).
final class PlaygroundViewController: ViewController {
  nonisolated static let component = Component.viewController(
    "demo.Playground",
    summary: "Touches and gestures: drag a card, hold, swipe, double-tap, pinch, fade",
    events: ["dropped", "held", "swiped", "tapped", "pinched"]
  ) { context in PlaygroundViewController { context.emit($0, $1) } }

  private let emit: (String, ParamValue) -> Void

  private let status = Label()
  private let card = View()
  private let holdTarget = Label()
  private let swipeTarget = Label()
  private let tapTarget = Label()
  private let photo = ImageView(image: Image(systemName: "star.fill"))
  private let fader = View()
  private let fadeButton = Button(type: .system)
  /// The card's centre, kept across layouts once the user moved it.
  private var cardCenter: Point?
  /// The photo's size, kept across layouts once the user pinched it.
  private var photoSide = 80.0

  init(emit: @escaping (String, ParamValue) -> Void) {
    self.emit = emit
    super.init()
    title = String(localized: "Playground")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    view.tintColor = GalleryPalette.tint
    status.text = String(localized: "Drag the card, hold, swipe, double-tap or pinch")
    status.textColor = GalleryPalette.secondaryText
    status.numberOfLines = 0
    status.accessibilityIdentifier = "status"

    card.backgroundColor = .systemBlue
    card.layer.cornerRadius = 16
    card.accessibilityIdentifier = "card"
    card.addGestureRecognizer(
      PanGestureRecognizer(target: self, action: PlaygroundViewController.dragged))

    configureTarget(
      holdTarget, text: String(localized: "Hold me"), key: "holdTarget",
      color: GalleryPalette.orangeFill)
    holdTarget.addGestureRecognizer(
      LongPressGestureRecognizer(target: self, action: PlaygroundViewController.held))

    configureTarget(
      swipeTarget, text: String(localized: "Swipe me"), key: "swipeTarget",
      color: GalleryPalette.purpleFill)
    for direction: SwipeGestureRecognizer.Direction in [.left, .right] {
      let swipe = SwipeGestureRecognizer(target: self, action: PlaygroundViewController.swiped)
      swipe.direction = direction
      swipeTarget.addGestureRecognizer(swipe)
    }

    configureTarget(
      tapTarget, text: String(localized: "Double-tap me"), key: "tapTarget",
      color: GalleryPalette.greenFill)
    let double = TapGestureRecognizer(target: self, action: PlaygroundViewController.tapped)
    double.numberOfTapsRequired = 2
    let single = TapGestureRecognizer(target: self, action: PlaygroundViewController.tapped)
    single.require(toFail: double)
    tapTarget.addGestureRecognizer(single)
    tapTarget.addGestureRecognizer(double)

    photo.isUserInteractionEnabled = true
    photo.isMultipleTouchEnabled = true
    photo.contentMode = .scaleAspectFit
    photo.tintColor = .systemYellow
    photo.accessibilityIdentifier = "photo"
    photo.addGestureRecognizer(
      PinchGestureRecognizer(target: self, action: PlaygroundViewController.pinched))

    fader.backgroundColor = .systemRed
    fader.layer.cornerRadius = 8
    fader.accessibilityIdentifier = "fader"
    fadeButton.setTitle(String(localized: "Fade"), for: .normal)
    fadeButton.accessibilityIdentifier = "fadeButton"
    fadeButton.addTarget(self, action: PlaygroundViewController.fade, for: .touchUpInside)

    for subview in [status, holdTarget, swipeTarget, tapTarget, photo, fader, fadeButton, card] {
      view.addSubview(subview)
    }
  }

  private func configureTarget(_ label: Label, text: String, key: String, color: Color) {
    label.text = text
    label.textAlignment = .center
    label.textColor = .white
    label.backgroundColor = color
    label.isUserInteractionEnabled = true
    label.layer.cornerRadius = 12
    label.clipsToBounds = true
    label.accessibilityIdentifier = key
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let insets = view.safeAreaInsets
    let area = Rect(
      x: insets.left, y: insets.top, width: view.bounds.width - insets.left - insets.right,
      height: view.bounds.height - insets.top - insets.bottom)
    let width = area.width - 32
    status.frame = Rect(x: area.minX + 16, y: area.minY + 8, width: width, height: 44)
    let half = (width - 16) / 2
    let row = area.minY + 64
    holdTarget.frame = Rect(x: area.minX + 16, y: row, width: half, height: 80)
    swipeTarget.frame = Rect(x: area.minX + 32 + half, y: row, width: half, height: 80)
    tapTarget.frame = Rect(x: area.minX + 16, y: row + 96, width: half, height: 80)
    photo.frame = Rect(
      x: area.minX + 32 + half + (half - photoSide) / 2, y: row + 136 - photoSide / 2,
      width: photoSide, height: photoSide)
    fader.frame = Rect(x: area.minX + 16, y: row + 192, width: 60, height: 60)
    fadeButton.frame = Rect(x: area.minX + 92, y: row + 200, width: 80, height: 44)
    let center = cardCenter ?? Point(x: area.midX, y: row + 340)
    card.frame = Rect(x: center.x - 60, y: center.y - 40, width: 120, height: 80)
    // Frames set by hand do not flip by themselves: right to left, the targets swap sides.
    if view.effectiveUserInterfaceLayoutDirection == .rightToLeft {
      for placed in [status, holdTarget, swipeTarget, tapTarget, photo, fader, fadeButton] {
        placed.frame.origin.x = view.bounds.width - placed.frame.maxX
      }
    }
  }

  private func dragged(_ pan: PanGestureRecognizer) {
    let translation = pan.translation(in: view)
    card.center = Point(x: card.center.x + translation.x, y: card.center.y + translation.y)
    cardCenter = card.center
    pan.setTranslation(.zero, in: view)
    switch pan.state {
    case .began: card.alpha = 0.8
    case .ended, .cancelled:
      View.animate(
        withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0
      ) { self.card.alpha = 1 }
      status.text = String(localized: "Dropped the card")
      emit("dropped", ["x": .double(card.center.x), "y": .double(card.center.y)])
    default: break
    }
  }

  private func held(_ press: LongPressGestureRecognizer) {
    switch press.state {
    case .began:
      holdTarget.text = String(localized: "Held")
      status.text = String(localized: "Long press")
      emit("held", .null)
    case .ended, .cancelled:
      holdTarget.text = String(localized: "Hold me")
    default: break
    }
  }

  private func swiped(_ swipe: SwipeGestureRecognizer) {
    let name = swipe.direction == .left ? "left" : "right"
    let left = swipe.direction == .left
    swipeTarget.text = left ? String(localized: "Swiped left") : String(localized: "Swiped right")
    status.text = left ? String(localized: "Swipe left") : String(localized: "Swipe right")
    emit("swiped", ["direction": .string(name)])
  }

  private func tapped(_ tap: TapGestureRecognizer) {
    let taps = tap.numberOfTapsRequired
    tapTarget.text =
      taps == 2 ? String(localized: "Double-tapped") : String(localized: "Tapped once")
    status.text = taps == 2 ? String(localized: "Double tap") : String(localized: "Single tap")
    emit("tapped", ["taps": .int(Int64(taps))])
  }

  private func pinched(_ pinch: PinchGestureRecognizer) {
    photoSide = min(max(photoSide * pinch.scale, 40), 200)
    pinch.scale = 1
    view.setNeedsLayout()
    if pinch.state == .ended {
      status.text = String.localizedStringWithFormat(
        String(localized: "Pinched to %d points"), Int(photoSide))
      emit("pinched", ["side": .double(photoSide)])
    }
  }

  private func fade() {
    let fadingOut = fader.alpha > 0.5
    fadeButton.isEnabled = false
    View.animate(withDuration: 0.3, delay: 0, options: .curveEaseOut) {
      self.fader.alpha = fadingOut ? 0.1 : 1
    } completion: { _ in
      self.fadeButton.isEnabled = true
      self.status.text =
        fadingOut ? String(localized: "Faded out") : String(localized: "Faded in")
    }
  }
}
