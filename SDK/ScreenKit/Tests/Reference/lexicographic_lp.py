#!/usr/bin/env python3
"""Independent reference for ScreenKit's Auto Layout solver: lexicographic linear programs
solved with SciPy's linprog (HiGHS).

Reads a JSON list of systems on stdin and writes a JSON list of verdicts on stdout, one per
system: {"id": ..., "failures": [text, ...]}; an empty list means the engine's results agree.

A system: the root's frame (fixed) and `views` subviews placed by constraints (each with the
required width >= 0 and height >= 0 the engine gives such views), and `constraints` in the
order the engine adds them: {"first": [item, attribute], "second": [item, attribute] | null,
"relation": "==" | "<=" | ">=", "multiplier", "constant", "priority"}; item "0" is the root,
item "i" > 0 the i-th subview. `results` are the engine's layouts of that system to check:
{"label", "frames": [[x, y, w, h] per subview], "broken": [constraint indices it reported
broken], "optionalBroken": bool}.

What is checked, and where each rule comes from:
* Required constraints: the engine breaks a required constraint exactly when adding it to the
  required constraints kept before it (in order) makes them infeasible, as UIKit breaks the
  constraint whose addition makes the layout unsatisfiable ("Unable to simultaneously satisfy
  constraints ... Will attempt to recover by breaking constraint"). Optional constraints are
  never reported. Every kept required constraint holds.
* Optional constraints are satisfied in priority order (UIKit Auto Layout Guide, "Anatomy of
  a Constraint": the layout engine satisfies constraints in priority order, highest first, and
  an optional constraint it cannot satisfy still comes as close as possible): level by level,
  the sum of |error| of the level's constraints is minimised given the required constraints
  and the optimal sums of all higher levels. The engine's sums must equal these optima.
* Where the engine's frame value differs from the reference's, that value must not be
  determined: its range over all lexicographically optimal solutions is wider than the
  tolerance.
"""

import json
import sys

import numpy as np
from scipy.optimize import linprog

ATTRIBUTES = {
    "left": (0, 1.0, 2, 0.0), "right": (0, 1.0, 2, 1.0), "centerX": (0, 1.0, 2, 0.5),
    "width": (None, 0.0, 2, 1.0), "top": (1, 1.0, 3, 0.0), "bottom": (1, 1.0, 3, 1.0),
    "centerY": (1, 1.0, 3, 0.5), "height": (None, 0.0, 3, 1.0),
}
TOLERANCE = 1e-4


def expression(system, item, attribute, nvars):
    """(coefficients, constant) of `attribute` of `item` over the subviews' variables."""
    position, pcoef, size, scoef = ATTRIBUTES[attribute]
    coefficients = np.zeros(nvars)
    constant = 0.0
    if item == 0:
        frame = system["root"]
        if position is not None:
            constant += pcoef * frame[position]
        constant += scoef * frame[size]
    else:
        base = 4 * (item - 1)
        if position is not None:
            coefficients[base + position] += pcoef
        coefficients[base + size] += scoef
    return coefficients, constant


def rows_of(system, nvars):
    """Each constraint as (a, b, relation, priority): a·x + b (relation) 0."""
    result = []
    for c in system["constraints"]:
        a, b = expression(system, int(c["first"][0]), c["first"][1], nvars)
        if c.get("second") is not None:
            a2, b2 = expression(system, int(c["second"][0]), c["second"][1], nvars)
            a = a - c["multiplier"] * a2
            b = b - c["multiplier"] * b2
        b = b - c["constant"]
        result.append((a, b, c["relation"], c["priority"]))
    return result


class Program:
    """A growing LP: variables (the frame variables, then error variables), rows."""

    def __init__(self, nvars):
        self.n = nvars
        self.lower = [0.0 if i % 4 >= 2 else None for i in range(nvars)]  # w, h >= 0
        self.ub_rows, self.ub_rhs, self.eq_rows, self.eq_rhs = [], [], [], []

    def add_variable(self):
        self.n += 1
        self.lower.append(0.0)
        return self.n - 1

    def add(self, a, b, relation):
        """a·x + b (relation) 0 over the first len(a) variables."""
        if relation == "==":
            self.eq_rows.append((a, -b))
        elif relation == "<=":
            self.ub_rows.append((a, -b))
        else:
            self.ub_rows.append((-a, b))

    def dense(self, rows):
        if not rows:
            return None, None
        matrix = np.zeros((len(rows), self.n))
        for i, (a, _) in enumerate(rows):
            matrix[i, : len(a)] = a
        return matrix, np.array([rhs for _, rhs in rows])

    def solve(self, objective):
        c = np.zeros(self.n)
        c[: len(objective)] = objective
        a_ub, b_ub = self.dense(self.ub_rows)
        a_eq, b_eq = self.dense(self.eq_rows)
        bounds = [(low, None) for low in self.lower]
        # Presolve off: these programs are tiny, and its set-up costs more than it saves.
        return linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=bounds,
                       method="highs", options={"presolve": False})


def error(a, b, relation, x):
    value = float(a @ x + b)
    if relation == "==":
        return abs(value)
    if relation == "<=":
        return max(0.0, value)
    return max(0.0, -value)


def check(system):
    nvars = 4 * system["views"]
    rows = rows_of(system, nvars)
    required = [i for i, r in enumerate(rows) if r[3] >= 1000]
    levels = sorted({r[3] for r in rows if r[3] < 1000}, reverse=True)

    def feasible(indices):
        trial = Program(nvars)
        for i in indices:
            trial.add(rows[i][0], rows[i][1], rows[i][2])
        return trial.solve(np.zeros(nvars)).status == 0

    def solve_levels(kept):
        """The optimum of each level given `kept` and the levels above, the last solution
        and the program with every level's bound; None when `kept` is infeasible."""
        program = Program(nvars)
        for i in kept:
            program.add(rows[i][0], rows[i][1], rows[i][2])
        optima = []
        if not levels:
            result = program.solve(np.zeros(nvars))
            return (optima, result.x, program) if result.status == 0 else None
        for level in levels:
            errors = []
            for a, b, relation, priority in rows:
                if priority != level:
                    continue
                if relation == "==":
                    plus, minus = program.add_variable(), program.add_variable()
                    ea = np.zeros(program.n)
                    ea[: len(a)] = a
                    ea[plus], ea[minus] = -1.0, 1.0
                    program.add(ea, b, "==")
                    errors += [plus, minus]
                else:
                    slack = program.add_variable()
                    ea = np.zeros(program.n)
                    ea[: len(a)] = a
                    ea[slack] = -1.0 if relation == "<=" else 1.0
                    program.add(ea, b, relation)
                    errors.append(slack)
            objective = np.zeros(program.n)
            objective[errors] = 1.0
            result = program.solve(objective)
            if result.status == 2 and not optima:
                return None  # the required constraints do not hold together
            if result.status != 0:
                raise RuntimeError(f"level {level}: {result.message}")
            optimum = float(result.fun)
            optima.append(optimum)
            bound = np.zeros(program.n)
            bound[errors] = 1.0
            program.add(bound, -(optimum + 1e-7 * max(1.0, optimum)), "<=")
        return optima, result.x, program

    kept = required
    solved = solve_levels(kept)
    if solved is None:
        # Greedy, in the engine's order: a required constraint is kept when it holds with
        # those kept before it.
        kept = []
        for i in required:
            if feasible(kept + [i]):
                kept.append(i)
        solved = solve_levels(kept)
    optima, solution, program = solved
    broken = sorted(set(required) - set(kept))

    failures = []
    for result in system["results"]:
        label = result["label"]
        if result.get("optionalBroken"):
            failures.append(f"{label}: an optional constraint was reported unsatisfiable")
        if sorted(result["broken"]) != broken:
            failures.append(f"{label}: broke {sorted(result['broken'])}, reference {broken}")
            continue
        x = np.array([v for frame in result["frames"] for v in frame], dtype=float)
        scale = 1.0 + float(np.max(np.abs(x))) if len(x) else 1.0
        for i in kept:
            e = error(rows[i][0], rows[i][1], rows[i][2], x)
            if e > TOLERANCE * scale:
                failures.append(f"{label}: required constraint {i} off by {e:.6g}")
        for k in range(nvars):
            if k % 4 >= 2 and x[k] < -TOLERANCE:
                failures.append(f"{label}: negative size {x[k]:.6g}")
        levels_ok = True
        for level, optimum in zip(levels, optima):
            total = sum(error(a, b, rel, x) for a, b, rel, p in rows if p == level)
            count = sum(1 for r in rows if r[3] == level)
            if abs(total - optimum) > TOLERANCE * scale * (1 + count):
                failures.append(
                    f"{label}: level {level} error {total:.6g}, optimum {optimum:.6g}")
                levels_ok = False
                break
        if not levels_ok:
            continue
        for k in range(nvars):
            if abs(x[k] - solution[k]) <= 1e-3 * scale:
                continue
            objective = np.zeros(program.n)
            objective[k] = 1.0
            low = program.solve(objective)
            high = program.solve(-objective)
            if low.status != 0 or high.status != 0:
                continue  # unbounded: not determined
            if high.x[k] - low.x[k] <= 1e-3 * scale:
                failures.append(
                    f"{label}: variable {k} is {x[k]:.6g}, determined as {solution[k]:.6g}")
    return failures, broken


def main():
    systems = json.load(sys.stdin)
    verdicts = []
    for system in systems:
        try:
            failures, broken = check(system)
        except RuntimeError as problem:
            failures, broken = [f"reference LP failed: {problem}"], None
        verdicts.append({"id": system["id"], "failures": failures, "broken": broken})
    json.dump(verdicts, sys.stdout)


if __name__ == "__main__":
    main()
