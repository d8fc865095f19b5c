"""The web client in a real browser: headless Chromium driven through chromedriver's W3C
WebDriver HTTP API, against the built compd and compd-web.

Expectations come from compd itself: every node's box in the page is compared with the
frames `scene.layout` reports on a direct socket connection (docs/protocol.md: frames are in
the parent's space, scroll children in content space; 1 point = 1 CSS pixel).

Run: make test (scripts/test.sh), or python3 -m pytest -q Tests/web after `swift build`.
Screenshots and benchmark figures go to test-artifacts/web/.
"""

import base64
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "Tests", "Scripts"))
from trusted_plugins import trusted_directory  # noqa: E402 (the path is set just above)

# scripts/bench-web.sh points this at the release build; tests use the debug build.
BUILD = os.environ.get("COMPD_BUILD_DIR", os.path.join(REPO, ".build", "debug"))
ARTIFACTS = os.path.join(REPO, "test-artifacts", "web")
PLUGINS = ["Login", "StackedForms", "Destination", "Gallery", "Contacts"]
SCREENS = ["demo.Login", "demo.StackedForm", "demo.Settings", "demo.Gallery", "demo.Destination", "demo.Images"]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

pytestmark = pytest.mark.skipif(
    not (CHROMIUM and CHROMEDRIVER),
    reason="chromium and chromium-driver are not installed (scripts/deps.sh installs them)",
)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(condition, timeout=15.0, what="condition"):
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = condition()
        if last:
            return last
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what() if callable(what) else what} (last: {last!r})")


class SocketClient:
    """A direct JSON-RPC client on compd's Unix socket."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.sock.settimeout(10)
        self.buffer = b""
        self.next_id = 1
        self.notifications = []

    def _read_message(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("compd closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def call(self, method, **params):
        request_id = self.next_id
        self.next_id += 1
        self.sock.sendall(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}).encode() + b"\n")
        while True:
            message = self._read_message()
            if message.get("id") == request_id:
                if "error" in message:
                    raise RuntimeError(message["error"])
                return message["result"]
            self.notifications.append(message)

    def wait_notification(self, predicate, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.notifications:
                if predicate(message):
                    return message
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                self.notifications.append(self._read_message())
            except socket.timeout:
                break
        raise AssertionError("notification not seen")

    def close(self):
        self.sock.close()



class Daemon:
    """compd on a temporary socket with the bundled plugins, restartable on the same paths."""

    def __init__(self, directory, *extra, build=BUILD):
        self.directory = directory
        self.extra = extra
        self.build = build
        self.socket = os.path.join(directory, "compd.sock")
        # Copies, not links: compd checks the resolved path of each plugin.
        self.plugins = trusted_directory("web-plugins-", BUILD)
        os.makedirs(os.path.join(directory, "state"), exist_ok=True)
        for name in PLUGINS:
            shutil.copy(os.path.join(build, f"lib{name}.so"), os.path.join(self.plugins, f"lib{name}.so"))
            # A plugin's images travel with it: its resource bundle goes beside the library.
            bundle = os.path.join(build, f"compd_{name}.resources")
            if os.path.isdir(bundle):
                shutil.copytree(bundle, os.path.join(self.plugins, f"compd_{name}.resources"), dirs_exist_ok=True)
        self.process = None
        self.start()

    def start(self):
        log = open(os.path.join(self.directory, "compd.log"), "ab")
        self.process = subprocess.Popen(
            [os.path.join(self.build, "compd"), "--socket", self.socket, "--state-dir", os.path.join(self.directory, "state"),
             "--plugin-dir", self.plugins, *self.extra],
            stdout=log, stderr=log)

        def answers():
            try:
                client = SocketClient(self.socket)
                client.call("daemon.ping")
                client.close()
                return True
            except OSError:
                return False

        wait_for(answers, 60, "compd to answer")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(20)


class Gateway:
    def __init__(self, socket_path, *extra, listen="127.0.0.1:0", build=BUILD):
        self.arguments = (socket_path, *extra)
        self.build = build
        self.process = subprocess.Popen(
            [os.path.join(build, "compd-web"), "--socket", socket_path, "--listen", listen, *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        assert line.startswith("compd-web: serving http://"), line + self.process.stderr.read()
        self.url = line.split()[2]

    def stop(self):
        self.process.terminate()
        self.process.wait(10)
        self.process.stdout.close()
        self.process.stderr.close()

    def restart(self):
        """Stops and starts on the same port (pages reconnect to the same URL)."""
        self.stop()
        port = self.url.rstrip("/").rsplit(":", 1)[1]
        self.__init__(*self.arguments, listen=f"127.0.0.1:{port}", build=self.build)


class Browser:
    """A headless Chromium session through chromedriver's W3C WebDriver endpoints."""

    def __init__(self, width=420, height=900):
        self.port = free_port()
        self.driver = subprocess.Popen([CHROMEDRIVER, f"--port={self.port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        wait_for(lambda: self._ready(), 20, "chromedriver")
        capabilities = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--force-device-scale-factor=1", "--hide-scrollbars", f"--window-size={width},{height}"]}}}}
        self.session = self._request("POST", "/session", capabilities)["sessionId"]

    def _ready(self):
        try:
            return self._request("GET", "/status")["ready"]
        except OSError:
            return False

    def _request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            raise AssertionError(f"WebDriver {method} {path}: {error.read().decode()}") from None

    def command(self, method, path, body=None):
        return self._request(method, f"/session/{self.session}{path}", body)

    def open(self, url):
        self.command("POST", "/url", {"url": url})

    def run(self, script, *args):
        return self.command("POST", "/execute/sync", {"script": script, "args": list(args)})

    def run_async(self, script, *args):
        return self.command("POST", "/execute/async", {"script": script, "args": list(args)})

    def element(self, css):
        found = self.command("POST", "/element", {"using": "css selector", "value": css})
        return next(iter(found.values()))

    def click(self, css):
        self.command("POST", f"/element/{self.element(css)}/click", {})

    def send_keys(self, css, text):
        self.command("POST", f"/element/{self.element(css)}/value", {"text": text})

    def set_window(self, width, height):
        self.command("POST", "/window/rect", {"width": width, "height": height})

    def set_viewport(self, width, height):
        """Sizes the window so that the page's viewport is width × height."""
        self.set_window(width, height)
        inner = self.run("return [innerWidth, innerHeight]")
        self.set_window(2 * width - inner[0], 2 * height - inner[1])

    def screenshot(self, name):
        os.makedirs(ARTIFACTS, exist_ok=True)
        path = os.path.join(ARTIFACTS, name)
        with open(path, "wb") as out:
            out.write(base64.b64decode(self.command("GET", "/screenshot")))
        return path

    def quit(self):
        try:
            self._request("DELETE", f"/session/{self.session}")
        finally:
            self.driver.terminate()
            self.driver.wait(10)


@pytest.fixture(scope="module")
def stack():
    for program in ["compd", "compd-web"]:
        if not os.path.exists(os.path.join(BUILD, program)):
            pytest.fail(f"{BUILD}/{program} is missing: run swift build first")
    directory = tempfile.mkdtemp(prefix="compd-web-test-")
    daemon = Daemon(directory)
    gateway = Gateway(daemon.socket)
    browser = Browser()
    yield daemon, gateway, browser
    browser.quit()
    gateway.stop()
    daemon.stop()
    shutil.rmtree(directory, ignore_errors=True)
    shutil.rmtree(daemon.plugins, ignore_errors=True)


BOXES = """
const root = document.querySelector('#scene > [data-node-id]');
const origin = root.getBoundingClientRect();
const boxes = {};
for (const el of document.querySelectorAll('#scene [data-node-id]')) {
  if (el.offsetParent === null && el !== root) continue;
  const r = el.getBoundingClientRect();
  boxes[el.dataset.nodeId] = [r.left - origin.left, r.top - origin.top, r.width, r.height];
}
return boxes;
"""


TEXT_WIDTHS = """
const lines = [];
for (const el of document.querySelectorAll('#scene .node-label > .text:not(.multiline), #scene .node-button > .text')) {
  if (!el.textContent || el.offsetParent === null) continue;
  const range = document.createRange();
  range.selectNodeContents(el);
  const style = getComputedStyle(el);
  lines.push([el.textContent, Number(style.fontWeight), parseFloat(style.fontSize), range.getBoundingClientRect().width]);
}
return lines;
"""


def inter_advances():
    """Per weight, code point -> advance in font units, and the fallback, read from the
    table scripts/generate-font-metrics.py generated from the Inter font files."""
    import re
    source = open(os.path.join(REPO, "SDK", "ScreenKit", "Sources", "ScreenKit", "Text", "FontMetricsTable.swift")).read()
    points = [int(n) for n in re.findall(r"\d+", source.split("static let codePoints: [UInt32] = [", 1)[1].split("]", 1)[0])]
    faces = {}
    for weight, name in [(400, "regular"), (500, "medium"), (600, "semibold"), (700, "bold")]:
        block = source.split(f"static let {name} = FaceMetrics(", 1)[1]
        fallback = int(re.search(r"fallbackAdvance: (\d+)", block).group(1))
        advances = [int(n) for n in re.findall(r"\d+", block.split("advances: [", 1)[1].split("]", 1)[0])]
        faces[weight] = (dict(zip(points, advances)), fallback)
    return faces


INTER = inter_advances()


def text_width(text, weight, size):
    advances, fallback = INTER[weight]
    return sum(advances.get(ord(c), fallback) for c in text) * size / 2816


SCROLLS = "return [...document.querySelectorAll('.node-scroll, .node-table, .node-collection')].map(e => [e.scrollTop, e.scrollHeight, e.clientHeight])"


# Node types whose children are in content coordinates (docs/protocol.md).
SCROLLING_TYPES = ("scroll", "table", "collection")


def expected_boxes(root):
    """Absolute boxes of the visible nodes, from the tree as compd lays it out."""
    boxes = {}

    def walk(node, x, y):
        if node.get("props", {}).get("hidden"):
            return
        frame = node["frame"]
        left, top = x + frame["x"], y + frame["y"]
        boxes[node["id"]] = [left, top, frame["width"], frame["height"]]
        child_x, child_y = left, top
        if node["type"] in SCROLLING_TYPES:
            offset = node["props"]["contentOffset"]
            child_x, child_y = left - offset["x"], top - offset["y"]
        for child in node.get("children", []):
            walk(child, child_x, child_y)

    walk(root, 0, 0)
    return boxes


# Whether a node's motion (motion.js: an animated change, a container transition) still runs.
MOVING = ("return [...document.querySelectorAll('#scene .node')].some((el) => el.getAnimations()"
          ".some((a) => !(a instanceof CSSAnimation) && a.playState === 'running'))")


def assert_boxes_match(browser, client, scene):
    # Boxes are compared where the nodes come to rest.
    wait_for(lambda: not browser.run(MOVING), 5, "the page's motions over")
    layout = client.call("scene.layout", scene=scene)
    assert_same_boxes(browser.run(BOXES), expected_boxes(layout["root"]),
                      lambda: f"scroll views (top, height, client height): {browser.run(SCROLLS)}")
    return layout


def assert_same_boxes(shown, expected, context=lambda: ""):
    """Every visible node is drawn within 0.5 px of where the tree puts it."""
    assert set(shown) == set(expected), f"nodes differ: {sorted(set(shown) ^ set(expected))}"
    for node_id, box in expected.items():
        for got, want in zip(shown[node_id], box):
            assert abs(got - want) <= 0.5, f"{node_id}: page {shown[node_id]} vs tree {box}; {context()}"


# Where each label's and button's text is drawn: per line, the extent of its glyphs (a
# Range over each character that is not a space, grouped by line; not the element's box, and
# not the space a wrapped line ends with), relative to the root node.
TEXT_PLACES = """
const scope = arguments[0];
const root = document.querySelector(`${scope} > [data-node-id]`);
const origin = root.getBoundingClientRect();
const places = [];
for (const el of document.querySelectorAll(`${scope} .node-label > .text, ${scope} .node-button > .text`)) {
  const text = el.firstChild;
  if (!text || !text.data.trim() || el.offsetParent === null) continue;
  const lines = new Map();
  const range = document.createRange();
  for (let i = 0; i < text.data.length; i++) {
    if (!text.data[i].trim()) continue;
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const r = range.getBoundingClientRect();
    if (r.width === 0) continue;  // clamped away
    const key = Math.round(r.top);
    const line = lines.get(key) ?? [Infinity, -Infinity, r.top - origin.top, r.bottom - origin.top];
    line[0] = Math.min(line[0], r.left - origin.left);
    line[1] = Math.max(line[1], r.right - origin.left);
    lines.set(key, line);
  }
  places.push([el.parentElement.dataset.nodeId, el.classList.contains('multiline'), [...lines.values()]]);
}
return places;
"""


def all_nodes(node):
    yield node
    for child in node.get("children", []):
        yield from all_nodes(child)


def assert_text_placed(shown, root, what=""):
    """Each line of text lies where the node's frame and alignment put it (within 1 px):
    against the left edge (left, natural, justified), centred, or against the right edge;
    a single line centred vertically. Buttons centre their titles. A line wider than its
    node starts at the leading edge. Returns how many lines were checked."""
    boxes = expected_boxes(root)
    nodes = {node["id"]: node for node in all_nodes(root)}
    checked = 0
    for node_id, multiline, lines in shown:
        node = nodes[node_id]
        x, y, width, height = boxes[node_id]
        if node["type"] == "button" and "imageFrame" in node["props"]:
            # The title is centred in what is right of the image (docs/protocol.md, button).
            shift = node["props"]["imageFrame"]["width"]
            x, width = x + shift, width - shift
        alignment = "center" if node["type"] == "button" else node["props"].get("textAlignment", "natural")
        text = node["props"].get("text") or node["props"].get("title")
        assert lines, f"{what}{node_id} {text!r}: no text drawn"
        for left, right, top, bottom in lines:
            place = f"{what}{node_id} {text!r} ({alignment}) drawn at x {left:.1f}–{right:.1f}, y {top:.1f}–{bottom:.1f} in frame {boxes[node_id]}"
            if not multiline:
                assert abs((top + bottom) / 2 - (y + height / 2)) <= 1, place
            if right - left > width + 0.5 or alignment not in ("center", "right"):
                assert abs(left - x) <= 1, place
            elif alignment == "center":
                assert abs((left + right) / 2 - (x + width / 2)) <= 1, place
            else:
                assert abs(right - (x + width)) <= 1, place
            checked += 1
    return checked


def page_scene(browser):
    return wait_for(lambda: browser.run("return document.body.dataset.scene || null"), 20, "the first frame")


def wait_revision(browser, revision):
    wait_for(lambda: int(browser.run("return document.body.dataset.revision || 0")) >= revision, 10, f"revision {revision}")


def test_bundled_screens_match_layout(stack):
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(gateway.url)
    wait_for(lambda: browser.run("return document.body.dataset.ready === 'true'"), 20, "the index")
    listed = browser.run("return [...document.querySelectorAll('.index a')].map(a => a.textContent)")
    assert set(SCREENS) <= set(listed)
    browser.screenshot("index.png")
    for component in SCREENS:
        browser.open(f"{gateway.url}?component={component}")
        scene = page_scene(browser)
        assert_boxes_match(browser, client, scene)
        browser.run("return document.fonts.ready.then(() => true)")
        # Text is set in Inter without kerning or ligatures, so each line is as wide as the
        # sum of its advances in ScreenKit's generated Inter table (docs/text-metrics.md).
        for text, weight, size, width in browser.run(TEXT_WIDTHS):
            expected = text_width(text, weight, size)
            assert abs(width - expected) <= 0.5, f"{component}: {text!r} is {width} px wide, the metrics say {expected}"
        layout = client.call("scene.layout", scene=scene)
        assert assert_text_placed(browser.run(TEXT_PLACES, "#scene"), layout["root"], f"{component}: ") > 0
        browser.screenshot(f"{component}.png")
    client.close()


def test_login_typing_events_resize_and_restart(stack):
    daemon, gateway, browser = stack
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Login")
    scene = page_scene(browser)
    # Shown, the page moves to its worker's WebSocket; what follows (typing, the gateway's and
    # compd's restarts) goes through it (docs/web.md, "Typing").
    wait_for(lambda: browser.run("return document.body.dataset.link") == "worker", 10, "the hand-over to the worker")
    watcher = SocketClient(daemon.socket)
    watcher.call("scene.subscribe", scene=scene)
    assert_boxes_match(browser, watcher, scene)
    types = set(browser.run("return [...document.querySelectorAll('#scene [data-node-id]')].map(e => e.dataset.type)"))
    assert {"view", "stack", "textField", "button"} <= types
    assert browser.run("return document.querySelector('[data-key=password] input').type") == "password"

    browser.click("[data-key=username] input")
    browser.send_keys("[data-key=username] input", "ann")
    browser.click("[data-key=password] input")
    browser.send_keys("[data-key=password] input", "secret")
    layout = wait_for(lambda: (lambda l: l if find(l["root"], "password")["props"].get("textLength") == 6 else None)(
        watcher.call("scene.layout", scene=scene)), 10, "the password typed")
    assert find(layout["root"], "username")["props"]["text"] == "ann"
    assert "text" not in find(layout["root"], "password")["props"]
    browser.click("[data-key=login]")
    emitted = watcher.wait_notification(lambda m: m.get("method") == "scene.emitted")
    assert emitted["params"]["name"] == "login"
    assert emitted["params"]["payload"] == {"username": "ann", "hasPassword": True}
    shown = wait_for(lambda: browser.run("return document.getElementById('events').textContent"), 10, "the event shown")
    assert shown.startswith("login {") and '"username":"ann"' in shown and '"hasPassword":true' in shown
    browser.screenshot("login-typed.png")

    # The window resizes the scene; the page shows compd's new layout.
    before = watcher.call("scene.layout", scene=scene)["root"]["frame"]
    browser.set_window(760, 640)
    wait_for(lambda: watcher.call("scene.layout", scene=scene)["root"]["frame"] != before, 10, "scene.resize")
    host = browser.run("const h = document.getElementById('scene'); return [h.clientWidth, h.clientHeight]")
    wait_for(lambda: watcher.call("scene.layout", scene=scene)["root"]["frame"]["width"] == host[0], 10, "the new width")
    wait_revision(browser, watcher.call("scene.layout", scene=scene)["revision"])
    assert_boxes_match(browser, watcher, scene)
    watcher.close()

    # The gateway restarts while compd changes the scene: the page resumes with `since`
    # and applies the changes it missed (compd keeps the scene through its grace period).
    gateway.restart()
    driver = SocketClient(daemon.socket)
    driver.call("scene.event", scene=scene, event={"type": "text", "target": "username", "text": "bob"})
    wait_for(lambda: browser.run("return document.querySelector('[data-key=username] input').value") == "bob", 20, "the missed change")
    wait_for(lambda: browser.run("return document.getElementById('status').dataset.state") == "open", 10, "the resumed page")
    wait_revision(browser, driver.call("scene.layout", scene=scene)["revision"])
    assert_boxes_match(browser, driver, scene)
    driver.close()

    # compd restarts on the same socket and state directory: the page keeps the last frame
    # while it is away, reconnects, and shows the restored scene from its snapshot
    # (docs/protocol.md "Scenes across restarts": typed text comes back, secure text does not).
    time.sleep(1)  # past compd's save delay, so "bob" is on disk
    daemon.stop()
    wait_for(lambda: browser.run("return document.getElementById('status').dataset.state") == "lost", 10, "the lost state")
    assert browser.run("return document.querySelectorAll('#scene [data-node-id]').length") > 0
    daemon.start()
    wait_for(lambda: browser.run("return document.getElementById('status').dataset.state") == "open", 20, "the reconnection")
    client = SocketClient(daemon.socket)
    restored = client.call("scene.layout", scene=scene)
    wait_revision(browser, restored["revision"])
    assert find(restored["root"], "username")["props"]["text"] == "bob"
    assert browser.run("return document.querySelector('[data-key=username] input').value") == "bob"
    assert browser.run("return document.querySelector('[data-key=password] input').value") == ""
    assert_boxes_match(browser, client, scene)

    # A scene closed by another client: the page says so, with compd's reason.
    client.call("scene.close", scene=scene)
    wait_for(lambda: browser.run("return document.body.dataset.gone === 'true'"), 10, "the closed scene")
    assert "no longer open (closed)" in browser.run("return document.getElementById('status').textContent")
    assert browser.run("return document.getElementById('again').hidden") is False
    client.close()


def test_changes_apply_in_place(stack):
    """Inserts, removals, toggles and scrolls arrive as scene.changed ops and are applied to
    the nodes they name: elements the change does not remove stay the same DOM elements."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 600)
    browser.open(f"{gateway.url}?component=demo.StackedForm")
    scene = page_scene(browser)
    browser.run("document.querySelector('[data-key=row1]').dataset.mark = 'kept'")
    revision = client.call("scene.layout", scene=scene)["revision"]
    for _ in range(12):
        browser.click("[data-key=addRow]")
    wait_for(lambda: browser.run("return document.querySelector('[data-key=row14]') !== null"), 10, "row 14")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert client.call("scene.layout", scene=scene)["revision"] > revision
    assert browser.run("return document.querySelector('[data-key=row1]').dataset.mark") == "kept"
    layout = assert_boxes_match(browser, client, scene)
    scroll = find_type(layout["root"], "scroll")
    assert scroll["props"]["contentSize"]["height"] > scroll["frame"]["height"], "the form must overflow to scroll"

    # The user scrolls the page; compd gets the offset and the page shows its layout.
    # (WebDriver's clicks may already have scrolled it to show the button.)
    scrolled = browser.run(f"const e = document.querySelector('[data-node-id={scroll['id']}]'); e.scrollTop += 120; return e.scrollTop")
    assert scrolled > 0
    wait_for(lambda: find_type(client.call("scene.layout", scene=scene)["root"], "scroll")["props"]["contentOffset"]["y"] == scrolled,
             10, "the scroll offset at compd")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert_boxes_match(browser, client, scene)
    browser.click("[data-key=removeRow]")
    wait_for(lambda: browser.run("return document.querySelector('[data-key=row14]') === null"), 10, "row 14 removed")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert_boxes_match(browser, client, scene)
    browser.screenshot("demo.StackedForm-scrolled.png")

    # A switch toggles through a toggle event; the page shows compd's state.
    browser.open(f"{gateway.url}?component=demo.Settings")
    scene = page_scene(browser)
    watcher = SocketClient(daemon.socket)
    watcher.call("scene.subscribe", scene=scene)
    was_on = "on" in browser.run("return document.querySelector('[data-key=darkMode]').className")
    browser.click("[data-key=darkMode]")
    emitted = watcher.wait_notification(lambda m: m.get("method") == "scene.emitted")
    assert emitted["params"]["payload"] == {"key": "darkMode", "on": not was_on}
    wait_for(lambda: ("on" in browser.run("return document.querySelector('[data-key=darkMode]').className.split(' ')")) != was_on,
             10, "the switch drawn in its new state")
    watcher.close()
    client.close()


def test_navigation_push_and_back(stack):
    """A tap pushes a controller (navigation bar with a back button); Escape (the
    accessibility `escape` action, which a navigation controller performs as a pop) goes back."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 800)
    browser.open(f"{gateway.url}?component=demo.Gallery")
    scene = page_scene(browser)
    browser.click("[data-key='demo.Login']")
    wait_for(lambda: browser.run("return document.querySelector('[data-key=username]') !== null"), 10, "the pushed login form")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert browser.run("return document.querySelectorAll('[data-type=navigationBar] [data-type=button]').length") >= 1
    assert_boxes_match(browser, client, scene)
    browser.screenshot("demo.Gallery-pushed.png")
    browser.run("document.getElementById('scene').focus()")
    browser.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
        {"type": "keyDown", "value": "\ue00c"}, {"type": "keyUp", "value": "\ue00c"}]}]})
    wait_for(lambda: browser.run("return document.querySelector('[data-key=username]') === null"), 10, "the pop back to the list")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert_boxes_match(browser, client, scene)
    client.close()


CONTACTS = 100_000


def contacts_url(gateway, count=CONTACTS):
    return f"{gateway.url}?component=demo.Contacts&params={urllib.parse.quote(json.dumps({'count': count}))}"


def compctl(daemon, *arguments):
    result = subprocess.run([os.path.join(BUILD, "compctl"), "--socket", daemon.socket, *arguments],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    return result.stdout


# What a table shows: its scroll range, and each cell element in its bounds with its text.
TABLE_ROWS = """
const table = document.querySelector(`[data-key=${arguments[0]}]`);
const box = table.getBoundingClientRect();
const rows = [];
for (const cell of table.querySelectorAll('[data-type=cell]')) {
  const r = cell.getBoundingClientRect();
  if (r.bottom <= box.top || r.top >= box.bottom) continue;
  rows.push([cell.dataset.key, r.top - box.top, [...cell.querySelectorAll('.node-label .text')].map(t => t.textContent)]);
}
return { scrollTop: table.scrollTop, scrollHeight: table.scrollHeight, clientHeight: table.clientHeight, rows };
"""


def rows_at_compd(layout, key="contacts"):
    """The cells of the table `key` whose frames meet its bounds, by key: their label texts."""
    table = find(layout["root"], key)
    offset = table["props"]["contentOffset"]["y"]
    rows = {}
    for cell in table["children"]:
        if cell["type"] != "cell":
            continue
        top = cell["frame"]["y"] - offset
        if top + cell["frame"]["height"] > 0 and top < table["frame"]["height"]:
            rows[cell["key"]] = [n["props"]["text"] for n in all_nodes(cell) if n["type"] == "label" and n["props"].get("text")]
    return rows


def test_contacts_list_scrolls_selects_swipes_and_searches(stack):
    """demo.Contacts with 100,000 people: the table scrolls natively over the whole list,
    the rows far down come with their text, a click pushes the detail screen, a swipe sent
    over compd's socket shows Delete whose click removes the row, and typing filters."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(contacts_url(gateway))
    scene = page_scene(browser)
    layout = assert_boxes_match(browser, client, scene)
    table = find(layout["root"], "contacts")
    assert table["type"] == "table" and table["props"]["rowCount"] == CONTACTS
    inset = table["props"]["contentInset"]
    height = inset["top"] + table["props"]["contentSize"]["height"] + inset["bottom"]
    shown = browser.run(TABLE_ROWS, "contacts")
    assert abs(shown["scrollHeight"] - height) <= 1, f"scroll height {shown['scrollHeight']}, content {height}"
    assert shown["scrollTop"] == 0  # the offset is -inset.top: the first row under the bar
    assert {key: texts for key, _, texts in shown["rows"]} == rows_at_compd(layout)

    # Far down: the page sends the offset, compd sends the rows there, the page shows them.
    target = 2_000_000
    browser.run(f"document.querySelector('[data-key=contacts]').scrollTop = {target + inset['top']}")
    wait_for(lambda: find(client.call("scene.layout", scene=scene)["root"], "contacts")["props"]["contentOffset"]["y"] == target,
             10, "the offset at compd")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    layout = assert_boxes_match(browser, client, scene)
    shown = browser.run(TABLE_ROWS, "contacts")
    assert shown["scrollTop"] == target + inset["top"]
    rows = {key: texts for key, _, texts in shown["rows"]}
    assert rows == rows_at_compd(layout) and len(rows) >= 10
    assert all(len(texts) == 2 and texts[0] and texts[1] for texts in rows.values()), rows
    browser.screenshot("demo.Contacts-far-down.png")

    # A click on a row pushes its detail; the back button comes back to the same place. The
    # row is one a user can reach: wholly between the bars, not under the translucent
    # navigation bar the table scrolls beneath (a click there is the bar's).
    reachable = [row for row in shown["rows"]
                 if row[1] >= inset["top"] and row[1] + 44 <= shown["clientHeight"] - inset["bottom"]]
    key, top, (name, _) = reachable[len(reachable) // 2]
    browser.click(f"[data-key={key}]")
    wait_for(lambda: browser.run("return document.querySelector('[data-key=detail]') !== null"), 10, "the detail screen")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert name in browser.run("return document.querySelector('[data-key=name]').textContent")
    assert_boxes_match(browser, client, scene)
    browser.screenshot("demo.Contacts-detail.png")
    browser.click("[data-type=navigationBar] [data-type=button]")
    wait_for(lambda: browser.run("return document.querySelector('[data-key=detail]') === null"), 10, "the list again")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert browser.run("return document.querySelector('[data-key=contacts]').scrollTop") == target + inset["top"]
    assert "selected" in browser.run(f"return document.querySelector('[data-key={key}]').className")

    # Swipe: a mouse cannot swipe a row here yet, so compctl sends it over compd's socket;
    # the page shows Delete, and clicking it deletes the row.
    compctl(daemon, "event", scene, json.dumps({"type": "swipe", "target": key, "direction": "left"}))
    wait_for(lambda: browser.run("return document.querySelector('[data-key=swipeAction0]') !== null"), 10, "the Delete button")
    assert browser.run("return document.querySelector('[data-key=swipeAction0]').textContent") == "Delete"
    browser.screenshot("demo.Contacts-swiped.png")
    browser.click("[data-key=swipeAction0]")
    wait_for(lambda: browser.run(f"return document.querySelector('[data-key={key}]') === null"), 10, "the row deleted")
    assert find(client.call("scene.layout", scene=scene)["root"], "contacts")["props"]["rowCount"] == CONTACTS - 1
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert_boxes_match(browser, client, scene)

    # Typing in the search field (in the table's header, at the top) leaves fewer rows.
    browser.run("document.querySelector('[data-key=contacts]').scrollTop = 0")
    wait_for(lambda: find(client.call("scene.layout", scene=scene)["root"], "contacts")["props"]["contentOffset"]["y"] == -inset["top"],
             10, "the list back at its top")
    browser.click("[data-key=search] input")
    browser.send_keys("[data-key=search] input", "Grace Hopper")
    wait_for(lambda: find(client.call("scene.layout", scene=scene)["root"], "search")["props"].get("text") == "Grace Hopper",
             10, "the query at compd")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    layout = assert_boxes_match(browser, client, scene)
    count = find(layout["root"], "contacts")["props"]["rowCount"]
    assert 0 < count < 1000
    shown = browser.run(TABLE_ROWS, "contacts")
    assert shown["rows"] and all(texts[0] == "Grace Hopper" for _, _, texts in shown["rows"])
    assert shown["scrollHeight"] < 200 * 100
    browser.screenshot("demo.Contacts-search.png")
    client.close()


# Scrolls the table `arguments[0]` down by `arguments[1]` px per animation frame for
# `arguments[2]` frames, and measures each frame as it is painted: a ResizeObserver's
# callback runs after the frame's animation frame callbacks (the page's own, which apply
# compd's changes and send the offset, included) and its layout, just before the paint.
# Returns, per frame, how much of the table's bounds no row, header or section header
# covers.
FLING = """
const [key, step, frames, done] = arguments;
const table = document.querySelector(`[data-key=${key}]`);
const origin = table.querySelector(':scope > .scroll-content > .scroll-origin');
const gaps = [];
const uncovered = () => {
  const box = table.getBoundingClientRect();
  const spans = [];
  for (const child of origin.children) {
    const r = child.getBoundingClientRect();
    if (child.style.display === 'none' || r.bottom <= box.top || r.top >= box.bottom) continue;
    spans.push([Math.max(r.top, box.top), Math.min(r.bottom, box.bottom)]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let covered = 0, reach = box.top;
  for (const [top, bottom] of spans) {
    if (bottom > reach) { covered += bottom - Math.max(top, reach); reach = bottom; }
  }
  return box.height - covered;
};
// A probe resized every frame, so that the observer reports every frame.
const probe = document.createElement('div');
probe.style.cssText = 'position: fixed; left: 0; top: 0; width: 1px; height: 1px; visibility: hidden';
document.body.appendChild(probe);
let moved = false;
const observer = new ResizeObserver(() => {
  if (!moved) return;
  moved = false;
  gaps.push(uncovered());
});
observer.observe(probe);
const tick = () => {
  if (gaps.length === frames) {
    observer.disconnect();
    probe.remove();
    done(gaps);
    return;
  }
  if (!moved) {
    table.scrollTop += step;
    probe.style.width = probe.style.width === '1px' ? '2px' : '1px';
    moved = true;
  }
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
"""


def test_table_fling_keeps_the_view_covered(stack):
    """A fling through 100,000 rows at 600 px a frame for 200 frames: on loopback, no blank
    row (an uncovered band at least a row high) shows for more than one frame, because the page
    sends a moving table's offset where the view will be when compd's answer comes
    (docs/web.md, "Tables"). Other builds on a small machine can hold compd up for many
    frames at a time, so the fling is tried up to three times; each try is reported. When
    no try is covered and compd's answers took more than three quarters of a frame (median)
    or a frame and a half (90th percentile), the machine was too busy to tell (the page aims
    where the view will be after a typical answer; every tenth answer a frame late uncovers
    rows for two frames by itself, as a debug build on a small machine does), and the test
    is skipped with the figures; with answers that fast, a blank row lasting two frames
    fails it."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(contacts_url(gateway))
    scene = page_scene(browser)
    frames, step = 200, 600
    height = browser.run("return document.querySelector('[data-key=contacts]').clientHeight")
    # A blank row: a band at least as high as a row (demo.Contacts' rows are all one height).
    row = browser.run("return document.querySelector('[data-key=contacts] [data-type=cell]').offsetHeight")
    reports, covered = [], False
    for attempt in range(3):
        # Start a screen or more down, so that only rows (no table header) are in view.
        start = 5000 + attempt * 200_000
        browser.run(f"document.querySelector('[data-key=contacts]').scrollTop = {start}")
        wait_for(lambda: find(client.call("scene.layout", scene=scene)["root"], "contacts")["props"]["contentOffset"]["y"] > start - 1000,
                 10, "the start offset at compd")
        time.sleep(0.3)
        browser.run("window.compdMetrics.scrollAnswers = []")
        gaps = browser.run_async(FLING, "contacts", step, frames)
        answers = sorted(browser.run("return window.compdMetrics.scrollAnswers"))
        assert len(gaps) == frames and answers
        frame_ms = browser.run("return new Promise(done => requestAnimationFrame(a => requestAnimationFrame(b => done(b - a))))")
        median, slow = answers[len(answers) // 2], answers[len(answers) * 9 // 10]
        runs, run = [], 0
        for gap in gaps:
            run = run + 1 if gap >= row else 0
            runs.append(run)
        reports.append(f"worst uncovered band {max(gaps):.0f} px of {height} px, {sum(gap >= row for gap in gaps)} of"
                       f" {frames} frames with a blank row, longest run {max(runs)} frames; compd's answers to"
                       f" {len(answers)} scrolls took {median:.0f} ms (median), {slow:.0f} ms (90th"
                       f" percentile), a frame {frame_ms:.0f} ms\n"
                       + " ".join(f"{gap:.0f}" for gap in gaps))
        if max(runs) <= 1:
            covered = True
            break
        busy = median > 0.75 * frame_ms or slow > 1.5 * frame_ms
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(os.path.join(ARTIFACTS, "table-fling.txt"), "w") as out:
        out.write("\n".join(reports) + "\n")
    print("\ntable fling: " + "\ntable fling: ".join(report.split("\n")[0] for report in reports))
    if not covered and busy:
        pytest.skip("compd answered too slowly to tell (a busy machine): " + " | ".join(r.split("\n")[0] for r in reports))
    assert covered, "\n".join(reports)
    # Once it stops, compd has the view's own offset, not one sent ahead of it.
    final = browser.run("return document.querySelector('[data-key=contacts]').scrollTop") - \
        find(client.call("scene.layout", scene=scene)["root"], "contacts")["props"]["contentInset"]["top"]
    wait_for(lambda: find(client.call("scene.layout", scene=scene)["root"], "contacts")["props"]["contentOffset"]["y"] == final,
             10, "the final offset at compd")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert_boxes_match(browser, client, scene)
    client.close()


def find_type(node, node_type):
    if node["type"] == node_type:
        return node
    for child in node.get("children", []):
        found = find_type(child, node_type)
        if found:
            return found
    return None


def find(node, key):
    if node.get("key") == key:
        return node
    for child in node.get("children", []):
        found = find(child, key)
        if found:
            return found
    return None


def type_username(browser, client, scene, text):
    """Types `text` into the Login screen's user name field with real key events and waits
    until compd's scene holds it."""
    field = "[data-key=username] input"
    browser.click(field)
    browser.send_keys(field, text)
    wait_for(lambda: find(client.call("scene.layout", scene=scene)["root"], "username")["props"].get("text") == text,
             10, "the typed name at compd")


def test_index_params_form_opens_a_scene(stack):
    """The index builds a form from components.describe's JSON Schema; submitting opens the
    component with those params."""
    daemon, gateway, browser = stack
    browser.open(gateway.url)
    wait_for(lambda: browser.run("return document.body.dataset.ready === 'true'"), 20, "the index")
    browser.run("[...document.querySelectorAll('.index li')].find(li => li.querySelector('a')?.textContent === 'demo.Login').querySelector('button').click()")
    wait_for(lambda: browser.run("return document.querySelector('form.params input[name=username]') !== null"), 10, "the params form")
    assert browser.run("return document.querySelector('form.params input[name=username]').maxLength") == 64
    browser.send_keys("form.params input[name=username]", "zoe")
    browser.click("form.params button[type=submit]")
    scene = page_scene(browser)
    client = SocketClient(daemon.socket)
    assert find(client.call("scene.layout", scene=scene)["root"], "username")["props"]["text"] == "zoe"
    assert browser.run("return document.querySelector('[data-key=username] input').value") == "zoe"
    client.close()


def test_secure_field_typed_elsewhere(stack):
    """A password typed by another client shows as stand-in dots (compd sends only its
    length); editing it here starts from empty, and compd never sends the text."""
    daemon, gateway, browser = stack
    browser.open(f"{gateway.url}?component=demo.Login")
    scene = page_scene(browser)
    client = SocketClient(daemon.socket)
    client.call("scene.event", scene=scene, event={"type": "text", "target": "password", "text": "hunter2"})
    field = "[data-key=password] input"
    wait_for(lambda: browser.run(f"return document.querySelector('{field}').value.length") == 7, 10, "the stand-in dots")
    assert browser.run(f"return document.querySelector('{field}').value") == "\u2022" * 7
    assert browser.run(f"return document.querySelector('{field}').type") == "password"
    browser.click(field)
    browser.send_keys(field, "pw")
    wait_for(lambda: find(client.call("scene.layout", scene=scene)["root"], "password")["props"].get("textLength") == 2, 10,
             lambda: f"the new password (compd: {find(client.call('scene.layout', scene=scene)['root'], 'password')['props']}, page: {browser.run(f'return document.querySelector(`{field}`).value')!r})")
    assert "text" not in find(client.call("scene.layout", scene=scene)["root"], "password")["props"]
    client.close()


def test_dark_preference_is_the_scene_style(stack):
    """The browser's prefers-color-scheme opens the scene in that style and restyles it
    when it changes (chromedriver's CDP bridge emulates the preference)."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)

    def emulate(scheme):
        browser.command("POST", "/goog/cdp/execute", {"cmd": "Emulation.setEmulatedMedia", "params": {
            "features": [{"name": "prefers-color-scheme", "value": scheme}]}})

    def style(scene):
        return next(s for s in client.call("scene.list")["scenes"] if s["scene"] == scene)["environment"]["style"]

    try:
        emulate("dark")
        browser.open(f"{gateway.url}?component=demo.Login")
        scene = page_scene(browser)
        assert style(scene) == "dark"
        browser.screenshot("demo.Login-dark.png")
        emulate("light")
        wait_for(lambda: style(scene) == "light", 10, "the light style")
    finally:
        emulate("")
    client.close()


def node(node_id, node_type, frame, props=None, children=(), key=None):
    entry = {"id": node_id, "type": node_type, "frame": {"x": frame[0], "y": frame[1], "width": frame[2], "height": frame[3]},
             "props": props or {}, "children": list(children)}
    if key:
        entry["key"] = key
    return entry


# One node of every type of docs/protocol.md, with the props each draws from.
EVERY_TYPE = node("n1", "view", (0, 0, 400, 700), {"backgroundColor": "#ffffffff"}, [
    node("n2", "navigationBar", (0, 0, 400, 44), {"title": "Title"}, [
        node("n3", "button", (8, 7, 60, 30), {"title": "Back", "titleColor": "#007affff"}, key="back"),
        node("n4", "label", (150, 12, 100, 20), {"text": "Title", "font": "system-semibold-17", "textAlignment": "center"}),
    ]),
    node("n5", "stack", (16, 60, 368, 200), {"axis": "vertical", "spacing": 8}, [
        node("n6", "label", (0, 0, 368, 40), {"text": "Two lines of wrapped text here", "font": "system-bold-13",
                                             "textColor": "#ff0000ff", "numberOfLines": 2}, key="title"),
        node("n7", "textField", (0, 48, 368, 34), {"secure": True, "textLength": 0, "placeholder": "Password",
                                                  "borderStyle": "roundedRect"}, key="password"),
        node("n8", "button", (0, 90, 368, 40), {"title": "Disabled", "titleColor": "#999999ff", "enabled": False,
                                               "backgroundColor": "#eeeeeeff", "cornerRadius": 8}, key="disabled"),
        node("n9", "switch", (0, 138, 51, 31), {"on": True, "onTintColor": "#ff9500ff"}, key="toggle"),
        node("n10", "view", (0, 177, 368, 20), {"hidden": True}, [node("n11", "label", (0, 0, 50, 20), {"text": "hidden"})]),
    ]),
    node("n12", "image", (16, 270, 64, 64), {"image": {"name": "no-such-image", "width": 64, "height": 64, "scale": 1}},
         key="picture"),
    node("n13", "activityIndicator", (100, 292, 20, 20), {"animating": True, "color": "#8e8e93ff"}),
    node("n14", "view", (140, 270, 100, 64), {"alpha": 0.5, "borderWidth": 2, "borderColor": "#0000ffff", "cornerRadius": 4}, key="boxed"),
    node("n15", "scroll", (0, 350, 400, 200), {"contentSize": {"width": 400, "height": 600}, "contentOffset": {"x": 0, "y": 30},
                                               "contentInset": {"top": 10, "left": 0, "bottom": 0, "right": 0}}, [
        node("n16", "label", (16, 100, 200, 20), {"text": "In the scroll view"}, key="scrolled"),
    ]),
    node("n17", "tabBar", (0, 617, 400, 83), {"items": ["One", "Two"]}, [
        node("n18", "button", (0, 0, 200, 49), {"title": "One", "titleColor": "#007affff", "selected": True}),
        node("n19", "button", (200, 0, 200, 49), {"title": "Two", "titleColor": "#8e8e93ff"}),
    ]),
])

RENDER_SYNTHETIC = """
const [tree, done] = [arguments[0], arguments[arguments.length - 1]];
import('/js/scene-view.js').then(({ SceneView }) => {
  const host = document.createElement('div');
  host.id = 'synthetic';
  host.style.cssText = 'position: fixed; left: 0; top: 0; width: 400px; height: 700px; z-index: 9';
  document.body.appendChild(host);
  window.sent = [];
  window.synthetic = new SceneView(host, { send: (event) => { window.sent.push(event); return Promise.resolve({}); } });
  window.synthetic.setTree(tree, 1);
  setTimeout(() => done(true), 300);
});
"""

SYNTHETIC_BOXES = BOXES.replace("#scene", "#synthetic")


# Labels of every alignment, one line and several, narrower and wider than their text.
ALIGNED = node("a1", "view", (0, 0, 400, 700), {"backgroundColor": "#ffffffff"}, [
    node(f"a{index + 2}", "label", (20 + index % 2 * 7, 20 + index * 48, 300, 42),
         {"text": text, "textAlignment": alignment, "font": font, "numberOfLines": lines}, key=f"{alignment}-{index}")
    for index, (alignment, text, font, lines) in enumerate([
        ("natural", "Natural", "system-regular-17", 1),
        ("left", "Left", "system-semibold-15", 1),
        ("center", "Centred", "system-bold-20", 1),
        ("right", "Right", "system-medium-13", 1),
        ("justified", "Justified", "system-regular-17", 1),
        ("center", "A centred title much too long to fit on one line of this label", "system-regular-17", 1),
        ("center", "Two centred lines of text wrapped within this label", "system-regular-17", 2),
        ("right", "Two lines, each of them against the right edge", "system-regular-17", 2),
        ("left", "Two lines, each of them against the left edge here", "system-regular-17", 2),
    ])
])


def test_text_is_drawn_where_alignment_puts_it(stack):
    """The glyphs of each label (measured with a Range, not the element's box) start, are
    centred or end where its frame and textAlignment say, as compctl render draws them."""
    _, gateway, browser = stack
    browser.set_window(420, 900)
    browser.open(gateway.url)
    browser.run_async(RENDER_SYNTHETIC, ALIGNED)
    browser.run("return document.fonts.ready.then(() => true)")
    shown = browser.run(TEXT_PLACES, "#synthetic")
    assert {node_id for node_id, _, _ in shown} == {f"a{index}" for index in range(2, 11)}
    assert assert_text_placed(shown, ALIGNED) == 12
    browser.screenshot("aligned.png")
    browser.run("document.getElementById('synthetic').remove()")


def test_scene_fills_the_viewport(stack):
    """A 390×844 window is a 390×844 scene: no status bar unless something is wrong (then
    over the scene) or the URL asks for it."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    footer_shown = "return getComputedStyle(document.querySelector('footer')).display !== 'none'"
    try:
        browser.set_viewport(390, 844)
        assert browser.run("return [innerWidth, innerHeight]") == [390, 844]
        browser.open(f"{gateway.url}?component=demo.Login")
        scene = page_scene(browser)
        wait_for(lambda: browser.run("return document.getElementById('status').dataset.state") == "open", 10, "the open state")
        frame = wait_for(lambda: (lambda f: f if (f["width"], f["height"]) == (390, 844) else None)(
            client.call("scene.layout", scene=scene)["root"]["frame"]), 10, "a 390×844 scene")
        assert frame["x"] == 0 and frame["y"] == 0
        assert browser.run("const h = document.getElementById('scene').getBoundingClientRect(); return [h.left, h.top, h.width, h.height]") == [0, 0, 390, 844]
        assert browser.run(footer_shown) is False
        browser.screenshot("viewport-390x844.png")

        # Landscape: the whole window again.
        browser.set_viewport(844, 390)
        wait_for(lambda: (lambda f: (f["width"], f["height"]) == (844, 390))(
            client.call("scene.layout", scene=scene)["root"]["frame"]), 10, "an 844×390 scene")

        # Connection lost: the status shows over the scene until the page is back.
        gateway.stop()
        wait_for(lambda: browser.run(footer_shown), 10, "the status over the scene")
        assert "lost" in browser.run("return document.getElementById('status').textContent")
        assert browser.run("return document.querySelector('footer').getBoundingClientRect().bottom") == 390
        assert browser.run("return document.getElementById('scene').clientHeight") == 390
        gateway.restart()
        wait_for(lambda: browser.run("return document.getElementById('status').dataset.state") == "open", 20, "the reconnection")
        assert browser.run(footer_shown) is False

        # Asked for: shown from the start, over the scene.
        browser.open(f"{gateway.url}?scene={scene}&status=1")
        wait_for(lambda: browser.run("return document.getElementById('status').dataset.state") == "open", 10, "the open state")
        assert browser.run(footer_shown) is True
        assert browser.run("return document.getElementById('scene').clientHeight") == 390
    finally:
        browser.set_window(420, 900)
        client.close()


def test_every_node_type_and_op(stack):
    """A tree holding every node type (docs/protocol.md) drawn by the page's SceneView in
    the browser, then changed by each op, then clicked; no daemon involved."""
    _, gateway, browser = stack
    browser.set_window(420, 900)
    browser.open(gateway.url)
    browser.run_async(RENDER_SYNTHETIC, EVERY_TYPE)
    assert_same_boxes(browser.run(SYNTHETIC_BOXES), expected_boxes(EVERY_TYPE))
    look = browser.run("""
const q = (key) => document.querySelector(`#synthetic [data-key="${key}"]`);
const style = (el, pseudo) => getComputedStyle(el, pseudo);
const title = style(q('title').querySelector('.text'));
const boxed = q('boxed');
return {
  titleFont: [title.fontFamily, title.fontWeight, title.fontSize, title.color, title.webkitLineClamp],
  password: [q('password').querySelector('input').type, q('password').querySelector('input').placeholder],
  disabled: [q('disabled').classList.contains('disabled'), style(q('disabled')).backgroundColor, style(q('disabled')).borderTopLeftRadius],
  toggle: [q('toggle').classList.contains('on'), style(q('toggle')).backgroundColor],
  picture: [q('picture').classList.contains('missing'), q('picture').dataset.image],
  spinner: document.querySelector('#synthetic [data-type=activityIndicator]').classList.contains('animating'),
  boxed: [style(boxed).opacity, style(boxed, '::after').borderTopWidth, style(boxed, '::after').borderTopColor],
  hidden: style(document.querySelector('#synthetic [data-node-id=n10]')).display,
  scrollTop: document.querySelector('#synthetic [data-node-id=n15]').scrollTop,
};""")
    assert look["titleFont"] == ["Inter, sans-serif", "700", "13px", "rgb(255, 0, 0)", "2"]
    assert look["password"] == ["password", "Password"]
    assert look["disabled"] == [True, "rgb(238, 238, 238)", "8px"]
    assert look["toggle"] == [True, "rgb(255, 149, 0)"]
    assert look["picture"] == [True, "no-such-image"]
    assert look["spinner"] is True
    assert look["boxed"] == ["0.5", "2px", "rgb(0, 0, 255)"]
    assert look["hidden"] == "none"
    assert look["scrollTop"] == 40, "contentOffset 30 below a 10 pt top inset"

    # Each op changes only what it names: kept elements stay the same elements.
    browser.run("document.querySelectorAll('#synthetic [data-node-id]').forEach(e => e.dataset.mark = 'kept')")
    changed = browser.run("""
return window.synthetic.applyChange({ scene: 's', revision: 2, base: 1, ops: [
  { op: 'remove', id: 'n8' },
  { op: 'insert', parent: 'n5', index: 0, node: { id: 'n20', type: 'label', key: 'new', frame: { x: 0, y: 0, width: 100, height: 20 }, props: { text: 'New' }, children: [] } },
  { op: 'update', id: 'n6', props: { text: 'Changed', textColor: null } },
  { op: 'update', id: 'n9', props: { on: false } },
  { op: 'frame', id: 'n14', frame: { x: 150, y: 280, width: 90, height: 50 } },
  { op: 'update', id: 'n15', props: { contentOffset: { x: 0, y: 0 } } },
]}) && window.synthetic.applyChange({ scene: 's', revision: 9, base: 5, ops: [{ op: 'remove', id: 'n6' }] });
""")
    assert changed is False, "a change that does not follow the revision shown is refused"
    state = browser.run("""
const q = (key) => document.querySelector(`#synthetic [data-key="${key}"]`);
return {
  order: [...document.querySelector('#synthetic [data-node-id=n5]').children].map(e => e.dataset.nodeId),
  removed: document.querySelector('#synthetic [data-node-id=n8]') === null,
  title: [q('title').textContent, getComputedStyle(q('title').querySelector('.text')).color, q('title').dataset.mark],
  toggle: [q('toggle').classList.contains('on'), q('toggle').dataset.mark],
  unmarked: [...document.querySelectorAll('#synthetic [data-node-id]')].filter(e => e.dataset.mark !== 'kept').map(e => e.dataset.nodeId),
  revision: window.synthetic.revision,
};""")
    assert state["order"] == ["n20", "n6", "n7", "n9", "n10"]
    assert state["removed"] is True
    assert state["title"] == ["Changed", "rgb(0, 0, 0)", "kept"]
    assert state["toggle"] == [False, "kept"]
    assert state["unmarked"] == ["n20"], "only the inserted node is a new element"
    assert state["revision"] == 2
    tree = json.loads(json.dumps(EVERY_TYPE))
    stack_node = tree["children"][1]
    stack_node["children"] = [node("n20", "label", (0, 0, 100, 20))] + [c for c in stack_node["children"] if c["id"] != "n8"]
    by_id = {child["id"]: child for child in tree["children"]}
    by_id["n14"]["frame"] = {"x": 150, "y": 280, "width": 90, "height": 50}
    by_id["n15"]["props"]["contentOffset"] = {"x": 0, "y": 0}
    assert_same_boxes(browser.run(SYNTHETIC_BOXES), expected_boxes(tree))

    # Clicks become events: a switch and a plain view get the touch's phases in root
    # coordinates (web/js/touches.js; compd's switch flips on a tap, and its click sends
    # nothing more), a disabled button sends nothing, a button (or its title) is a tap.
    browser.click("#synthetic [data-key=toggle]")
    browser.click("#synthetic [data-key=boxed]")
    browser.run("document.querySelector('#synthetic [data-key=back] .text').click()")
    sent = browser.run("return window.sent")
    assert [event.get("phase") for event in sent[0:4]] == ["began", "ended", "began", "ended"]
    assert all(event["type"] == "touch" and abs(event["x"] - 41.5) <= 1 and abs(event["y"] - 213.5) <= 1
               and event["id"] == sent[0]["id"] and event["t"] > 0 for event in sent[0:2])
    assert all(event["type"] == "touch" and abs(event["x"] - 195) <= 1 and abs(event["y"] - 305) <= 1
               and event["id"] == sent[2]["id"] and event["t"] > 0 for event in sent[2:4])
    assert sent[4] == {"type": "tap", "target": "n3"}
    assert len(sent) == 5
    browser.run("document.getElementById('synthetic').remove()")


def test_gateway_refuses_oversize_and_foreign_requests(stack):
    daemon, gateway, browser = stack
    browser.open(gateway.url)
    code = browser.run_async("""
const done = arguments[arguments.length - 1];
const ws = new WebSocket(`ws://${location.host}/rpc`);
ws.onopen = () => ws.send('x'.repeat((1 << 20) + 1));
ws.onclose = (event) => done(event.code);
""")
    assert code == 1009
    request = urllib.request.Request(gateway.url + "rpc", headers={
        "Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Origin": "https://elsewhere.example"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 403
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(gateway.url + "%2e%2e/%2e%2e/etc/passwd", timeout=10)
    assert missing.value.code == 404


def test_worker_mailbox_delivers_to_a_busy_page(stack):
    """The worker's link (socket-link.js, WorkerLink): compd's replies reach a page thread
    that runs no task at all, through the shared-memory mailbox, in order; the posted copies
    that come afterwards are not delivered again (docs/web.md, "Typing")."""
    _, gateway, browser = stack
    browser.open(gateway.url)
    wait_for(lambda: browser.run("return document.body.dataset.ready === 'true'"), 20, "the index")
    assert browser.run("return self.crossOriginIsolated") is True
    got = browser.run_async("""
const done = arguments[arguments.length - 1];
import('/js/socket-link.js').then(({ WorkerLink }) => {
  const link = new WorkerLink(window.compdSocketUrl);
  const delivered = [];
  link.onmessage = (line) => delivered.push(JSON.parse(line).id);
  link.onopen = () => {
    for (let id = 1; id <= 40; id += 1) link.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'daemon.ping' }));
    // No task runs on this thread until the loop ends: only the mailbox can bring the replies.
    const deadline = performance.now() + 10000;
    while (delivered.length < 40 && performance.now() < deadline) link.drain();
    const drained = delivered.slice();
    setTimeout(() => {
      link.close();
      done({ drained, delivered });
    }, 500);
  };
});
""")
    assert got["drained"] == list(range(1, 41))
    assert got["delivered"] == list(range(1, 41))


def outward_address():
    """This machine's IPv4 address on its default route, or None."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
        except OSError:
            return None
        address = probe.getsockname()[0]
    return None if address.startswith("127.") else address


def test_page_that_is_not_isolated_keeps_its_own_socket(stack):
    """Over plain HTTP to another machine's address a page is no secure context, so it cannot
    be cross-origin isolated and share memory with a worker: it keeps the WebSocket it loaded
    with, and typing reaches compd as before (docs/web.md, "Typing")."""
    daemon, _, browser = stack
    address = outward_address()
    if address is None:
        pytest.skip("no address other than loopback")
    token = "0123456789abcdef0123456789abcdef"
    token_file = os.path.join(daemon.directory, "token")
    with open(token_file, "w") as out:
        out.write(token + "\n")
    gateway = Gateway(daemon.socket, "--token-file", token_file, listen=f"{address}:0")
    try:
        browser.set_window(420, 900)
        browser.open(f"{gateway.url}?component=demo.Login&token={token}")
        scene = page_scene(browser)
        assert browser.run("return self.crossOriginIsolated") is False
        client = SocketClient(daemon.socket)
        type_username(browser, client, scene, "amy")
        wait_for(lambda: len(browser.run("return window.compdMetrics.keyToPaint")) == 3, 10, "3 echoes shown")
        assert browser.run("return document.body.dataset.link") is None
        client.close()
    finally:
        gateway.stop()


def served_connection(host, port):
    """A keep-alive connection to the gateway that has completed one request."""
    connection = socket.create_connection((host, port), timeout=10)
    connection.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += connection.recv(4096)
    head, body = answer.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 200 "), head
    length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
    while len(body) < length:
        body += connection.recv(65536)
    return connection


def test_gateway_resists_slow_clients_and_foreign_host_names(stack):
    """Slowloris: connections that trickle a partial request hold no slot a browser needs
    (a new connection evicts the oldest of them) and are closed after --request-timeout
    however steadily their bytes arrive; a request that is not HTTP is answered 400 and
    closed at once. DNS rebinding: without a token, a request naming a host that is not a
    loopback name is refused with 421, the WebSocket too, even with a matching Origin."""
    daemon, _, browser = stack
    gateway = Gateway(daemon.socket, "--max-connections", "8", "--request-timeout", "2",
                      "--idle-timeout", "30")
    host, port = gateway.url.split("//", 1)[1].rstrip("/").rsplit(":", 1)
    port = int(port)
    try:
        # Loopback names are served.
        served_connection("localhost", port).close()
        # Not HTTP: 400, and the socket closed at once rather than after a timeout.
        garbage = socket.create_connection((host, port), timeout=10)
        garbage.sendall(b"\x16\x03\x01 this is not http\r\n\r\n")
        started = time.monotonic()
        answer = b""
        while chunk := garbage.recv(4096):
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 400 "), answer
        assert time.monotonic() - started < 1.5
        garbage.close()

        # DNS rebinding: evil.example resolved to 127.0.0.1 by its attacker.
        rebound = socket.create_connection((host, port), timeout=10)
        rebound.sendall(f"GET /?component=demo.Login HTTP/1.1\r\nHost: evil.example:{port}\r\n"
                        f"Origin: http://evil.example:{port}\r\n\r\n".encode())
        answer = b""
        while chunk := rebound.recv(4096):
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 421 "), answer
        rebound.close()
        upgrade = socket.create_connection((host, port), timeout=10)
        upgrade.sendall(f"GET /rpc HTTP/1.1\r\nHost: evil.example:{port}\r\n"
                        f"Origin: http://evil.example:{port}\r\nUpgrade: websocket\r\n"
                        "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n".encode())
        answer = upgrade.recv(4096)
        assert not answer.startswith(b"HTTP/1.1 101 "), answer
        upgrade.close()
        slow = [socket.create_connection((host, port), timeout=10) for _ in range(8)]
        for connection in slow:
            connection.sendall(b"GET / HTTP/1.1\r\n")
        started = time.monotonic()
        # Slots full of partial requests: a browser still gets its page, evicting one.
        browser.open(f"{gateway.url}?component=demo.Login")
        page_scene(browser)
        # The rest keep trickling a header line every half second, and are closed anyway.
        open_slow = list(slow)
        while open_slow and time.monotonic() - started < 10:
            for connection in list(open_slow):
                try:
                    connection.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    open_slow.remove(connection)
                    continue
                connection.settimeout(0.05)
                try:
                    if connection.recv(4096) == b"":
                        open_slow.remove(connection)
                except socket.timeout:
                    pass
                except OSError:
                    open_slow.remove(connection)
            time.sleep(0.5)
        assert not open_slow, f"{len(open_slow)} trickling connections still open"
        assert time.monotonic() - started < 6
        for connection in slow:
            connection.close()

    finally:
        gateway.stop()


def test_gateway_bounds_connections_and_drops_silent_peers(stack):
    """--max-connections answers 503 past the limit when every connection has been served;
    an HTTP connection that sends nothing is closed after --idle-timeout; a WebSocket whose page stops answering is pinged after
    --keepalive and closed after another, its compd connection with it; a page that answers
    the pings stays; a real browser page keeps working across many intervals."""
    daemon, _, browser = stack
    gateway = Gateway(daemon.socket, "--max-connections", "3", "--idle-timeout", "1", "--keepalive", "1")
    host, port = gateway.url.split("//", 1)[1].rstrip("/").rsplit(":", 1)
    observer = SocketClient(daemon.socket)
    try:
        clients_before = observer.call("daemon.info")["clients"]
        # Three connections that each completed a request keep their slots.
        idle = [served_connection(host, int(port)) for _ in range(3)]
        refused = socket.create_connection((host, int(port)), timeout=10)
        answer = b""
        while chunk := refused.recv(4096):
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 503 "), answer
        assert b"--max-connections" in answer
        refused.close()
        # The three sent nothing more: each is closed within about a second.
        started = time.monotonic()
        for connection in idle:
            assert connection.recv(1) == b""
            connection.close()
        assert time.monotonic() - started < 5
        # A page that stops answering: pinged, then closed, and its compd connection too.
        silent = RawWebSocket(gateway.url, "/rpc")
        assert silent.status == 101
        assert silent.call("daemon.ping")["result"] == {}
        wait_for(lambda: observer.call("daemon.info")["clients"] == clients_before + 1, 10,
                 "the silent page's compd connection")
        opcode, payload = silent.receive()
        assert (opcode, payload) == (9, b"compd-web")
        try:
            assert silent.receive()[0] == 8  # a close frame, or the end of the stream
        except ConnectionError:
            pass
        silent.close()
        wait_for(lambda: observer.call("daemon.info")["clients"] == clients_before, 10,
                 "the silent page's compd connection to close")
        # A page that answers stays over several intervals.
        answering = RawWebSocket(gateway.url, "/rpc")
        deadline = time.monotonic() + 3.5
        pings = 0
        while time.monotonic() < deadline:
            opcode, payload = answering.receive()
            assert opcode == 9, opcode
            pings += 1
            answering.send_frame(0xA, payload)
        assert pings >= 1
        assert answering.call("daemon.ping")["result"] == {}
        answering.close()
    finally:
        gateway.stop()
    # A browser answers pings by itself, and reopens the HTTP connections closed when idle: a
    # scene page outlives several intervals on one socket and still works.
    gateway = Gateway(daemon.socket, "--idle-timeout", "1", "--keepalive", "1")
    try:
        browser.open(f"{gateway.url}?component=demo.Login")
        scene = page_scene(browser)
        time.sleep(3.5)
        assert browser.run("return document.getElementById('status').dataset.state") == "open"
        assert scene in scene_ids(observer)
        browser.open(f"{gateway.url}?component=demo.Login")
        assert page_scene(browser) != scene
    finally:
        observer.close()
        gateway.stop()


def test_token_guards_pages_and_socket(stack):
    daemon, _, browser = stack
    token_file = os.path.join(daemon.directory, "token")
    with open(token_file, "w") as out:
        out.write("0123456789abcdef0123456789abcdef\n")
    gateway = Gateway(daemon.socket, "--token-file", token_file)
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(gateway.url, timeout=10)
        assert refused.value.code == 401
        bearer = urllib.request.Request(gateway.url, headers={"Authorization": "Bearer 0123456789abcdef0123456789abcdef"})
        assert urllib.request.urlopen(bearer, timeout=10).status == 200
        # The page given ?token= loads, drops it from the address bar and opens its socket.
        browser.open(f"{gateway.url}?component=demo.Login&token=0123456789abcdef0123456789abcdef")
        page_scene(browser)
        assert "token" not in browser.run("return location.search")
    finally:
        gateway.stop()


# What Chromium sends with a page request once the gateway has asked for the client hints
# (Accept-CH) and a scene page has kept its inset (the footer's 28 px) in a cookie; the scene
# area is then 420 × 729 (docs/web.md, "Page load").
PAGE_HINTS = {"Sec-CH-Viewport-Width": "420", "Sec-CH-Viewport-Height": "757", "Sec-CH-DPR": "1",
              "Sec-CH-Prefers-Color-Scheme": "light", "Cookie": "compd-web-scene-inset=0x28"}


def load_page(url, headers=PAGE_HINTS):
    """A page fetched as Chromium fetches it: its adoption token and compd's scene.open reply,
    each None when the gateway did not open the scene."""
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as response:
        html = response.read().decode()
    token = re.search(r'<meta name="compd-adopt" content="([0-9a-f]+)">', html)
    reply = re.search(r'<script type="application/json" id="compd-scene-reply">(.*?)</script>', html)
    return token and token.group(1), reply and json.loads(reply.group(1))


class RawWebSocket:
    """A WebSocket client on a plain socket (RFC 6455: masked text frames out, frames in)."""

    def __init__(self, url, path, headers=None):
        host, port = url.split("//", 1)[1].rstrip("/").rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=10)
        fields = {"Host": f"{host}:{port}", "Upgrade": "websocket", "Connection": "Upgrade",
                  "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13", **(headers or {})}
        self.sock.sendall((f"GET {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items()) + "\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                break
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        self.status = int(head.split(b" ", 2)[1])
        self.next_id = 1
        self.notifications = []

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the gateway closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def send(self, text):
        self.send_frame(0x1, text.encode())

    def send_frame(self, opcode, payload):
        mask = os.urandom(4)
        length = len(payload)
        header = bytes([0x80 | opcode]) + (bytes([0x80 | length]) if length < 126 else bytes([0xFE]) + length.to_bytes(2, "big"))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self):
        """The next message: (opcode, payload)."""
        first, second = self._read(2)
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(self._read(2), "big")
        elif length == 127:
            length = int.from_bytes(self._read(8), "big")
        return first & 0x0F, self._read(length)

    def call(self, method, **params):
        request_id = self.next_id
        self.next_id += 1
        self.send(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}))
        while True:
            opcode, payload = self.receive()
            assert opcode == 1, (opcode, payload)
            message = json.loads(payload)
            if message.get("id") == request_id:
                return message
            self.notifications.append(message)

    def close(self):
        self.sock.close()


def scene_ids(client):
    return {entry["scene"] for entry in client.call("scene.list")["scenes"]}


def test_page_load_opens_the_scene_and_its_socket_adopts_the_connection(stack):
    """A scene page requested with the client hints and the inset cookie comes with its scene
    opened at the page's environment and a one-time token; a WebSocket to /rpc?adopt=TOKEN
    takes over the connection it was opened on, where it is subscribed to and driven. Tokens
    are usable once; unknown ones and other origins are refused."""
    daemon, gateway, _ = stack
    client = SocketClient(daemon.socket)
    token, reply = load_page(f"{gateway.url}?component=demo.Login")
    assert token and len(token) == 32
    opened = reply["result"]
    listed = next(entry for entry in client.call("scene.list")["scenes"] if entry["scene"] == opened["scene"])
    assert listed["component"] == "demo.Login"
    assert {key: listed["environment"][key] for key in ["width", "height", "style", "scale", "safeArea"]} == {
        "width": 420, "height": 729, "style": "light", "scale": 1, "safeArea": {"top": 0, "left": 0, "bottom": 0, "right": 0}}
    assert opened["root"]["frame"]["width"] == 420 and opened["root"]["frame"]["height"] == 729
    # Without the hints (a first visit) the page opens its scene itself.
    assert load_page(f"{gateway.url}?component=demo.Login", headers={}) == (None, None)

    socket_ = RawWebSocket(gateway.url, f"/rpc?adopt={token}")
    assert socket_.status == 101
    subscribed = socket_.call("scene.subscribe", scene=opened["scene"], since=opened["revision"])
    assert subscribed["result"]["revision"] == opened["revision"]
    username = find(opened["root"], "username")["id"]
    handled = socket_.call("scene.event", scene=opened["scene"], event={"type": "text", "target": username, "text": "zed"})
    assert handled["result"]["handled"] is True
    while not any(m.get("method") == "scene.changed" for m in socket_.notifications):
        socket_.notifications.append(json.loads(socket_.receive()[1]))
    assert find(client.call("scene.layout", scene=opened["scene"])["root"], "username")["props"]["text"] == "zed"

    # Once only; unknown tokens; another origin is refused before the token is spent.
    assert RawWebSocket(gateway.url, f"/rpc?adopt={token}").status == 404
    assert RawWebSocket(gateway.url, "/rpc?adopt=0123456789abcdef0123456789abcdef").status == 404
    fresh, _ = load_page(f"{gateway.url}?component=demo.Login")
    assert RawWebSocket(gateway.url, f"/rpc?adopt={fresh}", {"Origin": "https://elsewhere.example"}).status == 403
    adopted = RawWebSocket(gateway.url, f"/rpc?adopt={fresh}")
    assert adopted.status == 101
    adopted.close()
    socket_.close()
    client.close()


def test_scene_page_subscribes_with_the_page_and_keeps_what_changed_meanwhile(stack):
    """A page of an open scene (`?scene=ID`, no hints needed) comes with a snapshot from
    `scene.subscribe`; a change compd makes before the page's WebSocket adopts the
    connection reaches that socket first, in order, then the socket drives the scene."""
    daemon, gateway, _ = stack
    client = SocketClient(daemon.socket)
    opened = client.call("scene.open", component="demo.Login", environment={"width": 420, "height": 729})
    scene, username = opened["scene"], find(opened["root"], "username")["id"]
    token, reply = load_page(f"{gateway.url}?scene={scene}", headers={})
    assert token and reply["result"]["revision"] == opened["revision"]
    assert find(reply["result"]["root"], "username")["id"] == username
    for text in ["a", "ab"]:
        client.call("scene.event", scene=scene, event={"type": "text", "target": username, "text": text})
    time.sleep(0.3)  # compd has written both changes to the waiting connection
    socket_ = RawWebSocket(gateway.url, f"/rpc?adopt={token}")
    assert socket_.status == 101
    changes = [json.loads(socket_.receive()[1]) for _ in range(2)]
    assert [c["method"] for c in changes] == ["scene.changed", "scene.changed"]
    assert [(c["params"]["base"], c["params"]["revision"]) for c in changes] == [
        (opened["revision"], opened["revision"] + 1), (opened["revision"] + 1, opened["revision"] + 2)]
    handled = socket_.call("scene.event", scene=scene, event={"type": "text", "target": username, "text": "abc"})
    assert handled["result"]["handled"] is True
    assert find(client.call("scene.layout", scene=scene)["root"], "username")["props"]["text"] == "abc"
    socket_.close()
    client.close()


def test_unadopted_page_load_connections_close_and_are_bounded(stack):
    """A connection opened for a page load that no WebSocket adopts within 5 s is closed, and
    compd closes its scene after its grace period (1 s here) as for any client gone; an
    adopted one keeps its scene. At most 64 wait at once; beyond, the page opens its own."""
    directory = tempfile.mkdtemp(prefix="compd-web-grace-")
    daemon = Daemon(directory, "--scene-grace", "1")
    gateway = Gateway(daemon.socket)
    client = SocketClient(daemon.socket)
    try:
        kept_token, kept = load_page(f"{gateway.url}?component=demo.Login")
        adopted = RawWebSocket(gateway.url, f"/rpc?adopt={kept_token}")
        assert adopted.status == 101
        waiting = [load_page(f"{gateway.url}?component=demo.Login") for _ in range(63)]
        assert all(token for token, _ in waiting)
        assert load_page(f"{gateway.url}?component=demo.Login") != (None, None)
        assert load_page(f"{gateway.url}?component=demo.Login") == (None, None), "a 65th cannot wait"
        # (Not as root, compd's max-scenes-per-user refuses the later scene.open: those
        # connections wait all the same.)
        left = {reply["result"]["scene"] for _, reply in waiting if "result" in reply}
        assert left and left <= scene_ids(client)
        wait_for(lambda: not (left & scene_ids(client)), 15, "the unadopted pages' scenes closed")
        assert kept["result"]["scene"] in scene_ids(client), "the adopted connection keeps its scene"
        assert RawWebSocket(gateway.url, f"/rpc?adopt={waiting[0][0]}").status == 404, "an expired token"
        assert load_page(f"{gateway.url}?component=demo.Login") != (None, None), "room again"
        adopted.close()
        wait_for(lambda: kept["result"]["scene"] not in scene_ids(client), 10, "the adopted scene closed with its socket")
    finally:
        client.close()
        gateway.stop()
        daemon.stop()
        shutil.rmtree(directory, ignore_errors=True)
        shutil.rmtree(daemon.plugins, ignore_errors=True)


def test_page_load_follows_the_token_rules(stack):
    """Off loopback (a token file): a page load without the token opens nothing (401), and an
    adoption needs the token as any WebSocket does."""
    daemon, _, _ = stack
    secret = "0123456789abcdef0123456789abcdef"
    token_file = os.path.join(daemon.directory, "token")
    with open(token_file, "w") as out:
        out.write(secret + "\n")
    gateway = Gateway(daemon.socket, "--token-file", token_file)
    client = SocketClient(daemon.socket)
    try:
        before = scene_ids(client)
        with pytest.raises(urllib.error.HTTPError) as refused:
            load_page(f"{gateway.url}?component=demo.Login")
        assert refused.value.code == 401
        assert scene_ids(client) == before
        token, reply = load_page(f"{gateway.url}?component=demo.Login", {**PAGE_HINTS, "Authorization": f"Bearer {secret}"})
        assert token and reply["result"]["scene"]
        assert RawWebSocket(gateway.url, f"/rpc?adopt={token}").status == 401
        assert RawWebSocket(gateway.url, f"/rpc?adopt={token}&token={secret}").status == 101
    finally:
        client.close()
        gateway.stop()


def page_environment(browser):
    """The environment app.js would open a scene with (sceneEnvironment), read in the page."""
    return browser.run("""
const host = document.getElementById('scene');
return { width: host.clientWidth, height: host.clientHeight,
         style: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
         scale: Math.min(4, Math.max(1, Math.round(devicePixelRatio))) };""")


def test_first_tree_comes_with_the_page(stack):
    """From its second load on (the client hints and the inset kept) a Login page gets its
    tree from the page itself: drawn where scene.layout puts it, at the environment the page
    would have asked for, on the adopted connection, and then driven as ever (typing, the
    hand-over to the worker, a tap emitting `login`)."""
    daemon, gateway, browser = stack
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Login")
    page_scene(browser)
    browser.open(f"{gateway.url}?component=demo.Login")
    scene = page_scene(browser)
    assert browser.run("return window.compdMetrics.treeFrom") == "page"
    assert "adopt=" in browser.run("return window.compdSocket.url")
    assert browser.run("return location.search") == f"?scene={scene}&component=demo.Login"
    client = SocketClient(daemon.socket)
    environment = next(e for e in client.call("scene.list")["scenes"] if e["scene"] == scene)["environment"]
    assert {key: environment[key] for key in ["width", "height", "style", "scale"]} == page_environment(browser)
    assert_boxes_match(browser, client, scene)
    wait_for(lambda: browser.run("return document.body.dataset.link") == "worker", 10, "the hand-over to the worker")
    type_username(browser, client, scene, "ann")
    watcher = SocketClient(daemon.socket)
    watcher.call("scene.subscribe", scene=scene)
    browser.click("[data-key=login]")
    assert watcher.wait_notification(lambda m: m.get("method") == "scene.emitted")["params"]["name"] == "login"
    watcher.close()

    # A reload of the scene's page (?scene=) gets its snapshot with the page too.
    browser.run("location.reload()")
    wait_for(lambda: browser.run("return window.compdMetrics?.treeFrom") == "page", 10, "the reloaded page's tree")
    assert browser.run("return document.querySelector('[data-key=username] input').value") == "ann"
    wait_for(lambda: browser.run("return document.getElementById('status').dataset.state") == "open", 10, "the open state")
    assert "adopt=" in browser.run("return window.compdSocket.url")
    assert_boxes_match(browser, client, scene)
    client.close()


def test_refused_adoption_falls_back_to_a_plain_socket(stack):
    """When the adopting WebSocket fails (here the gateway refuses its token), the page keeps
    the tree that came with it, connects to /rpc at once, subscribes there and works as ever.

    The page's WebSocket constructor is wrapped, before the page's own scripts run, to ask for
    a token no connection waits for, which the gateway answers 404 (docs/web.md). CDP's
    Network.setBlockedURLs is no way to fail it: it does not reliably reach a socket that
    index.html opens as the document starts, which then opens and the page never falls
    back."""
    daemon, gateway, browser = stack
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Login")
    page_scene(browser)
    cdp = lambda cmd, **params: browser.command("POST", "/goog/cdp/execute", {"cmd": cmd, "params": params})
    refuse = cdp("Page.addScriptToEvaluateOnNewDocument", source="""
        window.WebSocket = class extends WebSocket {
          constructor(url, ...rest) { super(String(url).replace(/adopt=[^&]*/, 'adopt=refused'), ...rest); }
        };""")
    try:
        browser.open(f"{gateway.url}?component=demo.Login")
        scene = page_scene(browser)
        assert browser.run("return window.compdMetrics.treeFrom") == "page"
        assert "adopt=refused" in browser.run("return window.compdSocket.url")
        wait_for(lambda: browser.run("return document.getElementById('status').dataset.state") == "open", 10, "the open state")
        assert browser.run("return window.compdSocket.readyState") == 3, "the adopting socket failed"
        client = SocketClient(daemon.socket)
        type_username(browser, client, scene, "bo")
        assert_boxes_match(browser, client, scene)
        client.close()
    finally:
        cdp("Page.removeScriptToEvaluateOnNewDocument", identifier=refuse["identifier"])


def test_gateway_refuses_to_start_wrongly(stack):
    """Bad listen addresses, a missing socket and an open address without a token are
    refused at start with a message that says why."""
    daemon, _, _ = stack
    program = os.path.join(BUILD, "compd-web")
    cases = [
        (["--socket", daemon.socket, "--listen", "example.com:80"], "is not an IP address"),
        (["--socket", daemon.socket, "--listen", "127.0.0.1:99999"], "from 0 to 65535"),
        (["--socket", os.path.join(daemon.directory, "absent.sock"), "--listen", "127.0.0.1:0"], "no compd socket at"),
        (["--socket", daemon.socket, "--listen", "0.0.0.0:0"], "pass --token-file"),
        (["--socket", daemon.socket, "--listen", "0.0.0.0:0", "--token-file", "/nonexistent/token"], "cannot read the token file"),
        (["--socket", daemon.socket, "--max-connections", "0"], "--max-connections must be from 1 to 65536"),
        (["--socket", daemon.socket, "--idle-timeout", "0"], "--idle-timeout must be from 1 to 3600"),
        (["--socket", daemon.socket, "--keepalive", "3601"], "--keepalive must be from 1 to 3600"),
    ]
    for arguments, message in cases:
        result = subprocess.run([program, *arguments], capture_output=True, text=True, timeout=30)
        assert result.returncode != 0, arguments
        assert message in result.stderr, (arguments, result.stderr)
    help_text = subprocess.run([program, "--help"], capture_output=True, text=True, timeout=30).stdout
    for option in ["--socket", "--listen", "--token-file", "--web-root", "--max-message-bytes",
                   "--max-connections", "--idle-timeout", "--keepalive", "loopback"]:
        assert option in help_text


class ScriptedDaemon:
    """A stand-in for compd on a Unix socket, for what the real one does only on a failure:
    it opens one scene with a given tree, echoes `text` events as `scene.changed` and sends
    notifications when told. It records every request and counts connections."""

    def __init__(self, path, root):
        import threading
        self.root = root
        self.revision = 1
        self.requests = []
        self.connections = []
        self.lock = threading.Lock()
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(path)
        self.server.listen()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        import threading
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            self.connections.append(connection)
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _send(self, connection, message):
        with self.lock:
            connection.sendall(json.dumps(message).encode() + b"\n")

    def _serve(self, connection):
        for line in connection.makefile("rb"):
            request = json.loads(line)
            self.requests.append(request)
            method, params = request["method"], request.get("params", {})
            result = {"scene": "s1", "revision": self.revision}
            if method == "scene.open":
                result["root"] = self.root
            elif method == "scene.event" and params["event"]["type"] == "text":
                event = params["event"]
                self.revision += 1
                self._send(connection, {"jsonrpc": "2.0", "method": "scene.changed", "params": {
                    "scene": "s1", "revision": self.revision, "base": self.revision - 1,
                    "ops": [{"op": "update", "id": event["target"], "props": {"text": event["text"]}}]}})
                result = {"scene": "s1", "revision": self.revision, "handled": True}
            self._send(connection, {"jsonrpc": "2.0", "id": request["id"], "result": result})

    def notify(self, method, params):
        self._send(self.connections[-1], {"jsonrpc": "2.0", "method": method, "params": params})

    def events(self):
        return [r["params"]["event"] for r in self.requests if r["method"] == "scene.event"]

    def close(self):
        self.server.close()
        for connection in self.connections:
            connection.close()


def renumbered(tree, prefix):
    """The tree with every node id prefixed, as a rebuilt scene numbers its nodes afresh."""
    copy = dict(tree, id=prefix + tree["id"], props=dict(tree.get("props", {})))
    copy["children"] = [renumbered(child, prefix) for child in tree.get("children", [])]
    return copy


def test_scene_reset_replaces_the_tree_on_the_same_connection(stack):
    """`scene.reset` (docs/protocol.md): the page replaces its tree with `root` at
    `revision` without reconnecting; the field being typed in keeps focus, caret and text,
    and compd hears `focus` for the rebuilt field. compd answers scene.open with a real
    Login tree; a scripted stand-in sends the reset, which the real one does only when a
    scene host fails."""
    daemon, _, browser = stack
    client = SocketClient(daemon.socket)
    opened = client.call("scene.open", component="demo.Login", environment={"width": 420, "height": 872})
    client.call("scene.close", scene=opened["scene"])
    client.close()
    path = os.path.join(daemon.directory, "scripted.sock")
    scripted = ScriptedDaemon(path, opened["root"])
    gateway = Gateway(path)
    try:
        browser.set_window(420, 900)
        browser.open(f"{gateway.url}?component=demo.Login")
        page_scene(browser)
        # The page loads on one WebSocket and then moves to its worker's (docs/web.md, "Typing").
        wait_for(lambda: browser.run("return document.body.dataset.link") == "worker", 10, "the hand-over to the worker")
        connections = len(scripted.connections)
        field = "[data-key=username] input"
        browser.click(field)
        browser.send_keys(field, "ann")
        wait_for(lambda: any(e == {"type": "text", "target": find(opened["root"], "username")["id"], "text": "ann"}
                             for e in scripted.events()), 10, "the typed text at the daemon")
        browser.run(f"document.querySelector('{field}').setSelectionRange(1, 2)")

        rebuilt = renumbered(opened["root"], "r")
        find(rebuilt, "username")["props"].update(text="ann", focused=False)
        rebuilt["children"][0]["frame"] = dict(rebuilt["children"][0]["frame"], y=rebuilt["children"][0]["frame"]["y"] + 40)
        scripted.revision = 1000001
        scripted.notify("scene.reset", {"scene": "s1", "revision": 1000001, "root": rebuilt,
                                        "reason": "crashed", "detail": "the scene host was killed by SIGKILL"})
        wait_revision(browser, 1000001)
        assert_same_boxes(browser.run(BOXES), expected_boxes(rebuilt))
        state = browser.run(f"""
const input = document.querySelector('{field}');
return [input.value, document.activeElement === input, input.selectionStart, input.selectionEnd,
        document.getElementById('status').dataset.state, document.getElementById('events').textContent];""")
        assert state[:5] == ["ann", True, 1, 2, "open"]
        assert "scene reset (crashed: the scene host was killed by SIGKILL)" in state[5]
        new_id = find(rebuilt, "username")["id"]
        wait_for(lambda: {"type": "focus", "target": new_id} in scripted.events(), 10, "focus on the rebuilt field")

        # Typing goes on into the rebuilt field; the change after the reset applies to it.
        browser.run(f"document.querySelector('{field}').setSelectionRange(3, 3)")
        browser.send_keys(field, "e")
        wait_for(lambda: {"type": "text", "target": new_id, "text": "anne"} in scripted.events(), 10, "typing after the reset")
        wait_revision(browser, 1000002)
        assert browser.run(f"return document.querySelector('{field}').value") == "anne"
        assert len(scripted.connections) == connections, "the page did not reconnect"
        assert not [e for e in scripted.events() if e["type"] == "blur"], "the replaced field did not blur"
    finally:
        gateway.stop()
        scripted.close()


def test_scene_host_killed_the_page_shows_the_restored_scene(stack):
    """compd's scene host holding the page's Login dies (SIGKILL): compd restores the scene
    in a new host and sends `scene.reset`; the page shows the restored tree (every box where
    `scene.layout` puts it, the typed user name kept) on the same connection, and typing
    goes on into the rebuilt field (docs/protocol.md "Scene hosts", docs/web.md)."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Login")
    scene = page_scene(browser)
    field = "[data-key=username] input"
    username = lambda: find(client.call("scene.layout", scene=scene)["root"], "username")["props"].get("text")
    type_username(browser, client, scene, "ann")
    revision = client.call("scene.layout", scene=scene)["revision"]
    wait_revision(browser, revision)
    # Three keys in a burst: the host encodes the restorable state at most once per state
    # interval (50 ms), so a crash within it may restore the state of the first key only
    # (docs/architecture.md); past it, the whole name is kept.
    time.sleep(0.2)
    host = next(entry["host"] for entry in client.call("scene.list")["scenes"] if entry["scene"] == scene)
    assert host in [entry["pid"] for entry in client.call("daemon.info")["hosts"]]
    # Every state the footer shows from now on: a reconnection would pass through `lost`.
    browser.run("""
window.states = [];
const status = document.getElementById('status');
new MutationObserver(() => window.states.push(status.dataset.state)).observe(status, { attributes: true });""")

    os.kill(host, signal.SIGKILL)
    wait_for(lambda: "scene reset (crashed" in browser.run("return document.getElementById('events').textContent"),
             20, "the reset shown")
    restored = client.call("scene.layout", scene=scene)
    assert restored["revision"] > revision
    wait_revision(browser, restored["revision"])
    assert_boxes_match(browser, client, scene)
    assert find(restored["root"], "username")["props"]["text"] == "ann"
    assert browser.run(f"return document.querySelector('{field}').value") == "ann"
    assert browser.run(f"return document.activeElement === document.querySelector('{field}')")
    assert next(entry["host"] for entry in client.call("scene.list")["scenes"] if entry["scene"] == scene) != host

    browser.send_keys(field, "e")
    wait_for(lambda: username() == "anne", 10, "typing after the reset")
    assert "lost" not in browser.run("return window.states"), "the page did not reconnect"
    assert browser.run("return document.getElementById('status').dataset.state") == "open"
    client.close()


# A release build of another commit (scripts/bench-web.sh BASE_DIR=…): its compd, gateway and
# web client are measured in the same run, page load by page load, alternating with this one.
BASE_BUILD = os.environ.get("COMPD_BASE_BUILD_DIR")
BENCH_LOADS = int(os.environ.get("BENCH_LOADS", "7"))


def measure_login(browser, url, keys="abcdefgh"):
    """One page load of demo.Login and a keystroke per character of `keys`, from the page's
    performance marks."""
    browser.open(f"{url}?component=demo.Login")
    page_scene(browser)
    first_frame = wait_for(lambda: browser.run("return window.compdMetrics.firstFrame"), 10, "the first frame mark")
    if keys:
        browser.click("[data-key=username] input")
        for character in keys:
            browser.send_keys("[data-key=username] input", character)
        wait_for(lambda: len(browser.run("return window.compdMetrics.keyToPaint")) == len(keys), 10, "the keystroke marks")
    marks = browser.run("return window.compdMetrics")
    # The first paint, and whether the tree came with the page (an older client has no mark).
    first_paint = browser.run("return performance.getEntriesByName('first-paint')[0]?.startTime ?? null")
    # A first paint presented before the tree's frame began cannot show the tree.
    return {"socket_open": [marks["socketOpen"]], "tree_received": [marks["treeReceived"]], "first_frame": [first_frame],
            "first_paint": [first_paint] if first_paint else [], "tree_with_page": [marks.get("treeFrom") == "page"],
            "tree_in_first_paint": [first_paint is not None and first_paint >= first_frame],
            "keystroke_to_applied": marks.get("keyToApplied", []), "keystroke_to_paint": marks["keyToPaint"]}


def test_benchmark_first_frame_and_keystroke_paint(stack):
    """Page load → first Login frame painted, keystroke → its scene.changed painted
    (performance.now() marks kept by the page), medians over BENCH_LOADS page loads; with
    COMPD_BASE_BUILD_DIR the other build's page loads alternate with this build's."""
    _, gateway, browser = stack
    browser.set_window(420, 900)
    sides = {os.path.basename(BUILD): gateway.url}
    base = None
    if BASE_BUILD:
        base_directory = tempfile.mkdtemp(prefix="compd-web-base-")
        base = (Daemon(base_directory, build=BASE_BUILD), base_directory)
        base_gateway = Gateway(base[0].socket, build=BASE_BUILD)
        sides = {"this": gateway.url, "base": base_gateway.url}
    samples = {name: {} for name in sides}
    try:
        for load in range(BENCH_LOADS):
            order = list(sides) if load % 2 == 0 else list(reversed(sides))
            for name in order:
                if base:
                    # The load that comes from the other side's page (another origin) is
                    # counted apart: a cross-origin isolated page then starts in a new
                    # renderer process (docs/benchmarks.md). The next load, the first in that
                    # process from the same page, is as slow until the page's HTML is parsed
                    # (about twice as long here, either side) and is not counted; the measured
                    # load comes after it, as the next of a series of reloads does.
                    arriving = measure_login(browser, sides[name], keys="")
                    samples[name].setdefault("first_frame_arriving", []).extend(arriving["first_frame"])
                    measure_login(browser, sides[name], keys="")
                for key, values in measure_login(browser, sides[name]).items():
                    samples[name].setdefault(key, []).extend(values)
    finally:
        if base:
            base_gateway.stop()
            base[0].stop()
            shutil.rmtree(base[1], ignore_errors=True)
            shutil.rmtree(base[0].plugins, ignore_errors=True)
    figures = {name: {**{f"{key}_ms_median": statistics.median(values) for key, values in measured.items()
                         if values and not key.startswith("tree_with") and not key.startswith("tree_in")},
                      "page_loads": len(measured["first_frame"]), "keystrokes": len(measured["keystroke_to_paint"]),
                      "tree_with_page": sum(measured["tree_with_page"]),
                      "tree_in_first_paint": sum(measured["tree_in_first_paint"])}
               for name, measured in samples.items()}
    figures["builds"] = {name: BASE_BUILD if name == "base" else BUILD for name in sides}
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(os.path.join(ARTIFACTS, "benchmark.json"), "w") as out:
        json.dump(figures, out, indent=2)
    for name in sides:
        f = figures[name]
        applied = f"keystroke -> echo applied {f['keystroke_to_applied_ms_median']:.1f} ms, " if "keystroke_to_applied_ms_median" in f else ""
        print(f"\nweb client ({name}): page load -> socket open {f['socket_open_ms_median']:.1f} ms, "
              f"tree received {f['tree_received_ms_median']:.1f} ms, "
              f"first Login frame {f['first_frame_ms_median']:.1f} ms (median of {f['page_loads']}; "
              f"tree with the page in {f['tree_with_page']}), "
              + (f"first paint {f['first_paint_ms_median']:.1f} ms (not before the tree's frame in {f['tree_in_first_paint']}), "
                 if "first_paint_ms_median" in f else "")
              + (f"from another origin {f['first_frame_arriving_ms_median']:.1f} ms, " if "first_frame_arriving_ms_median" in f else "") +
              f"{applied}keystroke -> painted {f['keystroke_to_paint_ms_median']:.1f} ms (median of {f['keystrokes']})")


def test_bar_items_and_alert_actions_are_tapped_in_the_page(stack):
    """The gallery's Bars & Alerts page in Chromium: a click on a bar item runs its action;
    an alert shows as a 270-point card over a dimmed page; a click on its action dismisses
    it and runs the handler (docs/protocol.md, "Bars" and "Presentation")."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Gallery")
    scene = page_scene(browser)
    browser.click("[data-key='demo.BarsAndAlerts']")
    wait_for(lambda: browser.run("return document.querySelector('[data-key=showAlert]') !== null"), 10, "the pushed page")
    status = "return document.querySelector('[data-key=status] .text')?.textContent"
    # The add item draws its symbol image (fetched by hash, masked in the bar's tint), not
    # a stand-in glyph; so does the gear item. A click on one runs its target's action.
    for key, name in (("add", "plus"), ("settings", "gear")):
        item = f"document.querySelector('[data-key={key}]')"
        assert browser.run(f"return {item}.dataset.image") == name
        assert browser.run(f"return getComputedStyle({item}.querySelector('.template')).display") != "none"
        assert browser.run(f"return {item}.querySelector('.template').style.maskImage").startswith('url("images/')
        assert browser.run(f"return {item}.querySelector('.glyph').style.display") == "none"
    browser.click("[data-key=settings]")
    wait_for(lambda: browser.run(status) == "Chose settings", 10, "the gear item's action")
    browser.click("[data-key=add]")
    wait_for(lambda: browser.run(status) == "Chose add 1", 10, "the add item's action")
    browser.click("[data-key=showAlert]")
    wait_for(lambda: browser.run("return document.querySelector('[data-presentation=alert]') !== null"), 10, "the alert")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    wait_for(lambda: not browser.run(MOVING), 5, "the alert's entrance over")
    card = browser.run("const r = document.querySelector('[data-presentation=alert]').getBoundingClientRect(); return [r.width, r.height]")
    assert card[0] == 270
    assert browser.run("return document.querySelector('.dimming') !== null")
    assert browser.run("return document.querySelector('[data-key=\"alert.action.1\"]').dataset.style") == "destructive"
    assert_boxes_match(browser, client, scene)
    browser.screenshot("demo.BarsAndAlerts-alert.png")
    browser.click("[data-key='alert.action.1']")
    wait_for(lambda: browser.run("return document.querySelector('[data-presentation=alert]') === null"), 10, "the alert to go")
    wait_for(lambda: browser.run(status) == "Chose delete", 10, "the action's handler")
    assert browser.run("return document.querySelector('.dimming') === null")
    client.close()


def test_a_page_sheet_is_pulled_down_to_close_it(stack):
    """A pointer drag down on a page sheet sends `swipe down`: compd dismisses the sheet and
    its presentation delegate hears it; with the sheet locked (`isModalInPresentation`) the
    same drag leaves it (docs/protocol.md, "Presentation")."""
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Gallery")
    scene = page_scene(browser)
    browser.click("[data-key='demo.BarsAndAlerts']")
    wait_for(lambda: browser.run("return document.querySelector('[data-key=showPageSheet]') !== null"), 10, "the pushed page")
    browser.click("[data-key=showPageSheet]")
    sheet = "return document.querySelector('[data-presentation=pageSheet]') !== null"
    wait_for(lambda: browser.run(sheet), 10, "the sheet")
    wait_revision(browser, client.call("scene.layout", scene=scene)["revision"])
    assert_boxes_match(browser, client, scene)
    browser.screenshot("demo.BarsAndAlerts-sheet.png")

    def pull():
        x, y = browser.run("const r = document.querySelector('[data-presentation=pageSheet] [data-type=label]').getBoundingClientRect();"
                           " return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]")
        browser.command("POST", "/actions", {"actions": [{"type": "pointer", "id": "finger", "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "origin": "viewport", "x": x, "y": y},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "origin": "pointer", "x": 0, "y": 60, "duration": 100},
            {"type": "pointerMove", "origin": "pointer", "x": 0, "y": 140, "duration": 100},
            {"type": "pointerUp", "button": 0}]}]})
        browser.command("DELETE", "/actions")

    browser.click("[data-key=lockSheet]")
    wait_for(lambda: browser.run("return document.querySelector('[data-key=lockSheet]').classList.contains('on')"), 10, "the lock")
    pull()
    time.sleep(0.5)
    assert browser.run(sheet), "a locked sheet stays"
    browser.click("[data-key=lockSheet]")
    wait_for(lambda: not browser.run("return document.querySelector('[data-key=lockSheet]').classList.contains('on')"), 10, "the unlock")
    pull()
    wait_for(lambda: not browser.run(sheet), 10, "the sheet to close")
    status = "return document.querySelector('[data-key=status] .text')?.textContent"
    wait_for(lambda: browser.run(status) == "Chose sheet closed", 10, "the delegate's didDismiss")
    client.close()
