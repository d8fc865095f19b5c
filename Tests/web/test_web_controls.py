"""The valued controls in Chromium: a slider dragged with the mouse, the stepper's + half,
a segment and a page control's half clicked, arrow keys on a focused slider and stepper;
each changes the tree compd holds (checked on a direct socket connection)."""

from test_web_client import (  # noqa: F401 (stack is a fixture)
    SocketClient, assert_boxes_match, find, page_scene, stack, wait_for, wait_revision)

def props(client, scene, key):
    return find(client.call("scene.layout", scene=scene)["root"], key)["props"]


def open_controls(browser, gateway):
    """Opens demo.Controls in a 420×900 window once its slider is drawn; its scene id."""
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Controls")
    scene = page_scene(browser)
    wait_for(lambda: browser.run("return document.querySelector('[data-key=slider] .thumb') !== null"),
             10, "the slider drawn")
    return scene


def pointer(browser, css, steps):
    """Runs mouse `steps` (pointerMove offsets from the element's centre, down, up)."""
    box = browser.run(f"const r = document.querySelector({css!r}).getBoundingClientRect();"
                      " return [r.left + r.width / 2, r.top + r.height / 2];")
    actions = []
    for step in steps:
        if step[0] == "move":
            actions.append({"type": "pointerMove", "duration": 50, "origin": "viewport",
                            "x": int(box[0] + step[1]), "y": int(box[1] + step[2])})
        elif step[0] == "pause":
            actions.append({"type": "pause", "duration": step[1]})
        else:
            actions.append({"type": "pointer" + step[0].capitalize(), "button": 0})
    browser.command("POST", "/actions", {"actions": [
        {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions}]})
    browser.command("DELETE", "/actions")


def keys(browser, *values):
    actions = []
    for value in values:
        actions += [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]
    browser.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})


def test_controls_take_drags_clicks_and_keys(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    scene = open_controls(browser, gateway)
    assert props(client, scene, "slider")["value"] == 40
    assert_boxes_match(browser, client, scene)

    # Drag the thumb from 40 % of the track to its far right: the value follows to 100.
    width = browser.run("return document.querySelector('[data-key=slider]').getBoundingClientRect().width")
    travel = width - 28
    start = -width / 2 + 14 + 0.4 * travel
    pointer(browser, "[data-key=slider]", [("move", int(start), 0), ("down",), ("move", int(start + 40), 0),
                                           ("move", int(width / 2 - 2), 0), ("up",)])
    wait_for(lambda: props(client, scene, "slider")["value"] == 100, 10, "the dragged slider at its maximum")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert browser.run("return document.querySelector('[data-key=sliderValue]').textContent") == "Value: 100"
    # A drag to the left end.
    pointer(browser, "[data-key=slider]", [("move", int(width / 2 - 14), 0), ("down",),
                                           ("move", int(-width / 2 + 1), 0), ("up",)])
    wait_for(lambda: props(client, scene, "slider")["value"] == 0, 10, "the slider dragged to 0")
    # Arrow keys on the focused slider: the accessibility increment, a tenth of the range each.
    keys(browser, "\ue014", "\ue014")  # ArrowRight twice
    wait_for(lambda: props(client, scene, "slider")["value"] == 20, 10, "the slider at 20 after two arrow keys")

    # The stepper's + half, then − twice; ArrowUp on it steps up.
    assert props(client, scene, "stepper")["value"] == 3
    pointer(browser, "[data-key=stepper]", [("move", 30, 0), ("down",), ("up",)])
    wait_for(lambda: props(client, scene, "stepper")["value"] == 4, 10, "the stepper at 4")
    for _ in range(2):
        pointer(browser, "[data-key=stepper]", [("move", -30, 0), ("down",), ("up",)])
    wait_for(lambda: props(client, scene, "stepper")["value"] == 2, 10, "the stepper at 2")
    keys(browser, "\ue013")  # ArrowUp on the focused stepper
    wait_for(lambda: props(client, scene, "stepper")["value"] == 3, 10, "the stepper at 3 after ArrowUp")
    # Held on +, it repeats (autorepeat) up to its maximum, 10; the release adds no press.
    pointer(browser, "[data-key=stepper]", [("move", 30, 0), ("down",), ("pause", 2000), ("up",)])
    wait_for(lambda: props(client, scene, "stepper")["value"] == 10, 10, "the held stepper at 10")
    pointer(browser, "[data-key=stepper]", [("move", -30, 0), ("down",), ("up",)])
    wait_for(lambda: props(client, scene, "stepper")["value"] == 9, 10, "one click after the hold: 9")

    # A click on "Month" selects it; the page draws it white.
    browser.click("[data-key=segments] .segment[data-index='2']")
    wait_for(lambda: props(client, scene, "segments").get("selectedSegmentIndex") == 2, 10, "Month selected")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert browser.run("return document.querySelector('[data-key=segments] .segment.selected').textContent") == "Month"
    assert browser.run("return document.querySelector('[data-key=segmentValue]').textContent") == "Selected: Month"

    # The page control's right half moves one page on.
    pointer(browser, "[data-key=pages]", [("move", 60, 0), ("down",), ("up",)])
    wait_for(lambda: props(client, scene, "pages").get("currentPage") == 1, 10, "page 2")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert browser.run("return [...document.querySelectorAll('[data-key=pages] .dot')].findIndex((d) => d.classList.contains('current'))") == 1
    assert_boxes_match(browser, client, scene)
    browser.screenshot("demo.Controls.png")
    client.close()
