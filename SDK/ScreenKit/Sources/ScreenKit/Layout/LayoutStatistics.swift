/// Counters of the work a hierarchy's layout passes did: a debugging facility for checking
/// what the engine's caches and incremental paths claim to save (how many passes ran, views
/// were visited, solves held, rows reached a tableau), which frames alone do not show.
///
/// The tests assert the incremental claims with it (a relayout with nothing changed visits
/// nothing, a label change visits its row only, a text change swaps two rows of a tableau);
/// it is equally the tool for finding out why a layout is slow.
///
/// **Reading it.** Install one on the hierarchy root (`View.layoutOptions.statistics =
/// LayoutStatistics()` on the topmost superview, where every pass reads its options; the
/// tests' `countingLayoutWork()` does it), copy `counts` before the layout in question and
/// compare with `counts` after it: the counters only grow. Each counter says what it counts
/// (`Counts`).
///
/// **What it costs.** Nothing is counted unless one is installed. Without one (every
/// hierarchy outside a test or a debugging session) each counting site is one test of an
/// absent reference that the engine value already holds, a branch never taken: nothing is
/// written and nothing allocated. The sites are at the units of work themselves (a pass, a
/// solve, a measure computed, a view arranged, a row added to or removed from a tableau),
/// each of which costs far more than the test, and none lies on a cached path: a relayout
/// with nothing to do returns before reaching any. It is compiled into release builds on
/// purpose: the tests that read it check the release code's behaviour, which must not differ
/// from the code counted.
@MainActor
final class LayoutStatistics {
  /// The counts so far; copy them to compare before and after.
  @exclusivity(unchecked) var counts = Counts()

  /// What the passes count.
  struct Counts {
    /// Layout passes run.
    var passes = 0
    /// Views visited by passes.
    var visitedViews = 0
    /// Solver runs (a pass may solve more than once).
    var solves = 0
    /// Passes evaluated directly, without the solver.
    var directPasses = 0
    /// Records session passes gathered (frame-fixing, guide, generated, intrinsic-size and
    /// user constraints), before the presolve: how much of the hierarchy a pass reads.
    var solverRecordsGathered = 0
    /// Rows added to a simplex tableau (a fresh solve adds all of its constraints).
    var solverRowsAdded = 0
    /// Islands session passes took as leaves and arranged directly (`LayoutPass`).
    var leafIslands = 0
    /// Records a session's presolve (`SimplexPresolve`) took off the tableau: required
    /// equalities that fixed a variable, and records left without unknowns.
    var solverRowsPresolved = 0
    /// Rows removed from a persistent tableau because their constraint changed or went away.
    var solverRowsRemoved = 0
    /// Times a persistent simplex session solved from scratch.
    var sessionRebuilds = 0
    /// The most views one simplex solve (a pass or a fitting) has held: how well solves are
    /// scoped.
    var largestSolve = 0
  }
}
