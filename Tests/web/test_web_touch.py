"""Touches and motion in Chromium (web/js/touches.js, web/js/motion.js): demo.Playground's
card dragged with a real mouse and with a real (emulated) finger moves in compd by the
pointer's path, a long press held in the browser is published by compd by itself, and a
button whose action animates gets a running animation on the page, or none when the user
asks for reduced motion; either way the page ends in compd's state."""

import time

from test_web_client import (  # noqa: F401 (stack is a fixture)
    SocketClient, find, page_scene, stack, wait_for)
from test_web_controls import open_controls


def frame_of(client, scene, key):
    frame = find(client.call("scene.layout", scene=scene)["root"], key)["frame"]
    return frame["x"], frame["y"]


def drag(browser, pointer_type, key, dx, dy, steps=6):
    """Presses on the middle of the node keyed `key`, moves by (dx, dy) in `steps` moves and
    lets go, with WebDriver's pointer actions of `pointer_type` (mouse or touch)."""
    box = browser.run(
        f"const r = document.querySelector('[data-key={key}]').getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];")
    x, y = round(box[0]), round(box[1])
    actions = [{"type": "pointerMove", "x": x, "y": y, "duration": 0},
               {"type": "pointerDown", "button": 0}]
    for step in range(1, steps + 1):
        actions.append({"type": "pointerMove", "duration": 16,
                        "x": x + round(dx * step / steps), "y": y + round(dy * step / steps)})
    actions.append({"type": "pointerUp", "button": 0})
    browser.command("POST", "/actions", {"actions": [{
        "type": "pointer", "id": pointer_type, "parameters": {"pointerType": pointer_type},
        "actions": actions}]})
    browser.command("DELETE", "/actions")


def test_the_card_follows_a_mouse_and_a_finger(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Playground")
    scene = page_scene(browser)
    start = frame_of(client, scene, "card")
    drag(browser, "mouse", "card", 60, 90)
    wait_for(lambda: frame_of(client, scene, "card") == (start[0] + 60, start[1] + 90), 10,
             "the card moved by the mouse's path")
    drag(browser, "touch", "card", -40, -30)
    wait_for(lambda: frame_of(client, scene, "card") == (start[0] + 20, start[1] + 60), 10,
             "the card moved by the finger's path")
    # The page shows where compd put it.
    wait_for(lambda: browser.run(
        "const s = document.querySelector('[data-key=card]').style; return [s.left, s.top]")
        == [f"{start[0] + 20:g}px", f"{start[1] + 60:g}px"], 10, "the card drawn there")


def test_a_press_held_in_the_browser_becomes_a_long_press(stack):
    daemon, gateway, browser = stack
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Playground")
    page_scene(browser)
    box = browser.run(
        "const r = document.querySelector('[data-key=holdTarget]').getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];")
    browser.command("POST", "/actions", {"actions": [{
        "type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
        "actions": [{"type": "pointerMove", "x": round(box[0]), "y": round(box[1]), "duration": 0},
                    {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 900}]}]})
    # Nothing more was sent: compd's timer began the press and published the change.
    wait_for(lambda: browser.run(
        "return document.querySelector('[data-key=holdTarget]').textContent") == "Held",
        10, "the held target drawn as held")
    browser.command("DELETE", "/actions")


def test_an_animated_change_runs_on_the_page_unless_motion_is_reduced(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Playground")
    scene = page_scene(browser)
    running = ("return document.querySelector('[data-key=fader]').getAnimations()"
               ".map((a) => a.effect.getTiming().duration)")
    browser.click("[data-key=fadeButton]")
    wait_for(lambda: browser.run(running) == [300], 5, "the fade running for 0.3 s")
    wait_for(lambda: browser.run(
        "return getComputedStyle(document.querySelector('[data-key=fader]')).opacity") == "0.1",
        5, "the faded value once it ran")
    wait_for(lambda: find(client.call("scene.layout", scene=scene)["root"], "status")["props"]
             .get("text") == "Faded out", 5, "the completion on compd")
    browser.command("POST", "/goog/cdp/execute", {"cmd": "Emulation.setEmulatedMedia", "params": {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}})
    try:
        browser.open(f"{gateway.url}?component=demo.Playground")
        page_scene(browser)
        browser.click("[data-key=fadeButton]")
        wait_for(lambda: browser.run(
            "return getComputedStyle(document.querySelector('[data-key=fader]')).opacity") == "0.1",
            5, "the faded value at once")
        assert browser.run(running) == []
    finally:
        browser.command("POST", "/goog/cdp/execute", {"cmd": "Emulation.setEmulatedMedia", "params": {
            "features": [{"name": "prefers-reduced-motion", "value": ""}]}})


def slider_value(client, scene):
    return find(client.call("scene.layout", scene=scene)["root"], "slider")["props"].get("value", 0)


def mouse(browser, path):
    """Presses the mouse at the first viewport point of `path`, moves through the others and
    lets go at the last."""
    x, y = path[0]
    actions = [{"type": "pointerMove", "x": round(x), "y": round(y), "duration": 0},
               {"type": "pointerDown", "button": 0}]
    for x, y in path[1:]:
        actions.append({"type": "pointerMove", "duration": 16, "x": round(x), "y": round(y)})
    actions.append({"type": "pointerUp", "button": 0})
    browser.command("POST", "/actions", {"actions": [{
        "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions}]})
    browser.command("DELETE", "/actions")


def test_a_sliders_thumb_is_dragged_by_touches_and_its_track_ignores_a_press(stack):
    """The page sends a slider's pointer as touch phases: compd's slider moves the value by
    the thumb's path from where it was grabbed (off its centre), and a press on the track
    away from the thumb changes nothing, as UIKit's slider; the page draws compd's value."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    scene = open_controls(browser, gateway)
    assert slider_value(client, scene) == 40
    box = browser.run("const r = document.querySelector('[data-key=slider]').getBoundingClientRect();"
                      "return [r.left, r.top, r.width, r.height];")
    travel = box[2] - 28
    thumb_x, y = box[0] + 14 + 0.4 * travel, box[1] + box[3] / 2
    # Grabbed 5 points right of the thumb's centre and moved a quarter of the travel.
    mouse(browser, [(thumb_x + 5, y)] + [(thumb_x + 5 + travel * 0.25 * step / 4, y + 3) for step in range(1, 5)])
    wait_for(lambda: abs(slider_value(client, scene) - 65) < 1, 10, "the slider at 65")
    wait_for(lambda: browser.run("return document.querySelector('[data-key=sliderValue]').textContent")
             == "Value: 65", 10, "the page shows compd's value")
    # A press near the track's far end (the thumb is at 65 %) moves nothing.
    revision = client.call("scene.layout", scene=scene)["revision"]
    mouse(browser, [(box[0] + box[2] - 6, y), (box[0] + box[2] - 20, y)])
    time.sleep(0.5)
    assert abs(slider_value(client, scene) - 65) < 1
    assert client.call("scene.layout", scene=scene)["revision"] == revision
    thumb_left = browser.run("return parseFloat(document.querySelector('[data-key=slider] .thumb').style.left)")
    assert abs(thumb_left - 0.65 * travel) < 1.5


def test_a_switch_takes_the_side_a_drag_ends_on(stack):
    """A switch's pointer goes to compd as touches: a click flips it, a drag from its on
    side to its off side turns it off (compd's switch follows the thumb's drag)."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Settings")
    scene = page_scene(browser)

    def is_on():
        return find(client.call("scene.layout", scene=scene)["root"], "darkMode")["props"].get("on", False)

    box = browser.run("const r = document.querySelector('[data-key=darkMode]').getBoundingClientRect();"
                      "return [r.left, r.top, r.width, r.height];")
    y = box[1] + box[3] / 2
    if not is_on():
        mouse(browser, [(box[0] + box[2] / 2, y)])
        wait_for(is_on, 10, "the switch on after a click")
    mouse(browser, [(box[0] + box[2] - 6, y), (box[0] + box[2] - 20, y), (box[0] + 6, y)])
    wait_for(lambda: not is_on(), 10, "the switch off after a drag to its left side")
    wait_for(lambda: "on" not in browser.run(
        "return document.querySelector('[data-key=darkMode]').className.split(' ')"), 10, "drawn off")
