@testable import ScreenKit

extension View {
  /// The counter of the work of the passes of the hierarchy this view is the root of
  /// (`LayoutOptions.statistics`), installed on first use.
  @MainActor func countingLayoutWork() -> LayoutStatistics {
    if let statistics = layoutOptions.statistics { return statistics }
    let statistics = LayoutStatistics()
    layoutOptions.statistics = statistics
    return statistics
  }
}
