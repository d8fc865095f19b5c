"""Container transitions and the drag echo in Chromium (web/js/motion.js, web/js/touches.js):
a push slides the pushed view in and the popped view stays, untouchable and without its
node id, until its exit ends; a mouse drag of demo.Playground's card is drawn where compd
puts it within one frame of each pointer event."""

import json
import statistics
import urllib.parse

from test_web_client import (  # noqa: F401 (stack is a fixture)
    MOVING, SocketClient, find, page_scene, stack, wait_for)

# Records when an element leaving with a transition (`.exiting`) appears and when it is
# taken out of the document, and the motions of the nodes that come in.
WATCH_EXITS = """
window.exits = [];
window.entrances = [];
const seen = new Map();
new MutationObserver((records) => {
  const now = performance.now();
  for (const record of records) {
    if (record.type === 'attributes' && record.target.classList?.contains('exiting') && !seen.has(record.target)) {
      const entry = { key: record.target.dataset.exitingKey ?? null, shown: now, removed: null,
        transforms: record.target.getAnimations().map((a) => a.effect.getKeyframes().map((k) => k.transform)) };
      seen.set(record.target, entry);
      window.exits.push(entry);
    }
    for (const node of record.addedNodes) {
      if (!node.classList?.contains('node')) continue;
      const motions = node.getAnimations().filter((a) => !(a instanceof CSSAnimation));
      if (motions.length) window.entrances.push({ key: node.dataset.key ?? null,
        durations: motions.map((a) => a.effect.getTiming().duration),
        transforms: motions.map((a) => a.effect.getKeyframes().map((k) => k.transform)) });
    }
    for (const node of record.removedNodes) {
      const entry = seen.get(node);
      if (entry && !node.isConnected) entry.removed = now;
    }
  }
}).observe(document.getElementById('scene'), { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
"""

def test_a_push_slides_in_and_the_popped_view_stays_until_its_exit_ends(stack):
    daemon, gateway, browser = stack
    browser.set_window(420, 800)
    params = urllib.parse.quote(json.dumps({"count": 50}))
    browser.open(f"{gateway.url}?component=demo.Contacts&params={params}")
    page_scene(browser)
    browser.run(WATCH_EXITS)
    row = browser.run("return [...document.querySelectorAll('[data-key^=person]')]"
                      ".find((el) => el.getBoundingClientRect().top > 150).dataset.key")
    browser.click(f"[data-key={row}]")
    wait_for(lambda: browser.run("return document.querySelector('[data-key=detail]') !== null"), 10,
             "the detail screen")
    # The pushed view slides in from the right over 0.35 s; the list's view, leaving, moves
    # a third of the width to the left under it.
    wait_for(lambda: browser.run("return window.entrances.length") > 0, 5, "the pushed view's motion")
    entrances = browser.run("return window.entrances")
    assert any(e["durations"] == [350] and e["transforms"] == [["translateX(100%)", "none"]]
               for e in entrances), entrances
    assert any(e["transforms"] == [["none", "translateX(-30%)"]] for e in browser.run("return window.exits")), \
        browser.run("return window.exits")
    wait_for(lambda: not browser.run(MOVING), 5, "the push over")

    browser.click("[data-type=navigationBar] [data-type=button]")
    # The detail is out of the page's tree at once (no node, no key) ...
    wait_for(lambda: browser.run("return document.querySelector('[data-key=detail]') === null"), 10,
             "the detail out of the tree")
    # ... but shown going out to the right, and taken away when its 0.35 s are over.
    wait_for(lambda: any(["none", "translateX(100%)"] in e["transforms"]
                         for e in browser.run("return window.exits")), 5,
             lambda: f"the popped view leaving: {browser.run('return [window.exits, window.entrances]')}")
    assert browser.run("return document.querySelectorAll('.exiting [data-node-id], .exiting[data-node-id]').length") == 0
    wait_for(lambda: all(e["removed"] is not None for e in browser.run("return window.exits")), 5,
             "the leaving views taken away")
    popped = next(e for e in browser.run("return window.exits")
                  if ["none", "translateX(100%)"] in e["transforms"])
    stayed = popped["removed"] - popped["shown"]
    print(f"the popped view stayed {stayed:.0f} ms after it left the tree")
    assert 300 <= stayed < 2000
    assert browser.run("return document.querySelectorAll('.exiting').length") == 0
    # The list came back from the left, under the view leaving.
    entrances = browser.run("return window.entrances")
    assert any(e["transforms"] == [["translateX(-30%)", "none"]] for e in entrances), entrances
    assert browser.run("return document.querySelector('[data-key=contacts]') !== null")


def test_a_drag_is_drawn_within_a_frame_of_each_pointer_event(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Playground")
    scene = page_scene(browser)
    wait_for(lambda: browser.run("return document.body.dataset.link") == "worker", 10,
             "the hand-over to the worker")
    # The page's frame interval, measured over 30 frames.
    frame = browser.run_async("""
const done = arguments[arguments.length - 1];
const times = [];
const tick = (t) => { times.push(t); if (times.length < 31) requestAnimationFrame(tick);
  else done(times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b)[15]); };
requestAnimationFrame(tick);""")
    box = browser.run(
        "const r = document.querySelector('[data-key=card]').getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];")
    x, y = round(box[0]), round(box[1])
    moves = 40
    actions = [{"type": "pointerMove", "x": x, "y": y, "duration": 0},
               {"type": "pointerDown", "button": 0}]
    for step in range(1, moves + 1):
        actions.append({"type": "pointerMove", "duration": 16, "x": x + step * 3, "y": y + step * 2})
    actions.append({"type": "pointerUp", "button": 0})
    browser.command("POST", "/actions", {"actions": [{
        "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions}]})
    browser.command("DELETE", "/actions")
    wait_for(lambda: len(browser.run("return window.compdMetrics.moveToPaint")) >= moves - 5, 10,
             "the moves' answers drawn")
    painted = sorted(browser.run("return window.compdMetrics.moveToPaint"))
    applied = sorted(browser.run("return window.compdMetrics.moveToApplied"))
    within = sum(1 for t in painted if t <= frame + 1) / len(painted)
    print(f"drag: {len(painted)} moves answered; pointer event → answer applied p50 "
          f"{statistics.median(applied):.1f} ms; → drawn p50 {statistics.median(painted):.1f} ms, "
          f"max {painted[-1]:.1f} ms; {within:.0%} within one frame ({frame:.1f} ms)")
    # Drawn where compd put it: the page's card is at compd's frame.
    frame_at_compd = find(client.call("scene.layout", scene=scene)["root"], "card")["frame"]
    wait_for(lambda: browser.run(
        "const s = document.querySelector('[data-key=card]').style; return [s.left, s.top]")
        == [f"{frame_at_compd['x']:g}px", f"{frame_at_compd['y']:g}px"], 5, "the card where compd put it")
    client.close()
    # What the page does is checked, not how fast this machine is (docs/benchmarks.md has
    # the figures): every move went out as the browser had it, and each answer was drawn in
    # the frame after it was applied (the page does not wait a frame to apply it).
    assert len(painted) >= moves - 5
    drawn_after_applied = [p - a for p, a in zip(
        browser.run("return window.compdMetrics.moveToPaint"),
        browser.run("return window.compdMetrics.moveToApplied"))]
    assert statistics.median(drawn_after_applied) <= frame + 1
