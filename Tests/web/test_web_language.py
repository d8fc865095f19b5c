"""The scene's language and text size in headless Chromium (Tests/web/test_web_client.py has
the harness): the scene's element takes `dir` and `lang` from the root node's
`layoutDirection` and `lang`, live; a right-to-left scene's natural text is right-aligned
and table accessories sit at the left; the browser's default font size picks the content
size category the page asks for."""

import pytest

from test_web_client import SocketClient, page_scene, stack, wait_for  # noqa: F401 (stack is a fixture)

pytestmark = pytest.mark.skipif(
    __import__("test_web_client").CHROMIUM is None or __import__("test_web_client").CHROMEDRIVER is None,
    reason="chromium and chromium-driver are not installed (scripts/deps.sh installs them)",
)

ROOT = "document.querySelector('#scene > [data-node-id]')"


def test_direction_language_and_text_size(stack):
    daemon, gateway, browser = stack
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Settings")
    scene = page_scene(browser)
    client = SocketClient(daemon.socket)
    assert browser.run(f"return [{ROOT}.dir, {ROOT}.lang]") == ["ltr", "en"]

    # Headless Chromium's default font size is 16 px: the page's scene is at `large`.
    listed = client.call("scene.list")["scenes"]
    assert [s["environment"]["contentSizeCategory"] for s in listed if s["scene"] == scene] == ["large"]
    # Other default sizes scale the body text (17 points at 16 px) to the nearest category.
    categories = browser.run_async(
        "const done = arguments[arguments.length - 1];"
        "import('/js/language.js').then(m => done([12, 16, 18, 20, 24, 32, 48].map(s => m.contentSizeCategory(s))));")
    assert categories == ["extraSmall", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
                          "accessibilityLarge", "accessibilityExtraExtraExtraLarge"]

    # Arabic, live: the scene's element turns right to left, and compd mirrored the frames.
    cell_label = "document.querySelector('#scene .node-cell .node-label')"
    left_before = browser.run(f"return {cell_label}.getBoundingClientRect().left")
    client.call("scene.resize", scene=scene, environment={"locale": "ar"})
    wait_for(lambda: browser.run(f"return [{ROOT}.dir, {ROOT}.lang]") == ["rtl", "ar"], 10,
             lambda: f"dir and lang: {browser.run(f'return [{ROOT}.dir, {ROOT}.lang]')}")
    wait_for(lambda: browser.run(f"return getComputedStyle({cell_label}.querySelector('.text')).textAlign") == "right",
             10, "natural text aligned right")
    wait_for(lambda: browser.run(f"return {cell_label}.getBoundingClientRect().left") != left_before, 10,
             "the mirrored label")
    # A switch (the cell's accessory view) is at the left of its row now.
    row = browser.run("const c = document.querySelector('#scene .node-cell'); const r = c.getBoundingClientRect();"
                      "const s = c.querySelector('.node-switch').getBoundingClientRect();"
                      "return [r.left, r.right, s.left, s.right]")
    assert row[2] - row[0] < row[1] - row[3], f"the switch at the leading (right-to-left: left) side: {row}"

    # Back to English.
    client.call("scene.resize", scene=scene, environment={"locale": "en"})
    wait_for(lambda: browser.run(f"return [{ROOT}.dir, {ROOT}.lang]") == ["ltr", "en"], 10, "ltr again")
    browser.screenshot("language.png")
    client.close()
