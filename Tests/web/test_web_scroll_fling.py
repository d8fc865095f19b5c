"""A fling's deceleration in Chromium (web/js/motion.js, `decelerateScroll`): a table flung by
touch phases on compd (here from a second client on the page's scene) is set to where the
fling stops at once, and the page runs the deceleration on its scroll node, passing through
the offsets on the way and ending at the op's offset, without sending those offsets back to
compd as the user's scrolls."""

import time

from test_web_client import (  # noqa: F401 (stack is a fixture)
    SocketClient, find, page_scene, stack, wait_for)


def offset_y(client, scene):
    return find(client.call("scene.layout", scene=scene)["root"], "contacts")["props"]["contentOffset"]["y"]


def touch(client, scene, phase, x, y, t):
    client.call("scene.event", scene=scene,
                event={"type": "touch", "phase": phase, "id": 7, "x": x, "y": y, "t": t})


def test_a_fling_decelerates_on_the_page_and_ends_at_compds_offset(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Contacts")
    scene = page_scene(browser)
    wait_for(lambda: browser.run("return !!document.querySelector('[data-key=contacts]')"), 10,
             "the table drawn")
    # The table's middle in root coordinates, and the page's view of it sampled every frame.
    x, y = browser.run(
        "const t = document.querySelector('[data-key=contacts]').getBoundingClientRect();"
        "const r = document.querySelector('[data-node-id]').getBoundingClientRect();"
        "return [t.left - r.left + t.width / 2, t.top - r.top + t.height * 0.8];")
    browser.run(
        "const el = document.querySelector('[data-key=contacts]');"
        "window.flingSamples = [];"
        "const sample = () => { window.flingSamples.push(el.scrollTop);"
        "  if (window.flingSamples.length < 600) requestAnimationFrame(sample); };"
        "requestAnimationFrame(sample);")
    start = offset_y(client, scene)
    touch(client, scene, "began", x, y, 0)
    touch(client, scene, "moved", x, y - 10, 16)
    touch(client, scene, "moved", x, y - 50, 32)
    touch(client, scene, "moved", x, y - 100, 48)
    touch(client, scene, "ended", x, y - 100, 48)
    target = offset_y(client, scene)
    # The projection of 100 / 0.048 pt/s at 0.998 per ms, beyond the 90 points dragged.
    assert abs(target - (start + 90 + 100 / 0.048 / 1000 * 0.998 / 0.002)) < 0.01
    inset_top = browser.run(
        "return document.querySelector('[data-key=contacts] .scroll-origin').offsetTop")
    shown = lambda: browser.run("return document.querySelector('[data-key=contacts]').scrollTop")
    # It decelerates for about 2.1 s; it is on its way meanwhile.
    wait_for(lambda: start + 90 + 100 < shown() - inset_top < target - 5, 3,
             "the view part way along the fling")
    wait_for(lambda: abs(shown() - inset_top - target) < 1, 6, "the view at compd's offset")
    samples = browser.run("return window.flingSamples")
    between = [s - inset_top for s in samples if start + 91 < s - inset_top < target - 1]
    assert len(between) >= 10, samples[:40]
    # Each frame a little further, never back (a decay, not a jump and not an echo).
    assert all(b >= a - 0.5 for a, b in zip(between, between[1:]))
    # compd still has its own offset: the page reported none of those on the way.
    time.sleep(0.5)
    assert offset_y(client, scene) == target


def test_with_reduced_motion_the_fling_jumps_to_compds_offset(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.command("POST", "/goog/cdp/execute", {"cmd": "Emulation.setEmulatedMedia", "params": {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}})
    try:
        browser.open(f"{gateway.url}?component=demo.Contacts")
        scene = page_scene(browser)
        wait_for(lambda: browser.run("return !!document.querySelector('[data-key=contacts]')"),
                 10, "the table drawn")
        x, y = browser.run(
            "const t = document.querySelector('[data-key=contacts]').getBoundingClientRect();"
            "const r = document.querySelector('[data-node-id]').getBoundingClientRect();"
            "return [t.left - r.left + t.width / 2, t.top - r.top + t.height * 0.8];")
        touch(client, scene, "began", x, y, 0)
        touch(client, scene, "moved", x, y - 10, 16)
        touch(client, scene, "moved", x, y - 50, 32)
        touch(client, scene, "moved", x, y - 100, 48)
        touch(client, scene, "ended", x, y - 100, 48)
        target = offset_y(client, scene)
        inset_top = browser.run(
            "return document.querySelector('[data-key=contacts] .scroll-origin').offsetTop")
        # Well within the 2.1 s the deceleration would take: the view is there already.
        wait_for(lambda: abs(browser.run(
            "return document.querySelector('[data-key=contacts]').scrollTop") - inset_top - target)
            < 1, 0.8, "the view at compd's offset at once")
    finally:
        browser.command("POST", "/goog/cdp/execute", {"cmd": "Emulation.setEmulatedMedia", "params": {
            "features": [{"name": "prefers-reduced-motion", "value": ""}]}})
