"""Hardware keys and compd's focus engine in Chromium (web/js/focus-keys.js): a screen's
key command fires from a real keydown, the arrows and Enter from a page with nothing
focused drive compd's focus engine (the page rings the focused node), and the browser's Tab
between fields moves compd's `focused` (checked on a direct socket connection)."""

from test_web_client import (  # noqa: F401 (stack is a fixture)
    SocketClient, find, page_scene, stack, wait_for)

CONTROL = "\ue009"
TAB = "\ue004"
ENTER = "\ue007"
ARROW_DOWN = "\ue015"


def press(browser, *chords):
    """Presses each chord: its keys down in order, then up in reverse."""
    actions = []
    for chord in chords:
        keys = chord if isinstance(chord, tuple) else (chord,)
        actions += [{"type": "keyDown", "value": key} for key in keys]
        actions += [{"type": "keyUp", "value": key} for key in reversed(keys)]
    browser.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})
    browser.command("DELETE", "/actions")


def find_id(node, node_id):
    if node["id"] == node_id:
        return node
    for child in node.get("children", []):
        found = find_id(child, node_id)
        if found:
            return found
    return None


def focused_key(client, scene):
    """The key of the node compd's root `focused` names (None when nothing is focused)."""
    root = client.call("scene.layout", scene=scene)["root"]
    focused = root["props"].get("focused")
    if focused is None:
        return None
    node = find_id(root, focused)
    return node.get("key", focused) if node else focused


def test_key_command_fires_from_a_keydown(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.open(f"{gateway.url}?component=demo.Contacts")
    scene = page_scene(browser)
    wait_for(lambda: browser.run("return document.querySelector('[data-key=search] input') !== null"),
             10, "the search field drawn")
    assert focused_key(client, scene) is None
    # Control-F is demo.Contacts' key command: compd focuses its search field, which the page
    # then edits (the browser's own find bar stays shut).
    press(browser, (CONTROL, "f"))
    wait_for(lambda: focused_key(client, scene) == "search", 10, "compd's focus in the search field")
    wait_for(lambda: browser.run(
        "return document.activeElement === document.querySelector('[data-key=search] input')"),
        10, "the page's focus in the search field")
    # Typing goes to the field as text (the page keeps printable keys while editing).
    press(browser, "k")
    wait_for(lambda: find(client.call("scene.layout", scene=scene)["root"], "search")["props"].get("text") == "k",
             10, "the typed search text at compd")


def test_arrows_and_enter_drive_compds_focus(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.open(f"{gateway.url}?component=demo.Settings")
    scene = page_scene(browser)
    wait_for(lambda: browser.run("return document.querySelector('[data-key=notifications]') !== null"),
             10, "the switches drawn")
    before = find(client.call("scene.layout", scene=scene)["root"], "notifications")["props"].get("on", False)
    # Nothing focused: the first arrow focuses the screen's preferred item, the first switch.
    press(browser, ARROW_DOWN)
    wait_for(lambda: focused_key(client, scene) == "notifications", 10, "compd's focus on the first switch")
    wait_for(lambda: browser.run(
        "return document.querySelector('[data-key=notifications]').dataset.compdFocused === 'true'"),
        10, "the page marking the focused switch")
    press(browser, ARROW_DOWN)
    wait_for(lambda: focused_key(client, scene) == "darkMode", 10, "compd's focus moved down")
    wait_for(lambda: browser.run(
        "return document.querySelector('[data-key=darkMode]').dataset.compdFocused === 'true'"
        " && !document.querySelector('[data-key=notifications]').dataset.compdFocused"),
        10, "the page's mark moved with it")
    press(browser, "\ue013")  # ArrowUp
    wait_for(lambda: focused_key(client, scene) == "notifications", 10, "compd's focus back up")
    # The page follows compd's focus when its change arrives, which may be after compd's
    # answer to the socket: Enter goes where the page's focus is.
    wait_for(lambda: browser.run(
        "return document.querySelector('[data-key=notifications]').dataset.compdFocused === 'true'"),
        10, "the page's mark back on the first switch")
    press(browser, ENTER)
    wait_for(lambda: find(client.call("scene.layout", scene=scene)["root"], "notifications")["props"].get("on", False)
             != before, 10, "Enter toggling the focused switch")


def test_tab_moves_compds_focus(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.open(f"{gateway.url}?component=demo.Login")
    scene = page_scene(browser)
    wait_for(lambda: browser.run("return document.querySelector('[data-key=username] input') !== null"),
             10, "the fields drawn")
    browser.click("[data-key=username] input")
    wait_for(lambda: focused_key(client, scene) == "username", 10, "compd's focus in the user name")
    press(browser, TAB)
    wait_for(lambda: focused_key(client, scene) == "password", 10, "Tab moving compd's focus to the password")
