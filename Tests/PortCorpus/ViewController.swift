// swift-format-ignore-file
//
//  ViewController.swift
//  Greeter
//
//  Xcode's "App" template, filled in the way a first screen is: views placed by frame in
//  viewDidLoad, resized in viewDidLayoutSubviews, a button wired with #selector.
//
// PortCorpus: ViewController
// Frames below are UIKit's on an iPhone 14 (390 × 844 points, safe area 47 top, 34 bottom),
// which is compd's default environment.
// expect: greeting 20 67 350 40 — frame set in viewDidLayoutSubviews: x 20, y = safe top 47 + 20, width = 390 − 2·20
// expect: greet 20 127 350 44 — below the greeting: y = 67 + 40 + 20, height 44 (Apple's minimum hit target)
// expect: badge 300 200 60 24 — translatesAutoresizingMaskIntoConstraints = false and no constraint: Auto Layout leaves the frame as set
// expect: footer 0 730 390 50 — autoresizing flexibleWidth + flexibleTopMargin from (0, 400, 320, 50) in a 320 × 480 view resized to 390 × 810: the top margin takes all 330 more points of height, the width all 70 more of width
// expect: footer.label 16 730 358 50 — flexibleWidth inside the footer: margins 16 stay, width 288 + 70
import UIKit
import Foundation
import os.log

class ViewController: UIViewController {

    static let uiLog = OSLog(subsystem: "com.example.greeter", category: "ui")

    private let greetingLabel = UILabel()
    private let greetButton = UIButton(type: .system)
    private let badge = UIView()
    private var greetings = 0
    private let margin: CGFloat = 20
    private let buttonHeight: CGFloat = 44

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        os_log("ViewController loaded with %d greetings", log: .default, type: .info, greetings)
        os_log("Greeting %{public}@ for %@", log: ViewController.uiLog, type: .info, "World", "Tim")

        greetingLabel.accessibilityIdentifier = "greeting"
        greetingLabel.text = NSLocalizedString("Hello!", comment: "The first greeting")
        greetingLabel.textAlignment = NSTextAlignment.center
        greetingLabel.font = UIFont.boldSystemFont(ofSize: 24)
        view.addSubview(greetingLabel)

        greetButton.accessibilityIdentifier = "greet"
        greetButton.setTitle("Greet", for: .normal)
        greetButton.addTarget(self, action: #selector(greet(_:)), for: .touchUpInside)
        view.addSubview(greetButton)

        // A badge placed by frame with Auto Layout switched on but no constraints.
        badge.accessibilityIdentifier = "badge"
        badge.translatesAutoresizingMaskIntoConstraints = false
        badge.frame = CGRect(x: 300, y: 200, width: 60, height: 24)
        badge.backgroundColor = .systemRed
        badge.layer.cornerRadius = badge.frame.height / 2
        view.addSubview(badge)

        addFooter()
    }

    /// A footer laid out by autoresizing, as views were before Auto Layout: made for a
    /// 320 × 480 screen and carried along by its masks.
    private func addFooter() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let footer = UIView(frame: CGRect(x: 0, y: 400, width: 320, height: 50))
        footer.accessibilityIdentifier = "footer"
        footer.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        footer.backgroundColor = .secondarySystemBackground
        let label = UILabel(frame: footer.bounds.insetBy(dx: 16, dy: 0))
        label.accessibilityIdentifier = "footer.label"
        label.autoresizingMask = .flexibleWidth
        label.text = "Made with UIKit"
        footer.addSubview(label)
        container.addSubview(footer)
        view.addSubview(container)
        // The safe area's height: 844 − 34.
        container.frame = CGRect(x: 0, y: 0, width: 390, height: 810)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width - 2 * margin
        greetingLabel.frame = CGRect(
            x: margin, y: view.safeAreaInsets.top + margin, width: width, height: 40)
        greetButton.frame = CGRect(
            x: margin, y: greetingLabel.frame.maxY + margin, width: width, height: buttonHeight)
    }

    @objc func greet(_ sender: UIButton) {
        greetings += 1
        greetingLabel.text = String(format: "Hello × %d", greetings)
        if #available(iOS 15.0, *) {
            sender.setTitle("Greet again", for: .normal)
        }
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    init() {
        super.init(nibName: nil, bundle: nil)
    }
}
