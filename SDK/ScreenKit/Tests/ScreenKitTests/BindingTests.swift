import Observation
import Testing

@testable import ScreenKit

@Observable @MainActor
final class AlphaViewModel {
  var alpha = 1.0
  var name = "first"
  var unrelated = 0
}

/// A view whose content comes from a model (a stand-in for a label).
@MainActor
final class NameView: View {
  var text: String?
}

/// Lazily created views: made in `viewDidLoad` by `setupViews()`, filled by `bindViews()`.
@MainActor
final class ProfileViewController: ViewController {
  let viewModel: AlphaViewModel
  private(set) var setupCount = 0

  init(viewModel: AlphaViewModel) {
    self.viewModel = viewModel
    super.init()
  }

  private(set) lazy var subview1: NameView = {
    let view = NameView()
    view.tag = 1
    return view
  }()

  override func viewDidLoad() {
    super.viewDidLoad()
    setupViews()
    bindViews()
  }

  private func setupViews() {
    setupCount += 1
    view.addSubview(subview1)
  }

  private func bindViews() {
    subview1.alpha = viewModel.alpha
  }
}

@MainActor
@Suite struct BindingTests {
  @Test func setupAndBindPatternOfSeed002() {
    let model = AlphaViewModel()
    model.alpha = 0.5
    let controller = ProfileViewController(viewModel: model)
    #expect(controller.view.subviews.first === controller.subview1)
    #expect(controller.subview1.alpha == 0.5)
    #expect(controller.setupCount == 1)
    // one-time binding, as the pattern has it: a later change needs bindViews again
    model.alpha = 0.25
    BindingUpdates.flush()
    #expect(controller.subview1.alpha == 0.5)
  }

  @Test func observableBindingUpdatesTheView() {
    let model = AlphaViewModel()
    let view = NameView()
    let binding = view.bind { view in
      view.text = model.name
      view.alpha = model.alpha
    }
    #expect(view.text == "first" && binding.runCount == 1)
    model.name = "second"
    model.alpha = 0.3
    #expect(BindingUpdates.hasPendingUpdates)
    BindingUpdates.flush()
    #expect(view.text == "second" && view.alpha == 0.3)
    #expect(binding.runCount == 2)  // two writes, one update
    model.unrelated += 1
    BindingUpdates.flush()
    #expect(binding.runCount == 2)  // not read by the binding
    binding.cancel()
    model.name = "third"
    BindingUpdates.flush()
    #expect(view.text == "second")
    #expect(view.bindings.isEmpty)
  }

  @Test func keyPathBinding() {
    let model = AlphaViewModel()
    let view = NameView()
    view.bind(\.text, to: model, \.name)
    model.name = "changed"
    BindingUpdates.flush()
    #expect(view.text == "changed")
  }

  @Test func bindingUpdatesOnItsOwnWhenTheMainActorTurns() async {
    let model = AlphaViewModel()
    let view = NameView()
    view.bind(\.text, to: model, \.name)
    model.name = "later"
    for _ in 0..<100 where view.text != "later" { await Task.yield() }
    #expect(view.text == "later")
  }

  @Test func bindingsDieWithTheView() {
    let model = AlphaViewModel()
    weak var weakView: NameView?
    weak var weakBinding: ViewBinding?
    do {
      let view = NameView()
      weakBinding = view.bind(\.text, to: model, \.name)
      weakView = view
    }
    #expect(weakView == nil)
    #expect(weakBinding == nil)
    model.name = "after"
    BindingUpdates.flush()  // the stale observation fires into nothing
    #expect(!BindingUpdates.hasPendingUpdates)
  }
  @Test func everyMainActorWriteIsSeenByTheNextFlush() async throws {
    // The main actor resumes on whichever thread serves its queue: a write is never
    // mistaken for one from another thread.
    let model = AlphaViewModel()
    let view = NameView()
    view.bind { $0.text = model.name }
    for round in 0..<30 {
      try await Task.sleep(for: .milliseconds(1))
      model.name = "round \(round)"
      #expect(BindingUpdates.hasPendingUpdates)
      BindingUpdates.flush()
      #expect(view.text == "round \(round)")
    }
  }

  @Test func aWriteFromAnotherThreadIsSeenByTheNextFlush() async {
    let model = WorkerModel()
    let view = NameView()
    view.bind { $0.text = model.name }
    await Task.detached { model.name = "from a worker" }.value
    // (The flush task the write queued may already have run: no check of pending here.)
    BindingUpdates.flush()
    #expect(view.text == "from a worker")
  }
}

/// A model written off the main actor (one writer at a time in the test).
@Observable
final class WorkerModel: @unchecked Sendable {
  var name = "initial"
}
