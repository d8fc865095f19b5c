"""The web client as accessible HTML in Chromium: axe-core on every bundled screen and
state, light and dark; the Tab order is the reading order; keyboard operation (Space on a
switch, arrows on a slider, Enter on a button, Escape on an alert and a sheet); an
announcement reaches the live region; roles and names of a sample of nodes.

axe-core: version 4.12.1, the `axe.min.js` in PyPI's axe-playwright-python 0.1.8 wheel,
which scripts/deps.sh puts into .build/axe/ (PyPI's axe-selenium-python gives this
machine's Python 3.11 axe-core 3.1.1, from 2018). The tests inject it into the page and
fail on any violation axe rates `serious` or `critical`, naming the rule, the element and
axe's help page. Colour contrast (`color-contrast`, WCAG AA) is one of them: the bundled
screens draw small text in colours that pass (each plugin's palette, docs/plugins.md
"Accessible colours").

Run: make test (scripts/test.sh), or `scripts/deps.sh && swift build && python3 -m pytest
-q Tests/web/test_web_accessibility.py`.
"""

import os

import pytest

from test_web_client import (  # noqa: F401 (stack is a fixture)
    MOVING, REPO, SocketClient, find, page_scene, stack, wait_for, wait_revision)

AXE = os.path.join(REPO, ".build", "axe", "axe.min.js")
AXE_VERSION = "4.12.1"
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] }).then((result) => done(result.violations.map((v) => ({
  id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
  nodes: v.nodes.map((n) => ({ target: n.target.join(' '), impact: n.impact, summary: n.failureSummary,
    html: n.html.slice(0, 160) })),
})))).catch((error) => done({ error: String(error) }));
"""


def axe_violations(browser, what):
    """Runs axe-core on the page; returns its serious and critical violations as lines."""
    if not os.path.exists(AXE):
        pytest.fail(f"{AXE} is missing: run scripts/deps.sh")
    if not browser.run("return typeof window.axe === 'object'"):
        with open(AXE, encoding="utf-8") as source:
            browser.run(source.read())
        assert browser.run("return axe.version") == AXE_VERSION
    # Colours are judged where the nodes come to rest, not half-way through a fade in.
    wait_for(lambda: not browser.run(MOVING), 5, f"{what}: the page's motions over")
    violations = browser.run_async(RUN_AXE)
    assert not isinstance(violations, dict), f"{what}: axe failed: {violations}"
    lines = []
    for violation in violations:
        for node in violation["nodes"]:
            if (node["impact"] or violation["impact"]) in ("serious", "critical"):
                lines.append(f"{what}: {violation['id']} ({node['impact'] or violation['impact']}) at {node['target']}: "
                             f"{node['summary'].splitlines()[-1].strip() if node['summary'] else violation['help']} "
                             f"[{node['html']}] {violation['helpUrl']}")
    return lines


def emulate_scheme(browser, scheme):
    browser.command("POST", "/goog/cdp/execute", {"cmd": "Emulation.setEmulatedMedia", "params": {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]}})


def settled(browser, client, scene):
    """Waits until the page shows compd's latest revision of the scene."""
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    browser.run("return document.fonts.ready.then(() => true)")


def event(client, scene, **body):
    return client.call("scene.event", scene=scene, event=body)


def layout(client, scene):
    return client.call("scene.layout", scene=scene)["root"]


def components(client):
    return sorted(item["name"] for item in client.call("components.list")["components"])


def open_component(browser, gateway, client, component):
    browser.open(f"{gateway.url}?component={component}")
    scene = page_scene(browser)
    settled(browser, client, scene)
    return scene


def states(client, scene, component):
    """The states of a bundled screen beyond its first: (name, enter, leave) with `enter`
    and `leave` sending scene events through the socket. A state whose control the screen
    does not show (the bar items of a page shown outside a navigation controller) is left
    out."""
    tap = lambda key: lambda: event(client, scene, type="tap", target=key)  # noqa: E731
    if component == "demo.BarsAndAlerts":
        return [
            ("alert", tap("showAlert"), tap("alert.action.0")),
            ("action sheet", tap("showActionSheet"), lambda: event(client, scene, type="tap", target="presentation.dimming")),
            ("alert with a text field", tap("showTextAlert"), tap("alert.action.0")),
            ("page sheet", tap("showPageSheet"), lambda: event(client, scene, type="swipe", target=sheet(client, scene), direction="down")),
            ("form sheet", tap("showFormSheet"), lambda: event(client, scene, type="swipe", target=sheet(client, scene), direction="down")),
            ("menu", tap("sort"), lambda: event(client, scene, type="tap", target="presentation.dimming")),
            ("editing", tap("edit"), tap("edit")),
        ] if find(layout(client, scene), "sort") else []
    if component == "demo.Contacts":
        row = first_of_type(layout(client, scene), "cell")["key"]
        return [
            ("row swiped", lambda: event(client, scene, type="swipe", target=row, direction="left"),
             lambda: event(client, scene, type="swipe", target=row, direction="right")),
            ("a row's detail", tap(row), lambda: event(client, scene, type="back")),
            ("searching", lambda: event(client, scene, type="text", target="search", text="an"),
             lambda: event(client, scene, type="text", target="search", text="")),
        ]
    return []


def first_of_type(node, node_type):
    if node["type"] == node_type:
        return node
    for child in node.get("children", []):
        found = first_of_type(child, node_type)
        if found:
            return found
    return None


def sheet(client, scene):
    """The presented sheet's node id."""
    def walk(node):
        if node.get("props", {}).get("presentation") in ("pageSheet", "formSheet"):
            return node["id"]
        for child in node.get("children", []):
            found = walk(child)
            if found:
                return found
        return None
    return walk(layout(client, scene))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation_on_any_bundled_screen(stack, scheme):
    """Every component `components.list` names, and the states its screens can show
    (alerts, action sheets, menus, sheets, lists with a swiped row or a search), in the
    scheme's style: no serious or critical axe-core violation."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    found = []
    try:
        emulate_scheme(browser, scheme)
        names = components(client)
        assert {"demo.Gallery", "demo.Settings", "demo.Controls", "demo.BarsAndAlerts", "demo.Contacts"} <= set(names)
        for component in names:
            scene = open_component(browser, gateway, client, component)
            found += axe_violations(browser, f"{component} ({scheme})")
            for name, enter, leave in states(client, scene, component):
                enter()
                settled(browser, client, scene)
                found += axe_violations(browser, f"{component}, {name} ({scheme})")
                leave()
                settled(browser, client, scene)
        # The gallery's pages, pushed from its list as a user does.
        scene = open_component(browser, gateway, client, "demo.Gallery")
        for component in [name for name in names if name != "demo.Gallery"]:
            event(client, scene, type="tap", target=component)
            settled(browser, client, scene)
            found += axe_violations(browser, f"demo.Gallery › {component} ({scheme})")
            for name, enter, leave in states(client, scene, component):
                enter()
                settled(browser, client, scene)
                found += axe_violations(browser, f"demo.Gallery › {component}, {name} ({scheme})")
                leave()
                settled(browser, client, scene)
            event(client, scene, type="back")
            settled(browser, client, scene)
    finally:
        emulate_scheme(browser, "")
        client.close()
    assert not found, "axe-core " + AXE_VERSION + " found:\n" + "\n".join(found)


# --- keys and what the page tells assistive technology

TAB, ENTER, ESCAPE, SHIFT = "\ue004", "\ue007", "\ue00c", "\ue008"
HOME, END = "\ue011", "\ue010"
LEFT, UP, RIGHT, DOWN = "\ue012", "\ue013", "\ue014", "\ue015"
SPACE = " "


def press(browser, *keys):
    """Real key presses (WebDriver key actions: keydown and keyup per key)."""
    actions = []
    for key in keys:
        actions += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
    browser.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})


FOCUSED = """
const el = document.activeElement;
const node = el && el.closest('[data-node-id]');
return node ? (node.dataset.key || node.dataset.nodeId) : null;
"""


def focused(browser):
    """The key (else the id) of the node holding the browser's focus."""
    return browser.run(FOCUSED)


def tab_to(browser, key, limit=40):
    """Presses Tab until the node keyed `key` has the focus; returns the keys passed."""
    passed = []
    for _ in range(limit):
        press(browser, TAB)
        passed.append(focused(browser))
        if passed[-1] == key:
            return passed
    raise AssertionError(f"Tab never reached {key}: {passed}")


def computed(browser, css):
    """The role and accessible name Chromium computes for an element (WebDriver)."""
    element = browser.element(css)
    return (browser.command("GET", f"/element/{element}/computedrole"),
            browser.command("GET", f"/element/{element}/computedlabel"))


def props(client, scene, key):
    return find(layout(client, scene), key)["props"]


def node(node_id, node_type, frame, props=None, children=(), key=None):
    entry = {"id": node_id, "type": node_type, "frame": dict(zip(("x", "y", "width", "height"), frame)),
             "props": props or {}, "children": list(children)}
    if key:
        entry["key"] = key
    return entry


# Three buttons whose reading order (`a11y.order`) is not their tree order, the second
# overlapping the first; a switch, a slider, a tab bar whose second tab is selected.
READING_ORDER = node("r1", "view", (0, 0, 400, 700), {"backgroundColor": "#ffffffff"}, [
    node("r2", "view", (0, 0, 400, 60), {"a11y": {"order": ["r5", "r3", "r4"]}}, [
        node("r3", "button", (0, 10, 100, 40), {"title": "First", "titleColor": "#007affff", "backgroundColor": "#eeeeeeff"}, key="first"),
        node("r4", "button", (50, 10, 100, 40), {"title": "Second", "titleColor": "#007affff", "backgroundColor": "#ddddddff"}, key="second"),
        node("r5", "button", (200, 10, 100, 40), {"title": "Third", "titleColor": "#007affff"}, key="third"),
    ]),
    node("r6", "switch", (20, 80, 51, 31), {"on": False, "a11y": {"label": "Wi-Fi", "hint": "Joins known networks"}}, key="wifi"),
    node("r7", "slider", (20, 130, 200, 34), {"value": 0.5}, key="level"),
    node("r8", "tabBar", (0, 600, 400, 49), {"items": ["One", "Two", "Three"]}, [
        node(f"r{9 + index}", "button", (index * 133, 0, 133, 49),
             {"title": title, "titleColor": "#007affff", "barItem": "tab", "selected": index == 1}, key=f"tab.{index}")
        for index, title in enumerate(["One", "Two", "Three"])
    ]),
])

RENDER_SYNTHETIC = """
const [tree, done] = [arguments[0], arguments[arguments.length - 1]];
import('/js/scene-view.js').then(({ SceneView }) => {
  document.getElementById('synthetic')?.remove();
  const host = document.createElement('div');
  host.id = 'synthetic';
  host.style.cssText = 'position: fixed; left: 0; top: 0; width: 400px; height: 700px; z-index: 9';
  // First in the page, so that Tab from the page's start comes to it first.
  document.body.prepend(host);
  window.sent = [];
  window.synthetic = new SceneView(host, { send: (event) => { window.sent.push(event); return Promise.resolve({}); } });
  window.synthetic.setTree(tree, 1);
  setTimeout(() => done(true), 100);
});
"""


def test_tab_follows_the_reading_order_and_keys_become_accessibility_actions(stack):
    """A container whose `a11y.order` is not its children's order: the DOM, hence Tab,
    follows the reading order while the buttons still paint in tree order; Enter and
    Space send the `accessibility` event's `activate`, arrows on a slider `increment` and
    `decrement`; a tab bar is one tab stop whose arrows move among the tabs; a view
    presented over the others takes the focus and hides them. No daemon involved."""
    _, gateway, browser = stack
    browser.set_window(420, 900)
    browser.open(gateway.url)
    browser.run_async(RENDER_SYNTHETIC, READING_ORDER)
    browser.run("document.activeElement.blur()")
    order = [focused(browser) for _ in range(5) if press(browser, TAB) is None]
    assert order == ["third", "first", "second", "wifi", "level"]
    # The selected tab is the tab bar's one tab stop; Shift+Tab comes back the same way.
    press(browser, TAB)
    assert focused(browser) == "tab.1"
    browser.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
        {"type": "keyDown", "value": SHIFT}, {"type": "keyDown", "value": TAB},
        {"type": "keyUp", "value": TAB}, {"type": "keyUp", "value": SHIFT}]}]})
    assert focused(browser) == "level"
    # Painted in tree order: where the first two overlap, the second is on top.
    assert browser.run("return document.elementFromPoint(75, 30).closest('[data-node-id]').dataset.key") == "second"
    # Tab bar: arrows move the focus (and the tab stop) among the tabs, Enter selects.
    browser.run("document.querySelector('#synthetic [data-key=\"tab.1\"]').focus()")
    press(browser, RIGHT)
    assert focused(browser) == "tab.2"
    assert browser.run("return [...document.querySelectorAll('#synthetic [role=tab]')].map((t) => t.tabIndex)") == [-1, -1, 0]
    press(browser, RIGHT)
    assert focused(browser) == "tab.0"
    press(browser, ENTER)
    # Keys on the others.
    browser.run("document.querySelector('#synthetic [data-key=third]').focus()")
    press(browser, ENTER)
    browser.run("document.querySelector('#synthetic [data-key=wifi]').focus()")
    press(browser, SPACE)
    browser.run("document.querySelector('#synthetic [data-key=level]').focus()")
    press(browser, RIGHT, UP, LEFT, HOME)
    press(browser, ESCAPE)
    sent = browser.run("return window.sent")
    # The page's focus moving to a node tells compd (`focus`, so that its focus engine
    # follows); the keys themselves become accessibility actions, never `key` events too.
    assert {"type": "focus", "target": "r5"} in sent
    assert [event for event in sent if event["type"] != "focus"] == [
        {"type": "accessibility", "target": "r9", "action": "activate"},
        {"type": "accessibility", "target": "r5", "action": "activate"},
        {"type": "accessibility", "target": "r6", "action": "activate"},
        {"type": "accessibility", "target": "r7", "action": "increment"},
        {"type": "accessibility", "target": "r7", "action": "increment"},
        {"type": "accessibility", "target": "r7", "action": "decrement"},
        {"type": "value", "target": "r7", "value": 0},
        {"type": "accessibility", "target": "r7", "action": "escape"},
    ]
    # Roles, names, states.
    assert computed(browser, "#synthetic [data-key=wifi]") == ("switch", "Wi-Fi")
    described = browser.run("""
const q = (key) => document.querySelector(`#synthetic [data-key="${key}"]`);
const wifi = q('wifi');
return { checked: wifi.getAttribute('aria-checked'), hint: document.getElementById(wifi.getAttribute('aria-describedby')).textContent,
  slider: ['aria-valuenow', 'aria-valuemin', 'aria-valuemax', 'aria-valuetext'].map((name) => q('level').getAttribute(name)),
  tabs: [q('tab.0'), q('tab.1')].map((t) => [t.getAttribute('role'), t.getAttribute('aria-selected')]),
  bar: document.querySelector('#synthetic [data-type=tabBar]').getAttribute('role') };""")
    assert described == {"checked": "false", "hint": "Joins known networks", "slider": ["0.5", "0", "1", "50%"],
                         "tabs": [["tab", "false"], ["tab", "true"]], "bar": "tablist"}

    # A presented alert: the focus moves into it, everything else is hidden from assistive
    # technology and out of the tab order; when it goes the focus comes back.
    browser.run("document.querySelector('#synthetic [data-key=third]').focus()")
    assert browser.run("""
return window.synthetic.applyChange({ scene: 's', revision: 2, base: 1, ops: [
  { op: 'insert', parent: 'r1', index: 2, node: { id: 'd1', type: 'view', key: 'presentation.dimming', frame: { x: 0, y: 0, width: 400, height: 700 }, props: { dimming: true, backgroundColor: '#00000033' }, children: [] } },
  { op: 'insert', parent: 'r1', index: 3, node: { id: 'a1', type: 'view', frame: { x: 65, y: 300, width: 270, height: 140 }, props: { presentation: 'alert', backgroundColor: '#f2f2f2ff' }, children: [
    { id: 'a2', type: 'label', key: 'alert.title', frame: { x: 16, y: 20, width: 238, height: 22 }, props: { text: 'Delete the draft?' }, children: [] },
    { id: 'a3', type: 'label', key: 'alert.message', frame: { x: 16, y: 44, width: 238, height: 18 }, props: { text: 'This cannot be undone.' }, children: [] },
    { id: 'a4', type: 'button', key: 'alert.action.0', frame: { x: 0, y: 96, width: 135, height: 44 }, props: { title: 'Cancel', titleColor: '#007affff', style: 'cancel' }, children: [] },
    { id: 'a5', type: 'button', key: 'alert.action.1', frame: { x: 135, y: 96, width: 135, height: 44 }, props: { title: 'Delete', titleColor: '#ff3b30ff', style: 'destructive' }, children: [] } ] } },
]});""") is True
    assert focused(browser) == "alert.action.0"
    assert computed(browser, "#synthetic [data-node-id=a1]") == ("alertdialog", "Delete the draft?")
    modal = browser.run("""
const alert = document.querySelector('#synthetic [data-node-id=a1]');
return { modal: alert.getAttribute('aria-modal'), description: document.getElementById(alert.getAttribute('aria-describedby')).textContent,
  hidden: ['r2', 'r6', 'r8', 'd1'].map((id) => document.querySelector(`#synthetic [data-node-id=${id}]`).getAttribute('aria-hidden')),
  heading: [document.querySelector('#synthetic [data-node-id=a2]').getAttribute('role'), document.querySelector('#synthetic [data-node-id=a2]').getAttribute('aria-level')],
  stops: [...document.querySelectorAll('#synthetic [tabindex]')].filter((el) => el.tabIndex >= 0).map((el) => el.dataset.key) };""")
    assert modal == {"modal": "true", "description": "This cannot be undone.", "hidden": ["true", "true", "true", "true"],
                     "heading": ["heading", "2"], "stops": ["alert.action.0", "alert.action.1"]}
    press(browser, TAB)
    assert focused(browser) == "alert.action.1"
    browser.run("return window.synthetic.applyChange({ scene: 's', revision: 3, base: 2, ops: [{ op: 'remove', id: 'a1' }, { op: 'remove', id: 'd1' }] })")
    assert focused(browser) == "third"
    assert browser.run("return document.querySelector('#synthetic [data-node-id=r2]').getAttribute('aria-hidden')") is None

    # scene.announcement: a layout change moves the focus to its node; a screen change to
    # a container, to its first tab stop in reading order, and its text is spoken.
    announce = """
const [params, done] = [arguments[0], arguments[arguments.length - 1]];
import('/js/accessibility.js').then(({ announce }) => { announce(window.synthetic, params); setTimeout(() => done(true), 120); });"""
    browser.run_async(announce, {"scene": "s", "kind": "layoutChanged", "node": "r7"})
    assert focused(browser) == "level"
    browser.run_async(announce, {"scene": "s", "kind": "screenChanged", "node": "r2", "text": "Buttons"})
    assert focused(browser) == "third"
    assert browser.run("return document.getElementById('announcements').textContent") == "Buttons"
    browser.run("document.getElementById('synthetic').remove()")


def gallery_page(browser, gateway, client, component):
    """Opens demo.Gallery and pushes `component`'s page from its list; returns the scene."""
    scene = open_component(browser, gateway, client, "demo.Gallery")
    event(client, scene, type="tap", target=component)
    settled(browser, client, scene)
    return scene


def test_keyboard_operates_the_bundled_screens(stack):
    """Through compd: Tab reaches a settings switch (role switch, checked, named by its
    row) and Space toggles it; arrows move a slider by a tenth of its range and step a
    stepper, Home sends the slider to its minimum; arrows pick a segment; Enter on a
    button runs its action (an alert shows, the focus moves into it), Escape chooses the
    alert's cancel action (the focus comes back) and pops a navigation stack."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)

    scene = open_component(browser, gateway, client, "demo.Settings")
    was = props(client, scene, "notifications")["on"]
    checked = "return document.querySelector('[data-key=notifications]').getAttribute('aria-checked')"
    tab_to(browser, "notifications")
    role, name = computed(browser, "[data-key=notifications]")
    assert (role, name) == ("switch", "Notifications")
    assert browser.run(checked) == str(was).lower()
    press(browser, SPACE)
    wait_for(lambda: props(client, scene, "notifications")["on"] is not was, 10, "the switch toggled")
    settled(browser, client, scene)
    assert browser.run(checked) == str(not was).lower()
    assert focused(browser) == "notifications"
    press(browser, ENTER)
    wait_for(lambda: props(client, scene, "notifications")["on"] is was, 10, "the switch back")

    scene = open_component(browser, gateway, client, "demo.Controls")
    tab_to(browser, "slider")
    assert computed(browser, "[data-key=slider]")[0] == "slider"
    assert props(client, scene, "slider")["value"] == 40
    press(browser, RIGHT, RIGHT)
    wait_for(lambda: props(client, scene, "slider")["value"] == 60, 10, "the slider a fifth of its range up")
    press(browser, DOWN)
    wait_for(lambda: props(client, scene, "slider")["value"] == 50, 10, "the slider a tenth down")
    settled(browser, client, scene)
    assert browser.run("return ['aria-valuenow', 'aria-valuemin', 'aria-valuemax', 'aria-valuetext'].map((a) => "
                       "document.querySelector('[data-key=slider]').getAttribute(a))") == ["50", "0", "100", "50%"]
    press(browser, HOME)
    wait_for(lambda: props(client, scene, "slider")["value"] == 0, 10, "the slider at its minimum")
    tab_to(browser, "stepper")
    assert computed(browser, "[data-key=stepper]")[0] == "spinbutton"
    press(browser, UP)
    wait_for(lambda: props(client, scene, "stepper")["value"] == 4, 10, "the stepper one step up")
    tab_to(browser, "segments")
    before = props(client, scene, "segments").get("selectedSegmentIndex", -1)
    press(browser, RIGHT)
    wait_for(lambda: props(client, scene, "segments").get("selectedSegmentIndex") == before + 1, 10, "the next segment")
    settled(browser, client, scene)
    assert browser.run("""
const group = document.querySelector('[data-key=segments]');
const active = document.getElementById(group.getAttribute('aria-activedescendant'));
return [group.getAttribute('role'), active.getAttribute('role'), active.getAttribute('aria-checked'), active.dataset.index];""") == \
        ["radiogroup", "radio", "true", str(before + 1)]

    scene = gallery_page(browser, gateway, client, "demo.BarsAndAlerts")
    tab_to(browser, "showAlert")
    press(browser, ENTER)
    wait_for(lambda: find(layout(client, scene), "alert.title") is not None, 10, "the alert")
    settled(browser, client, scene)
    assert browser.run("return document.activeElement.closest('[role=alertdialog]') !== null"), "the focus is in the alert"
    assert computed(browser, "[role=alertdialog]") == ("alertdialog", "Delete the draft?")
    press(browser, ESCAPE)
    wait_for(lambda: find(layout(client, scene), "alert.title") is None, 10, "the alert dismissed")
    wait_for(lambda: props(client, scene, "status").get("text") == "Chose cancel", 10, "the cancel action chosen")
    settled(browser, client, scene)
    assert focused(browser) == "showAlert", "the focus is back on the button that showed the alert"
    # Escape on the page pops the gallery's navigation stack.
    press(browser, ESCAPE)
    wait_for(lambda: find(layout(client, scene), "showAlert") is None, 10, "the gallery's list again")
    client.close()


def test_announcement_reaches_the_live_region(stack):
    """demo.Login posts an announcement when the form is sent
    (`Accessibility.post(notification: .announcement, …)`): typed into with real keys,
    Tab to its button and Enter (the `accessibility` event's `activate`, a tap at the
    button's centre) runs the action, compd sends `scene.announcement`, and the page puts
    its text into the polite live region outside the scene's tree; sent again, the region
    is emptied and filled again, so the same text is spoken again."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    scene = open_component(browser, gateway, client, "demo.Login")
    region = browser.run("""
const region = document.getElementById('announcements');
return region && [region.getAttribute('aria-live'), region.getAttribute('aria-atomic'), document.getElementById('scene').contains(region),
  region.getBoundingClientRect().width <= 1];""")
    assert region == ["polite", "true", False, True]
    tab_to(browser, "username")
    browser.send_keys("[data-key=username] input", "ann")
    wait_for(lambda: props(client, scene, "username").get("text") == "ann", 10, "the typed user name")
    passed = tab_to(browser, "login")
    assert passed[:-1] == ["password"], "Tab goes from the user name through the password to the button"
    assert computed(browser, "[data-key=login]") == ("button", "Login")
    press(browser, ENTER)
    wait_for(lambda: browser.run("return document.getElementById('announcements').textContent") == "Signing in as ann", 10,
             lambda: f"the announcement (live region: {browser.run('return document.getElementById(`announcements`).textContent')!r})")
    browser.run("""
const region = document.getElementById('announcements');
window.spoken = [];
new MutationObserver(() => window.spoken.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });""")
    press(browser, SPACE)
    wait_for(lambda: browser.run("return window.spoken")[-2:] == ["", "Signing in as ann"], 10,
             lambda: f"the announcement again (seen: {browser.run('return window.spoken')!r})")
    client.close()


CONTROL_TYPES = {"button", "switch", "textField", "textView", "searchBar", "slider", "stepper", "segmentedControl",
                 "pageControl", "datePicker"}
ELEMENT_TYPES = CONTROL_TYPES | {"label", "progress", "activityIndicator", "picker"}


def reading_order(root):
    """The items a screen reader reads, as docs/protocol.md's "Accessibility" defines the
    reading order (written here from the text, apart from the page's code): hidden and
    transparent nodes read nothing, an element is one item, a container with `order` reads
    those children in that order, else the items below it sorted by their frames in root
    coordinates in lines (less than 8 points, or half the first item's height when more,
    below a line's first item is on it), each line
    left to right; a group or ordered child is one unit; the last child holding a modal
    node hides its siblings."""
    def holds_control(node):
        return any(child["type"] in CONTROL_TYPES or holds_control(child) for child in node.get("children", [])
                   if not child["props"].get("hidden"))

    def is_element(node):
        a11y = node["props"].get("a11y", {})
        if "element" in a11y:
            return a11y["element"]
        if node["type"] == "cell":
            return not holds_control(node)
        return node["type"] in ELEMENT_TYPES

    def modal(node):
        props = node["props"]
        return props.get("a11y", {}).get("modal", bool(props.get("presentation"))) or any(
            modal(child) for child in node.get("children", []))

    def units(node, x, y):
        """[(top, left, [items])] of the node's children, in tree order."""
        props = node["props"]
        if props.get("hidden") or props.get("alpha", 1) < 0.01 or props.get("a11y", {}).get("hidden"):
            return []
        frame = node["frame"]
        at = (x + frame["x"], y + frame["y"])
        if is_element(node):
            return [(at[1], at[0], [node], frame["height"])]
        offset = props.get("contentOffset", {"x": 0, "y": 0}) if node["type"] in ("scroll", "table", "collection") else {"x": 0, "y": 0}
        children = node.get("children", [])
        modals = [child for child in children if modal(child)]
        if modals:
            children = [modals[-1]]
        inner = [(child, units(child, at[0] - offset["x"], at[1] - offset["y"])) for child in children]
        a11y = props.get("a11y", {})
        if "order" in a11y:
            by_id = dict((child["id"], found) for child, found in inner)
            items = [item for node_id in a11y["order"] for unit in by_id.get(node_id, []) for item in unit[2]]
            return [(at[1], at[0], items, frame["height"])] if items else []
        flat = sorted((unit for _, found in inner for unit in found), key=lambda unit: unit[0])
        lines = []
        for unit in flat:
            if lines and unit[0] < lines[-1][0] + max(8, lines[-1][1][0][3] / 2):
                lines[-1][1].append(unit)
            else:
                lines.append((unit[0], [unit]))
        items = [item for _, line in lines for unit in sorted(line, key=lambda unit: unit[1]) for item in unit[2]]
        if a11y.get("group") and items:
            return [(at[1], at[0], items, frame["height"])]
        return [unit for _, line in lines for unit in sorted(line, key=lambda unit: unit[1])]

    return [item for unit in units(root, 0, 0) for item in unit[2]]


def test_tab_order_is_the_reading_order_on_a_pushed_screen(stack):
    """demo.Login pushed from demo.Gallery: the navigation bar comes after the form in the
    tree, but is read first (it is above it). Tab visits the controls in the reading order
    docs/protocol.md gives for compd's tree, not in the tree's order."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    scene = gallery_page(browser, gateway, client, "demo.Login")
    root = layout(client, scene)
    order = [node.get("key") or node["id"] for node in reading_order(root)
             if node["type"] in CONTROL_TYPES and node["props"].get("enabled", True)]
    tree = []

    def walk(node):
        if node["props"].get("hidden"):
            return
        if node["type"] in CONTROL_TYPES and node["props"].get("enabled", True):
            tree.append(node.get("key") or node["id"])
        for child in node.get("children", []):
            walk(child)
    walk(root)
    assert order[0] == "navigation.back" and order != tree, (order, tree)
    browser.run("document.activeElement.blur()")
    visited = [focused(browser) for _ in order if press(browser, TAB) is None]
    assert visited == order
    client.close()


def emulate_contrast(browser, contrast):
    browser.command("POST", "/goog/cdp/execute", {"cmd": "Emulation.setEmulatedMedia", "params": {
        "features": [{"name": "prefers-contrast", "value": contrast}]}})


def scene_environment(client, scene):
    return next(item["environment"] for item in client.call("scene.list")["scenes"] if item["scene"] == scene)


def test_prefers_contrast_more_becomes_the_scenes_high_contrast(stack):
    """A browser asking for more contrast (`prefers-contrast: more`) gets a scene in
    `contrast: high`: demo.Controls' progress bar, in the system green, is painted in its
    increased-contrast value (#248a3d), and back to normal (#34c759) when the preference
    goes, live. (Its buttons take the gallery's own tint, which does not change.)"""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    # Every colour the scene's nodes are painted in (text, backgrounds, borders).
    painted = """
const colours = new Set();
for (const el of document.querySelectorAll('[data-node-id], [data-node-id] *')) {
  const style = getComputedStyle(el);
  for (const c of [style.color, style.backgroundColor, style.borderTopColor, style.fill]) colours.add(c);
}
return Array.from(colours);"""
    try:
        emulate_contrast(browser, "more")
        scene = open_component(browser, gateway, client, "demo.Controls")
        wait_for(lambda: scene_environment(client, scene).get("contrast") == "high", 10, "the scene in high contrast")
        settled(browser, client, scene)
        colours = browser.run(painted)
        assert "rgb(36, 138, 61)" in colours, colours
        assert "rgb(52, 199, 89)" not in colours, colours
        emulate_contrast(browser, "no-preference")
        wait_for(lambda: scene_environment(client, scene).get("contrast") == "normal", 10, "the scene in normal contrast")
        settled(browser, client, scene)
        colours = browser.run(painted)
        assert "rgb(52, 199, 89)" in colours, colours
        assert "rgb(36, 138, 61)" not in colours, colours
    finally:
        emulate_contrast(browser, "")
        client.close()


def test_escape_closes_a_sheet_in_the_browser(stack):
    """Escape within a page sheet dismisses it (UIKit's accessibilityPerformEscape on the
    presented controller); locked by its switch (isModalInPresentation) it stays."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    scene = open_component(browser, gateway, client, "demo.BarsAndAlerts")
    event(client, scene, type="tap", target="showPageSheet")
    settled(browser, client, scene)
    tab_to(browser, "lockSheet")
    press(browser, SPACE)
    wait_for(lambda: props(client, scene, "lockSheet").get("on") is True, 10, "the sheet locked")
    settled(browser, client, scene)
    press(browser, ESCAPE)
    settled(browser, client, scene)
    assert find(layout(client, scene), "lockSheet") is not None, "a locked sheet stays"
    press(browser, SPACE)
    wait_for(lambda: not props(client, scene, "lockSheet").get("on"), 10, "the sheet unlocked")
    settled(browser, client, scene)
    press(browser, ESCAPE)
    wait_for(lambda: find(layout(client, scene), "lockSheet") is None, 10, "the sheet dismissed")
    client.close()


def test_custom_actions_are_a_context_menu(stack):
    """demo.Contacts' rows offer their swipe action as a custom action (`a11y.actions`):
    the focused row says it has a menu (`aria-haspopup`, `aria-keyshortcuts`), Shift+F10
    opens a `menu` of `menuitem`s with the focus on the first, Escape closes it and gives
    the focus back, and Enter on an item sends the `accessibility` event: the row is gone."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    scene = open_component(browser, gateway, client, "demo.Contacts")
    row = first_of_type(layout(client, scene), "cell")
    assert row["props"]["a11y"]["actions"] == ["Delete"]
    key = row["key"]
    browser.run(f"document.querySelector('[data-key={key}]').focus()")
    assert focused(browser) == key
    assert browser.run(f"""const el = document.querySelector('[data-key={key}]');
return [el.getAttribute('aria-haspopup'), el.getAttribute('aria-keyshortcuts')];""") == ["menu", "Shift+F10"]
    def shift_f10():
        browser.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": SHIFT}, {"type": "keyDown", "value": "\ue03a"},
            {"type": "keyUp", "value": "\ue03a"}, {"type": "keyUp", "value": SHIFT}]}]})
    menu_state = """const menu = document.querySelector('[role=menu]');
return menu && [menu.getAttribute('aria-label'), Array.from(menu.querySelectorAll('[role=menuitem]')).map((i) => i.textContent),
  document.activeElement.getAttribute('role'), document.activeElement.textContent];"""
    shift_f10()
    state = browser.run(menu_state)
    assert state is not None, "Shift+F10 opened no menu"
    assert state[1:] == [["Delete"], "menuitem", "Delete"], state
    assert state[0].startswith("Actions")
    press(browser, ESCAPE)
    assert browser.run(menu_state) is None
    assert focused(browser) == key, "the focus is back on the row"
    assert find(layout(client, scene), key) is not None, "Escape in the menu did not escape the screen"
    shift_f10()
    press(browser, ENTER)
    wait_for(lambda: find(layout(client, scene), key) is None, 10, "the row deleted")
    client.close()


RIGHT_TO_LEFT = node("q1", "view", (0, 0, 400, 700), {"backgroundColor": "#ffffffff", "layoutDirection": "rightToLeft", "lang": "ar"}, [
    node("q2", "button", (10, 10, 100, 40), {"title": "Left", "titleColor": "#0040ddff"}, key="left"),
    node("q3", "button", (290, 12, 100, 40), {"title": "Right", "titleColor": "#0040ddff"}, key="right"),
    node("q4", "button", (150, 10, 100, 40), {"title": "Middle", "titleColor": "#0040ddff"}, key="middle"),
    node("q5", "button", (10, 80, 250, 40), {"title": "Wide", "titleColor": "#0040ddff"}, key="wide"),
    node("q6", "button", (270, 80, 120, 40), {"title": "Narrow", "titleColor": "#0040ddff"}, key="narrow"),
])


def test_tab_reads_each_line_from_the_right_in_a_right_to_left_scene(stack):
    """In a scene laid out right to left (the root's `layoutDirection`) the DOM, hence Tab,
    reads each line from its right edge, as ScreenKit's reading order does
    (RightToLeftReadingOrderTests): lines top to bottom, right to left within a line. No
    daemon involved."""
    _, gateway, browser = stack
    browser.set_window(420, 900)
    browser.open(gateway.url)
    browser.run_async(RENDER_SYNTHETIC, RIGHT_TO_LEFT)
    browser.run("document.activeElement.blur()")
    order = [focused(browser) for _ in range(5) if press(browser, TAB) is None]
    assert order == ["right", "middle", "left", "narrow", "wide"]
