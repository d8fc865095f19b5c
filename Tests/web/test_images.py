"""Images in Chromium: demo.Images' bundled PNG and SVG are <img>s that load from compd-web's
content-addressed /images/<hash> (served immutable), symbols are masks in their tint, and
content modes place the image as ScreenKit says."""

import hashlib
import os
import urllib.error
import urllib.request

from test_web_client import (REPO, SocketClient, find, page_scene, pytestmark, stack,  # noqa: F401
                             wait_for)

IMAGES = os.path.join(REPO, "Plugins", "Gallery", "Images")

LOOK = """
const q = (key) => document.querySelector(`#scene [data-key="${key}"]`);
const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
const img = (key) => q(key).querySelector('img');
const mask = q('symbol-star.fill').querySelector('.template');
return {
  landscape: [img('landscape').complete, img('landscape').naturalWidth, img('landscape').naturalHeight,
              img('landscape').getAttribute('src'), box(img('landscape')).slice(2)],
  badge: [img('badge').complete, img('badge').naturalWidth, q('badge').dataset.hash],
  star: [getComputedStyle(mask).display, getComputedStyle(mask).backgroundColor,
         getComputedStyle(mask).maskImage || getComputedStyle(mask).webkitMaskImage, box(mask).slice(2)],
  fit: [getComputedStyle(img('mode-scaleAspectFit')).objectFit, q('mode-scaleAspectFit').dataset.contentMode],
  center: [box(q('mode-center')), box(img('mode-center'))],
  bottomRight: [box(q('mode-bottomRight')), box(img('mode-bottomRight'))],
  clips: getComputedStyle(q('mode-scaleAspectFill')).overflow,
  button: [box(q('addButton')), box(q('addButton').querySelector('.template'))],
};
"""


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_images_show_from_their_content_addressed_urls(stack):  # noqa: F811
    daemon, gateway, browser = stack
    client = SocketClient(daemon.socket)
    browser.set_window(420, 900)
    browser.open(f"{gateway.url}?component=demo.Images")
    scene = page_scene(browser)
    wait_for(lambda: browser.run(
        "const i = document.querySelector('#scene [data-key=landscape] img');"
        "return !!i && i.complete && i.naturalWidth > 0"), 20, "the landscape to load")
    look = browser.run(LOOK)
    root = client.call("scene.layout", scene=scene)["root"]
    landscape_file = open(os.path.join(IMAGES, "landscape@2x.png"), "rb").read()
    landscape_hash = hashlib.sha256(landscape_file).hexdigest()
    assert find(root, "landscape")["props"]["image"]["hash"] == landscape_hash

    # The @2x file (120 × 80 pixels) drawn at its 60 × 40 points.
    complete, width, height, source, size = look["landscape"]
    assert complete and (width, height) == (120, 80)
    assert source == f"images/{landscape_hash}"
    assert size == [60, 40]
    complete, width, badge_hash = look["badge"]
    assert complete and width > 0
    assert badge_hash == hashlib.sha256(open(os.path.join(IMAGES, "badge.svg"), "rb").read()).hexdigest()

    # A symbol is a template: a box masked by the SVG, filled with its tint (system orange).
    display, colour, mask, size = look["star"]
    star_hash = find(root, "symbol-star.fill")["props"]["image"]["hash"]
    assert display != "none" and colour == "rgb(255, 149, 0)"
    assert star_hash in mask and size == [24, 24]

    # Content modes: object-fit for the scaling ones; the image's own size at its anchor for
    # the others (60 × 40 in a 96 × 48 box); an aspect-filled box clips.
    assert look["fit"] == ["contain", "scaleAspectFit"]
    (bx, by, bw, bh), (ix, iy, iw, ih) = look["center"]
    assert (iw, ih) == (60, 40) and (ix - bx, iy - by) == ((bw - 60) / 2, (bh - 40) / 2)
    (bx, by, bw, bh), (ix, iy, iw, ih) = look["bottomRight"]
    assert (ix - bx, iy - by, iw, ih) == (bw - 60, bh - 40, 60, 40)
    assert look["clips"] == "hidden"

    # The button's symbol sits where compd's imageFrame says.
    button, image = look["button"]
    frame = find(root, "addButton")["props"]["imageFrame"]
    assert [image[0] - button[0], image[1] - button[1], image[2], image[3]] == \
        [frame["x"], frame["y"], frame["width"], frame["height"]]
    browser.screenshot("demo.Images.png")

    # The URL the page used: the file's bytes, cacheable for good.
    status, headers, body = fetch(f"{gateway.url}images/{landscape_hash}")
    assert status == 200 and body == landscape_file
    assert headers["Content-Type"] == "image/png"
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert headers["ETag"] == f'"{landscape_hash}"'
    status, headers, _ = fetch(f"{gateway.url}images/{'0' * 64}")
    assert status == 404
    client.close()
