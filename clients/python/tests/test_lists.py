"""Tables through the installed client against a real compd: ``demo.Contacts`` with
100,000 people is a ``table`` whose ``cell`` rows the live tree follows as the list scrolls,
is swiped and shrinks (docs/protocol.md, ``table``, ``cell`` and the ``swipe`` event)."""

from __future__ import annotations

import asyncio

import compd
import compd.aio
import pytest
from trees import assert_tree_matches_layout

PEOPLE = 100_000


@pytest.fixture
def client(daemon):
    with compd.Client(daemon.socket, timeout=20) as client:
        yield client


def rows_in_view(table: compd.Node):
    """The cells of ``table`` that show in its bounds, top to bottom."""
    top = table.absolute_frame.y
    bottom = top + table.frame.height
    cells = [cell for cell in table.find_all("cell")
             if cell.absolute_frame.y + cell.frame.height > top and cell.absolute_frame.y < bottom]
    return sorted(cells, key=lambda cell: cell.absolute_frame.y)


def test_a_long_list_is_a_table_of_the_rows_in_view(client):
    scene = client.open("demo.Contacts", params={"count": PEOPLE})
    table = scene.find("contacts")
    assert table.type == "table" and table.scrolls
    assert table.props["rowCount"] == PEOPLE and table.props["sectionCount"] > 1
    cells = table.find_all("cell")
    assert 10 < len(cells) < 40
    assert all(cell.table is table for cell in cells)
    first = rows_in_view(table)[0]
    assert first.key.startswith("person")
    assert first.props["accessory"] == "disclosureIndicator"
    # Content starts below the navigation bar: the offset is minus the top inset, so the
    # first row shows just under the bar and the search field.
    inset = table.props["contentInset"]["top"]
    assert table.props["contentOffset"]["y"] == -inset
    assert first.absolute_frame.y == pytest.approx(
        table.absolute_frame.y + inset + first.frame.y)
    assert_tree_matches_layout(scene, scene.layout())
    scene.close()


def test_scrolling_brings_the_rows_there_into_the_same_cells(client):
    scene = client.open("demo.Contacts", params={"count": PEOPLE})
    table = scene.find("contacts")
    before = {cell.id for cell in table.find_all("cell")}
    result = scene.scroll(table, 0, 2_000_000)
    assert result["handled"] is True
    table = scene.find("contacts")
    assert table.props["contentOffset"]["y"] == 2_000_000
    shown = rows_in_view(table)
    assert shown and all(cell.frame.y > 1_990_000 for cell in shown)
    # The rows there arrive in the cells that left: the same nodes, moved.
    assert before <= {cell.id for cell in table.find_all("cell")}
    # A row shows at its content position less the offset: inside the table's bounds.
    frame = table.absolute_frame
    assert all(frame.y - cell.frame.height < cell.absolute_frame.y < frame.y + frame.height
               for cell in shown)
    assert_tree_matches_layout(scene, scene.layout())
    # Past the end the offset is clamped to the last screen of rows.
    scene.scroll("contacts", 0, 1e12)
    table = scene.find("contacts")
    end = table.props["contentSize"]["height"] + table.props["contentInset"]["bottom"]
    assert table.props["contentOffset"]["y"] == pytest.approx(end - table.frame.height)
    assert_tree_matches_layout(scene, scene.layout())
    scene.close()


def test_a_left_swipe_reveals_delete_and_its_tap_removes_the_row(client):
    scene = client.open("demo.Contacts", params={"count": PEOPLE})
    row = rows_in_view(scene.find("contacts"))[2]
    key = row.key
    assert scene.swipe(row, "left")["handled"] is True
    swiped = scene.find(key)
    assert swiped.props["swiped"] == "trailing"
    delete = scene.find("swipeAction0")
    assert delete.type == "button" and delete.props["title"] == "Delete"
    assert delete.parent is swiped or swiped in _ancestors(delete)
    # A right swipe closes the actions again.
    scene.swipe(key, "right")
    assert "swiped" not in scene.find(key).props and scene.find("swipeAction0") is None
    scene.swipe(key, "left")
    scene.tap("swipeAction0")
    event = scene.next_event(timeout=5)
    assert event.name == "deleted" and f"person{event.payload['id']}" == key
    assert scene.find(key) is None
    assert scene.find("contacts").props["rowCount"] == PEOPLE - 1
    assert_tree_matches_layout(scene, scene.layout())
    scene.close()


def _ancestors(node: compd.Node):
    while node.parent is not None:
        node = node.parent
        yield node


def test_selecting_a_row_pushes_its_detail_and_search_filters(client):
    scene = client.open("demo.Contacts", params={"count": 1000})
    row = rows_in_view(scene.find("contacts"))[0]
    name = next(node.text for node in row.walk() if node.type == "label")
    scene.tap(row)
    event = scene.next_event(timeout=5)
    assert event.name == "selected" and event.payload["name"] == name
    detail = scene.find("detail")
    assert detail.type == "table" and detail.props["style"] == "insetGrouped"
    name_row = scene.find("name")
    assert name_row.type == "cell" and name_row.props["roundedCorners"] == "top"
    assert name in [node.text for node in name_row.walk()]
    assert scene.find("phone").props["roundedCorners"] == "bottom"
    scene.event({"type": "back"})
    assert scene.find("detail") is None
    # The row stays selected, as in UIKit without a table view controller to clear it.
    assert scene.find(row.key).props.get("selected") is True
    scene.type("search", "zzzz-nobody")
    assert scene.find("contacts").props["rowCount"] == 0
    assert scene.find("contacts").find_all("cell") == []
    assert_tree_matches_layout(scene, scene.layout())
    scene.close()


def test_swipe_and_scroll_are_checked_before_they_are_sent(client):
    scene = client.open("demo.Contacts", params={"count": 50})
    revision = scene.revision
    with pytest.raises(ValueError, match="left, right, up, down"):
        scene.swipe("contacts", "sideways")
    with pytest.raises(ValueError, match="finite number"):
        scene.scroll("contacts", 0, float("nan"))
    with pytest.raises(ValueError, match="finite number"):
        scene.scroll("contacts", True, 0)
    with pytest.raises(TypeError, match="a target is"):
        scene.swipe(42, "left")
    assert scene.revision == revision
    # compd refuses a swipe on what is not a table row.
    with pytest.raises(compd.InvalidParams):
        scene.swipe("search", "left")
    scene.close()


def test_the_asyncio_client_scrolls_and_swipes(daemon):
    async def run():
        async with compd.aio.Client(daemon.socket, timeout=20) as client:
            scene = await client.open("demo.Contacts", params={"count": PEOPLE})
            await scene.scroll("contacts", 0, 500_000)
            table = scene.find("contacts")
            row = rows_in_view(table)[0]
            assert row.frame.y > 499_000
            await scene.swipe(row, "left")
            assert scene.find(row.key).props["swiped"] == "trailing"
            with pytest.raises(ValueError):
                await scene.swipe(row, "diagonal")
            assert_tree_matches_layout(scene, await scene.layout())
            await scene.close()

    asyncio.run(run())
