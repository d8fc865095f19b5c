"""The web client's text controls in headless Chromium (Tests/web/test_web_client.py has the
harness): typing into a text view's <textarea>, a text field's autofill attributes and its
clear button, a label's attributed runs. Expectations come from compd's own layout."""

import pytest

from test_web_client import SocketClient, find, page_scene, stack, wait_for  # noqa: F401 (stack is a fixture)

pytestmark = pytest.mark.skipif(
    __import__("test_web_client").CHROMIUM is None or __import__("test_web_client").CHROMEDRIVER is None,
    reason="chromium and chromium-driver are not installed (scripts/deps.sh installs them)",
)


def props_of(client, scene, key):
    return find(client.call("scene.layout", scene=scene)["root"], key)["props"]


def test_text_view_typing_clear_button_and_runs(stack):
    daemon, gateway, browser = stack
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.TextControls")
    scene = page_scene(browser)
    client = SocketClient(daemon.socket)

    # The text view is a <textarea>; Enter inserts a line break instead of submitting.
    area = "[data-key=notes] textarea"
    assert browser.run(f"return document.querySelector('{area}') !== null")
    browser.click(area)
    browser.send_keys(area, "Hello\nweb")
    wait_for(lambda: props_of(client, scene, "notes").get("text") == "Hello\nweb", 10,
             lambda: f"the typed notes at compd: {props_of(client, scene, 'notes')}")
    assert props_of(client, scene, "notes").get("focused") is True
    wait_for(lambda: props_of(client, scene, "notesCount").get("text") == "9 characters, 9 edits", 10,
             lambda: f"one delegate change a keystroke: {props_of(client, scene, 'notesCount')}")
    assert browser.run(f"return document.querySelector('{area}').value") == "Hello\nweb"
    # The font and the container inset plus line fragment padding, as compd lays them out.
    style = browser.run(f"const s = getComputedStyle(document.querySelector('{area}')); "
                        "return [s.fontSize, s.paddingTop, s.paddingLeft]")
    assert style == ["15px", "8px", "5px"]

    # The e-mail field: autofill hints from its text content type and traits.
    field = "[data-key=email] input"
    assert browser.run(f"return document.querySelector('{field}').autocomplete") == "email"
    assert browser.run(f"return document.querySelector('{field}').autocapitalize") == "none"
    assert browser.run("return document.querySelector('[data-key=email] .clear-button')") is None
    browser.click(field)
    browser.send_keys(field, "ann@example.org")
    wait_for(lambda: props_of(client, scene, "email").get("clearButton") is True, 10, "the clear button at compd")
    wait_for(lambda: browser.run(
        "const b = document.querySelector('[data-key=email] .clear-button'); return !!b && b.style.display !== 'none'"),
        10, "the clear button shown")
    browser.click("[data-key=email] .clear-button")
    wait_for(lambda: props_of(client, scene, "email").get("text") == "", 10, "the field cleared through compd")
    wait_for(lambda: browser.run(f"return document.querySelector('{field}').value") == "", 10, "the cleared field shown")
    assert browser.run("return document.querySelector('[data-key=email] .clear-button').style.display") == "none"

    # The attributed label: one span per run, in its font.
    runs = props_of(client, scene, "attributed")["runs"]
    spans = browser.run("return [...document.querySelectorAll('[data-key=attributed] .run')]"
                        ".map(s => [s.textContent, getComputedStyle(s).fontWeight, getComputedStyle(s).fontSize])")
    assert [span[0] for span in spans] == [run["text"] for run in runs]
    assert spans[0][1:] == ["700", "20px"]

    # A click on the configured Filled button starts its activity indicator, spinning at the
    # place compd gives it (imageFrame), in the title's colour; another click stops it.
    browser.click("[data-key=filled]")
    wait_for(lambda: props_of(client, scene, "filled").get("activityIndicator") is True, 10,
             "the activity indicator at compd")
    busy = "document.querySelector('[data-key=filled] .busy')"
    wait_for(lambda: browser.run(f"return !!{busy} && {busy}.style.display !== 'none'"), 10, "the spinner")
    frame = props_of(client, scene, "filled")["imageFrame"]
    box = browser.run(f"const b = {busy}; return [b.offsetLeft, b.offsetTop, b.offsetWidth, b.offsetHeight]")
    assert box == [round(frame["x"]), round(frame["y"]), 20, 20]
    assert browser.run(f"return getComputedStyle({busy}).animationName") == "spin"
    browser.click("[data-key=filled]")
    wait_for(lambda: browser.run(f"return {busy}.style.display") == "none", 10, "the spinner to stop")
    browser.screenshot("text-controls.png")
    client.close()


def test_picking_a_row_and_a_date(stack):
    daemon, gateway, browser = stack
    browser.set_window(420, 1400)
    browser.open(f"{gateway.url}?component=demo.TextControls")
    scene = page_scene(browser)
    client = SocketClient(daemon.socket)

    # A picker view is a <select> per component; choosing an option picks that row.
    wheels = browser.run("return [...document.querySelectorAll('[data-key=picker] select')].map(s => [...s.options].map(o => o.textContent))")
    assert wheels == [["Small", "Medium", "Large"], ["Red", "Green", "Blue", "Yellow"]]
    browser.click("[data-key=picker] select[data-component='1'] option[value='3']")
    wait_for(lambda: props_of(client, scene, "picker")["components"][1]["selected"] == 3, 10,
             lambda: f"the picked row at compd: {props_of(client, scene, 'picker')}")
    wait_for(lambda: props_of(client, scene, "pickerLabel").get("text") == "Small, Yellow", 10, "the delegate told")

    # A date picker is a datetime-local input in the picker's time zone (UTC here); a date
    # picked there is snapped to 15 minutes by compd and shown back.
    field = "[data-key=date] input"
    assert browser.run(f"return document.querySelector('{field}').type") == "datetime-local"
    assert browser.run(f"return document.querySelector('{field}').value") == "2026-06-12T12:00"
    browser.run(f"const i = document.querySelector('{field}'); i.value = '2026-07-04T09:20';"
                " i.dispatchEvent(new Event('change', {bubbles: true}));")
    wait_for(lambda: props_of(client, scene, "date").get("text") == "Jul 4, 2026 9:15\u202fAM", 10,
             lambda: f"the picked date at compd: {props_of(client, scene, 'date')}")
    wait_for(lambda: browser.run(f"return document.querySelector('{field}').value") == "2026-07-04T09:15", 10,
             "the snapped date shown")
    browser.screenshot("pickers.png")
    client.close()


def test_search_bar_typing_scope_and_submit(stack):
    daemon, gateway, browser = stack
    browser.set_window(420, 1400)
    browser.open(f"{gateway.url}?component=demo.TextControls")
    scene = page_scene(browser)
    client = SocketClient(daemon.socket)
    field = "[data-key=search] input"
    assert browser.run(f"return document.querySelector('{field}').type") == "search"
    browser.click(field)
    browser.send_keys(field, "re")
    wait_for(lambda: props_of(client, scene, "searchResult").get("text") == "Red, Green", 10,
             lambda: f"the updater's results: {props_of(client, scene, 'searchResult')}")
    browser.click("[data-key=search] .scope:nth-child(3)")
    wait_for(lambda: props_of(client, scene, "searchResult").get("text") == "Green", 10, "the cool scope")
    # compd has the new scope; the page shows it once its update arrives.
    wait_for(lambda: browser.run(
        "return document.querySelector('[data-key=search] .scope.selected')?.textContent") == "Cool",
        10, "the cool scope shown selected")
    # Enter in the field is the search button: the delegate emits `searched`.
    client.call("scene.subscribe", scene=scene)
    browser.send_keys(field, "\n")
    emitted = client.wait_notification(lambda m: m.get("method") == "scene.emitted")
    assert emitted["params"]["name"] == "searched" and emitted["params"]["payload"] == {"text": "re"}
    # The cancel button (a child button) shows while searching; a click ends the search.
    wait_for(lambda: browser.run("const b = document.querySelector('[data-key=cancel]'); return !!b && b.style.display !== 'none'"),
             10, "the cancel button")
    browser.click("[data-key=cancel]")
    wait_for(lambda: props_of(client, scene, "search").get("text") == "", 10, "the search cancelled")
    wait_for(lambda: browser.run(f"return document.querySelector('{field}').value") == "", 10, "the emptied field")
    browser.screenshot("search-bar.png")
    client.close()
