import Testing

@testable import ScreenKit

@MainActor
private final class LoginViewController: ViewController {
  override func loadView() {
    let contentView = LoginView()
    view = contentView
  }
}

@MainActor
private func find(_ identifier: String, in view: View) -> View? {
  if view.accessibilityIdentifier == identifier { return view }
  for subview in view.subviews {
    if let found = find(identifier, in: subview) { return found }
  }
  return nil
}

@MainActor
@Test func loginSeedPlacesFieldsAndButtonAsUIKit() throws {
  LayoutDiagnostics.clearRecentIssues()
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  window.rootViewController = LoginViewController()
  window.makeKeyAndVisible()
  window.layoutIfNeeded()

  let username = try #require(find("username", in: window))
  let password = try #require(find("password", in: window))
  let login = try #require(find("login", in: window))
  #expect(username.convert(username.bounds, to: nil) == Rect(x: 16, y: 67, width: 358, height: 30))
  #expect(password.convert(password.bounds, to: nil) == Rect(x: 16, y: 107, width: 358, height: 30))
  #expect(login.convert(login.bounds, to: nil) == Rect(x: 16, y: 157, width: 358, height: 40))
  #expect(LayoutDiagnostics.recentIssues.isEmpty)
}

@MainActor
@Test func loginSeedUsesRootViewHookWithoutController() {
  // The internal hook the controllers branch sets on a controller's root view.
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  let root = LoginView()
  root.layoutState.isViewControllerRootView = true
  root.frame = window.frame
  window.addSubview(root)
  window.layoutIfNeeded()
  let username = find("username", in: root)!
  #expect(username.convert(username.bounds, to: nil) == Rect(x: 16, y: 67, width: 358, height: 30))
  // Without the hook the margins are the default 8 points.
  root.layoutState.isViewControllerRootView = false
  root.setNeedsLayout()
  window.layoutIfNeeded()
  #expect(username.convert(username.bounds, to: nil) == Rect(x: 8, y: 67, width: 374, height: 30))
}

// A StackedViewController: a stack view in a scroll view, the stack's bottom
// pinned with a low priority so that the content grows with the arranged views.
@MainActor
private class StackedViewController: ViewController {
  private(set) var scrollView: ScrollView = {
    let view = ScrollView()
    view.translatesAutoresizingMaskIntoConstraints = false
    view.backgroundColor = .green
    return view
  }()
  private(set) var stackView: StackView = {
    let view = StackView()
    view.translatesAutoresizingMaskIntoConstraints = false
    view.distribution = .fill
    view.alignment = .fill
    view.axis = .vertical
    return view
  }()

  override func loadView() {
    view = View()
    view.addSubview(scrollView)
    scrollView.addSubview(stackView)
    LayoutConstraint.activate([
      scrollView.topAnchor.constraint(equalTo: view.topAnchor),
      scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
      scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
    ])
    let topConstraint = stackView.topAnchor.constraint(equalTo: scrollView.topAnchor)
    let bottomConstraint = stackView.bottomAnchor.constraint(
      lessThanOrEqualTo: scrollView.bottomAnchor)
    topConstraint.priority = .required
    bottomConstraint.priority = .defaultLow
    LayoutConstraint.activate([
      topConstraint, bottomConstraint,
      stackView.leadingAnchor.constraint(equalTo: scrollView.leadingAnchor),
      stackView.trailingAnchor.constraint(equalTo: scrollView.trailingAnchor),
    ])
  }

  func addStackedView(view: View) { stackView.addArrangedSubview(view) }
  func removeStackedView(view: View) {
    stackView.removeArrangedSubview(view)
    view.removeFromSuperview()
  }
}

@MainActor
private func row(_ height: Double) -> View {
  let view = ImageView(image: .init(name: "row", size: Size(width: 320, height: height)))
  return view
}

@MainActor
@Test func stackedSeedGrowsContentSizeAndScrolls() {
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  let controller = StackedViewController()
  window.rootViewController = controller
  window.makeKeyAndVisible()
  window.layoutIfNeeded()
  #expect(controller.scrollView.frame == Rect(x: 0, y: 0, width: 390, height: 844))
  #expect(controller.scrollView.contentSize == .zero)

  for _ in 0..<5 { controller.addStackedView(view: row(100)) }
  window.layoutIfNeeded()
  #expect(controller.scrollView.contentSize == Size(width: 320, height: 500))
  #expect(controller.stackView.frame == Rect(x: 0, y: 0, width: 320, height: 500))
  // Not scrollable yet: the offset stays clamped at zero.
  controller.scrollView.contentOffset = Point(x: 0, y: 200)
  #expect(controller.scrollView.contentOffset == .zero)

  let extra = (0..<6).map { _ in row(100) }
  for view in extra { controller.addStackedView(view: view) }
  window.layoutIfNeeded()
  #expect(controller.scrollView.contentSize == Size(width: 320, height: 1100))
  controller.scrollView.contentOffset = Point(x: 0, y: 200)
  #expect(controller.scrollView.contentOffset == Point(x: 0, y: 200))
  controller.scrollView.contentOffset = Point(x: 0, y: 5000)
  #expect(controller.scrollView.contentOffset == Point(x: 0, y: 1100 - 844))
  // The last row, in window coordinates, moves up by the offset.
  let last = extra.last!
  #expect(last.convert(last.bounds, to: nil).minY == 1000 - 256)

  for view in extra { controller.removeStackedView(view: view) }
  window.layoutIfNeeded()
  #expect(controller.scrollView.contentSize == Size(width: 320, height: 500))
  #expect(controller.scrollView.contentOffset == .zero)
}

@MainActor
@Test func hostInsetChangesRelayoutTheLoginScreen() throws {
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  let controller = LoginViewController()
  window.rootViewController = controller
  window.makeKeyAndVisible()
  window.layoutIfNeeded()
  let username = try #require(find("username", in: window))
  window.hostSafeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
  window.layoutIfNeeded()
  #expect(username.convert(username.bounds, to: nil) == Rect(x: 16, y: 40, width: 358, height: 30))
  controller.additionalSafeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
  window.layoutIfNeeded()
  #expect(username.convert(username.bounds, to: nil).minY == 50)
  // Regular width: 20-point system margins.
  try window.resize(to: Size(width: 820, height: 1180))
  window.layoutIfNeeded()
  #expect(username.convert(username.bounds, to: nil) == Rect(x: 20, y: 50, width: 780, height: 30))
}
