"""The valued controls and table rows painted right to left in headless Chromium
(Tests/web/test_web_client.py has the harness): in a scene switched to Hebrew, compd marks
each control `layoutDirection: "rightToLeft"` and the page paints it mirrored, as UIKit
flips its system controls: the slider's minimum and its fill on the right, the first
segment on the right, the stepper's − on the right, the first page's dot on the right, the
progress bar filling from the right, a row's chevron on the left pointing left. A drag of
the slider's thumb towards the left raises its value."""

import pytest

from test_web_client import SocketClient, assert_boxes_match, page_scene, stack, wait_for  # noqa: F401
from test_web_controls import open_controls, pointer, props

pytestmark = pytest.mark.skipif(
    __import__("test_web_client").CHROMIUM is None or __import__("test_web_client").CHROMEDRIVER is None,
    reason="chromium and chromium-driver are not installed (scripts/deps.sh installs them)",
)


def rect(browser, css):
    return browser.run(f"const r = document.querySelector({css!r}).getBoundingClientRect();"
                       " return [r.left, r.right, r.top, r.bottom];")


def test_controls_paint_mirrored_right_to_left(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    scene = open_controls(browser, gateway)
    slider = rect(browser, "[data-key=slider]")
    thumb = rect(browser, "[data-key=slider] .thumb")
    # Left to right first: the thumb at 40 % from the left, the first segment on the left.
    travel = slider[1] - slider[0] - 28
    assert abs(thumb[0] - (slider[0] + 0.4 * travel)) < 1.5, (slider, thumb)
    assert rect(browser, "[data-key=segments] .segment[data-index='0']")[0] < \
        rect(browser, "[data-key=segments] .segment[data-index='1']")[0]

    client.call("scene.resize", scene=scene, environment={"locale": "he"})
    wait_for(lambda: browser.run("return document.querySelector('[data-key=slider]').classList.contains('rtl')"),
             10, "the slider marked right to left")
    assert props(client, scene, "slider")["layoutDirection"] == "rightToLeft"
    assert_boxes_match(browser, client, scene)

    # Slider: 40 % of the way from the right; the filled track runs from the right edge to it.
    slider = rect(browser, "[data-key=slider]")
    thumb = rect(browser, "[data-key=slider] .thumb")
    fill = rect(browser, "[data-key=slider] .fill")
    travel = slider[1] - slider[0] - 28
    assert abs(thumb[1] - (slider[1] - 0.4 * travel)) < 1.5, (slider, thumb)
    assert abs(fill[1] - (slider[1] - 14)) < 1.5 and abs(fill[0] - (slider[1] - 14 - 0.4 * travel)) < 1.5, fill

    # Segmented control: segment 0 (Day) is the rightmost, and the model keeps its order.
    lefts = browser.run("return [...document.querySelectorAll('[data-key=segments] .segment')]"
                        ".map(s => [s.dataset.index, s.textContent, s.getBoundingClientRect().left])")
    assert [s[1] for s in lefts] == ["Day", "Week", "Month"]
    assert lefts[0][2] > lefts[1][2] > lefts[2][2], lefts
    control = rect(browser, "[data-key=segments]")
    selected = rect(browser, "[data-key=segments] .segment.selected")
    assert abs(selected[1] - (control[1] - 2)) < 1.5, (control, selected)

    # Stepper: − on the right, + on the left.
    minus = rect(browser, "[data-key=stepper] .minus")
    plus = rect(browser, "[data-key=stepper] .plus")
    assert minus[0] > plus[0], (minus, plus)

    # Page control: page 0 (the current one) is the rightmost dot.
    dots = browser.run("return [...document.querySelectorAll('[data-key=pages] .dot')]"
                       ".map(d => [d.classList.contains('current'), d.getBoundingClientRect().left])")
    assert dots[0][0] and dots[0][1] == max(d[1] for d in dots), dots

    # Progress bar: the fill touches the right end.
    bar = rect(browser, "[data-key=progress]")
    bar_fill = rect(browser, "[data-key=progress] .fill")
    assert abs(bar_fill[1] - bar[1]) < 1 and bar_fill[0] > bar[0], (bar, bar_fill)

    # A drag of the thumb towards the left raises the value, the page echoing it there.
    width = slider[1] - slider[0]
    start = width / 2 - 14 - 0.4 * travel
    pointer(browser, "[data-key=slider]", [("move", int(start), 0), ("down",), ("move", int(start - 40), 0),
                                           ("move", int(-width / 2 + 2), 0), ("up",)])
    wait_for(lambda: props(client, scene, "slider")["value"] == 100, 10, "the slider dragged left to its maximum")
    wait_for(lambda: abs(rect(browser, "[data-key=slider] .thumb")[0] - slider[0]) < 1.5, 10,
             "the thumb at the left end")
    browser.screenshot("rtl-controls.png")
    client.close()


def test_row_chevrons_point_left_right_to_left(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Gallery")
    scene = page_scene(browser)
    accessory = "#scene .node-cell .accessory[data-accessory=disclosureIndicator]"
    wait_for(lambda: browser.run(f"return document.querySelector({accessory!r}) !== null"), 10, "a chevron row")
    assert browser.run(f"return document.querySelector({accessory!r}).textContent") == "\u203a"
    client.call("scene.resize", scene=scene, environment={"locale": "ar"})
    wait_for(lambda: browser.run(f"return document.querySelector({accessory!r}).textContent") == "\u2039",
             10, "the chevron pointing left")
    row = browser.run(f"const a = document.querySelector({accessory!r}); const r = a.parentElement.getBoundingClientRect();"
                      " const g = a.getBoundingClientRect(); return [r.left, r.right, g.left, g.right];")
    assert abs(row[2] - row[0] - 16) < 1.5, f"the chevron 16 points from the row's left edge: {row}"
    client.close()
