"""``compctl render`` through the real CLI against a real compd: the SVG's node rectangles
are the layout's frames (computed here from ``scene.layout``, independently of compctl's
drawing code), and the PNG has the size ``--scale`` asks for and the colours drawn.

PNGs of the bundled screens are kept in ``test-artifacts/pictures`` (gitignored) to look at.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import xml.etree.ElementTree as ElementTree
import zlib
from pathlib import Path
from typing import Dict, List, Tuple

import compd
import pytest
from conftest import BIN, REPO

ARTIFACTS = REPO / "test-artifacts" / "pictures"


def compctl(daemon, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "compctl"), "--socket", daemon.socket, *arguments],
                          capture_output=True, text=True, timeout=60)


def expected_frames(node: dict, x: float = 0, y: float = 0,
                    out: Dict[str, Tuple[float, float, float, float]] = None):
    """Each visible node's frame in root coordinates: parents' origins added, scroll and
    table offsets subtracted (docs/protocol.md, "Nodes")."""
    out = {} if out is None else out
    if node.get("props", {}).get("hidden"):
        return out
    frame = node["frame"]
    left, top = x + frame["x"], y + frame["y"]
    out[node["id"]] = (left, top, frame["width"], frame["height"])
    scrolls = node["type"] in ("scroll", "table")
    offset = node["props"].get("contentOffset", {}) if scrolls else {}
    for child in node.get("children", []):
        expected_frames(child, left - offset.get("x", 0), top - offset.get("y", 0), out)
    return out


def read_png(path: Path) -> Tuple[int, int, List[bytes]]:
    """Width, height and RGB(A) rows of an 8-bit non-interlaced PNG (what cairo writes)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and interlace == 0 and color in (2, 6)
    channels = 4 if color == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for row in range(height):
        kind = raw[row * (stride + 1)]
        line = bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def pixel(png, x: int, y: int) -> Tuple[int, int, int]:
    width, _, rows = png
    channels = len(rows[0]) // width
    start = x * channels
    return tuple(rows[y][start:start + 3])


@pytest.fixture
def client(daemon):
    with compd.Client(daemon.socket) as client:
        yield client


def render_svg(daemon, scene, path: Path):
    """Renders ``scene`` to the SVG ``path`` and checks that every visible node is drawn as a
    group at its frame in root coordinates. Returns the SVG's root element, the groups by
    node id and the frames expected."""
    layout = scene.layout()
    result = compctl(daemon, "render", scene.id, "--output", str(path))
    assert result.returncode == 0, result.stderr
    root = ElementTree.parse(path).getroot()
    drawn = {g.get("data-node"): g for g in root.iter("{http://www.w3.org/2000/svg}g")}
    expected = expected_frames(layout["root"])
    assert set(drawn) == set(expected)
    for node_id, frame in expected.items():
        x, y, w, h = map(float, drawn[node_id].get("data-frame").split())
        assert (x, y, w, h) == pytest.approx(frame, abs=1e-3), node_id
    return root, drawn, expected


def test_login_svg_draws_every_node_at_its_frame(daemon, client):
    scene = client.open("demo.Login", params={"username": "ann"}, lifetime="daemon")
    scene.type("password", "secret")
    with_path = Path(daemon.dir) / "login.svg"
    root, drawn, expected = render_svg(daemon, scene, with_path)
    assert root.get("width") == "390" and root.get("height") == "844"
    button = next(g for g in drawn.values() if g.get("data-key") == "login")
    texts = [t.text for t in button.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["Login"]
    background = button.find("{http://www.w3.org/2000/svg}rect")
    assert tuple(float(background.get(a)) for a in ("x", "y", "width", "height")) == \
        pytest.approx(expected[button.get("data-node")])
    password = next(g for g in drawn.values() if g.get("data-key") == "password")
    assert [t.text for t in password.iter("{http://www.w3.org/2000/svg}text")] == ["••••••"]
    assert "secret" not in with_path.read_text()
    assert compctl(daemon, "render", scene.id, "--output", "-").stdout == with_path.read_text()
    scene.close()


@pytest.mark.parametrize("scale", [1, 2])
def test_login_png_has_the_scaled_size_and_the_button_colour(daemon, client, scale):
    scene = client.open("demo.Login", lifetime="daemon")
    button = scene.find("login")
    path = Path(daemon.dir) / f"login@{scale}.png"
    result = compctl(daemon, "--json", "render", scene.id, "-o", str(path), "--scale", str(scale))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["width"] == 390 * scale
    png = read_png(path)
    assert png[:2] == (390 * scale, 844 * scale)
    frame = button.absolute_frame
    colour = button.props["backgroundColor"]
    expected = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    # Just inside the button's left edge, clear of its title and rounded corners.
    assert pixel(png, int((frame.x + 6) * scale), int((frame.y + frame.height / 2) * scale)) \
        == expected
    # Above the form: the white background.
    assert pixel(png, int(frame.x * scale), 20 * scale) == (255, 255, 255)
    # The title is drawn: the button's middle row holds pixels that are not the fill.
    row = int((frame.y + frame.height / 2) * scale)
    middle = [pixel(png, x, row) for x in range(int(frame.x * scale),
                                                int((frame.x + frame.width) * scale))]
    assert any(value != expected for value in middle)
    scene.close()


@pytest.mark.parametrize("component", ["demo.Login", "demo.StackedForm", "demo.Settings",
                                       "demo.Destination", "demo.Gallery", "demo.Contacts"])
def test_bundled_screens_render_to_png(daemon, client, component):
    scene = client.open(component, lifetime="daemon")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{component}.png"
    result = compctl(daemon, "render", scene.id, "-o", str(path))
    assert result.returncode == 0, result.stderr
    width, height, _ = read_png(path)
    assert (width, height) == (780, 1688)
    scene.close()


SVG = "{http://www.w3.org/2000/svg}"


def rgb(colour: str) -> Tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_contacts_draws_rows_as_ios_does(daemon, client):
    """A scrolled list of 100,000 people: the table clips its rows, which sit at their
    content positions less the offset; a selected row is #D1D1D6, separators are hairlines
    in the table's colour, each row has its chevron, and the detail screen's inset-grouped
    rows round their outer corners."""
    scene = client.open("demo.Contacts", params={"count": 100_000}, lifetime="daemon")
    scene.scroll("contacts", 0, 1_000_000)
    table = scene.find("contacts")
    row = min((cell for cell in table.find_all("cell")
               if cell.absolute_frame.y > table.absolute_frame.y + 100),
              key=lambda cell: cell.absolute_frame.y)
    scene.tap(row)
    scene.event({"type": "back"})
    # The list's views left the window and came back: new nodes.
    row, table = scene.find(row.key), scene.find("contacts")
    assert row.props["selected"] is True
    _, drawn, _ = render_svg(daemon, scene, Path(daemon.dir) / "contacts.svg")
    table_group = next(g for g in drawn.values() if g.get("data-key") == "contacts")
    assert table_group.get("clip-path")
    separator = rgb(table.props["separatorColor"])
    cells = [g for g in drawn.values() if g.get("data-type") == "cell"]
    assert len(cells) == len(table.find_all("cell"))
    for cell in cells:
        lines = cell.findall(f"{SVG}line")
        # The separator and the chevron's two strokes.
        assert len(lines) == 3, cell.get("data-key")
        hairline = lines[0]
        assert float(hairline.get("stroke-width")) == 0.5
        assert rgb(hairline.get("stroke")) == separator
        x, y, w, h = map(float, cell.get("data-frame").split())
        assert float(hairline.get("y1")) == pytest.approx(y + h - 0.25)
        tip = max(float(line.get("x2")) for line in lines[1:])
        assert tip == pytest.approx(x + w - 16.5)
    selected = drawn[row.id]
    fills = [r.get("fill") for r in selected.findall(f"{SVG}rect")]
    assert "#d1d1d6" in fills
    # The picture: the selected row's grey beside its text, the others white.
    png_path = ARTIFACTS / "demo.Contacts-selected.png"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    assert compctl(daemon, "render", scene.id, "-o", str(png_path), "--scale", "1").returncode == 0
    png = read_png(png_path)
    frame = scene.find(row.key).absolute_frame
    assert pixel(png, int(frame.x + frame.width - 60), int(frame.y + 4)) == (209, 209, 214)
    other = next(cell for cell in rows_in_view(scene) if cell.id != row.id)
    assert pixel(png, int(other.absolute_frame.x + other.frame.width - 60),
                 int(other.absolute_frame.y + 4)) == (255, 255, 255)

    scene.tap(row)
    detail = Path(daemon.dir) / "detail.svg"
    assert compctl(daemon, "render", scene.id, "-o", str(detail)).returncode == 0
    groups = {g.get("data-key"): g for g in ElementTree.parse(detail).getroot().iter(f"{SVG}g")}
    # The first row of the inset-grouped section rounds its top corners, the last its bottom.
    top = groups["name"].find(f"{SVG}path").get("d")
    bottom = groups["phone"].find(f"{SVG}path").get("d")
    assert top.startswith("M") and " A10,10 " in top and " A10,10 " in bottom
    assert groups["name"].findall(f"{SVG}line") and not groups["phone"].findall(f"{SVG}line")
    scene.close()


def rows_in_view(scene) -> List:
    table = scene.find("contacts")
    top, bottom = table.absolute_frame.y, table.absolute_frame.y + table.frame.height
    return [cell for cell in table.find_all("cell")
            if top < cell.absolute_frame.y and cell.absolute_frame.y + cell.frame.height < bottom]


def test_render_rejects_what_it_cannot_write(daemon, client):
    scene = client.open("demo.Login", lifetime="daemon")
    bad = compctl(daemon, "render", scene.id, "-o", str(Path(daemon.dir) / "x.gif"))
    assert bad.returncode == 1 and ".svg or .png" in bad.stderr
    bad = compctl(daemon, "render", scene.id, "-o", "/nonexistent/dir/x.png")
    assert bad.returncode == 1 and "cannot write" in bad.stderr
    bad = compctl(daemon, "render", scene.id, "-o", "/nonexistent/dir/x.svg")
    assert bad.returncode == 1 and "cannot write" in bad.stderr
    missing = compctl(daemon, "render", "s999999", "-o", str(Path(daemon.dir) / "x.svg"))
    assert missing.returncode == 2 and "NoSuchScene" in missing.stderr
    scene.close()


def draw(daemon, *arguments: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS")}
    result = subprocess.run([str(BIN / "compctl"), "--socket", daemon.socket, "draw",
                             *arguments], capture_output=True, text=True, timeout=60,
                            env=environment)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_draw_tells_the_types_apart(daemon, client):
    settings = client.open("demo.Settings", lifetime="daemon")
    drawn = draw(daemon, settings.id, "--width", "80")
    lines = drawn.splitlines()
    assert all(len(line) <= 80 for line in lines)
    # Switches show their state; labels are bare text.
    assert sum("[on ●]" in line for line in lines) == 1
    assert sum("[○ off]" in line for line in lines) == 2
    # Each switch is its row's accessory, drawn on the line of the row's title.
    notifications = next(line for line in lines if "Notifications" in line)
    assert "[on ●]" in notifications
    title = notifications.split("[")[0]
    assert not set("┏┃(") & set(title)
    settings.close()

    login = client.open("demo.Login", params={"username": "ann"}, lifetime="daemon")
    lines = draw(daemon, login.id, "--width", "50").splitlines()
    assert any(line.strip("│ ").startswith("┏ann━") for line in lines)
    assert any(line.strip("│ ").startswith("┏Password━") for line in lines)
    button = next(index for index, line in enumerate(lines) if "╭" in line)
    assert lines[button].strip("│ ").startswith("╭─")
    assert lines[button + 1].split() == ["│", "│", "Login", "│", "│"]
    assert lines[button + 2].strip("│ ").startswith("╰─")
    login.close()

    gallery = client.open("demo.Gallery", lifetime="daemon")
    drawn = draw(daemon, gallery.id, "--width", "70")
    # The navigation bar's title is its child label's: drawn once.
    assert drawn.count("Gallery") == 1
    assert "━" * 20 in drawn
    gallery.close()

    contacts = client.open("demo.Contacts", lifetime="daemon")
    lines = draw(daemon, contacts.id, "--width", "80", "--height", "200").splitlines()
    table = contacts.find("contacts")
    top, bottom = table.absolute_frame.y, table.absolute_frame.y + table.frame.height
    shown = [cell for cell in table.find_all("cell")
             if top <= cell.absolute_frame.y and cell.absolute_frame.y + cell.frame.height <= bottom]
    # Each row in view has its chevron and a separator under it, and its name and number.
    assert sum(line.rstrip(" ╎").endswith("›") for line in lines) >= len(shown) > 8
    assert sum("─" * 40 in line for line in lines) >= len(shown)
    assert all(any(label.text in line for line in lines)
               for cell in shown for label in cell.find_all("label"))
    contacts.close()


def test_draw_fits_the_height_and_counts_what_it_cannot_show(daemon, client):
    gallery = client.open("demo.Gallery", lifetime="daemon")
    lines = draw(daemon, gallery.id, "--width", "70", "--height", "20").splitlines()
    drawing = [line for line in lines if not line.startswith("(")]
    assert len(drawing) == 20
    assert all(len(line) <= 70 for line in drawing)
    tiny = json.loads(draw(daemon, gallery.id, "--json", "--width", "20", "--height", "8"))
    assert tiny["rows"] == 8 and tiny["columns"] <= 20 and tiny["tooSmall"] > 0
    assert len(tiny["drawing"].splitlines()) == 8
    message = draw(daemon, gallery.id, "--width", "20", "--height", "8").splitlines()[-1]
    assert message.startswith(f"({tiny['tooSmall']} views were too small to draw")
    roomy = json.loads(draw(daemon, gallery.id, "--json", "--width", "390", "--height", "2000"))
    assert roomy["tooSmall"] == 0
    # With LINES set (as shells export it), the drawing fits in one row less.
    environment = dict(os.environ, LINES="15")
    result = subprocess.run([str(BIN / "compctl"), "--socket", daemon.socket, "--json", "draw",
                             gallery.id, "--width", "70"], capture_output=True, text=True,
                            env=environment, timeout=60)
    assert json.loads(result.stdout)["rows"] == 14
    gallery.close()
