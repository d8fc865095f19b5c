"""Every bundled component through the installed client: open, tree, events."""

from __future__ import annotations

import compd
import pytest
from trees import assert_tree_matches_layout


@pytest.fixture
def client(daemon):
    with compd.Client(daemon.socket, timeout=20) as client:
        yield client


def test_socket_is_found_as_compctl_finds_it(monkeypatch, daemon):
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setenv("COMPD_SOCKET", daemon.socket)
    assert compd.locate_socket() == daemon.socket
    with compd.Client() as client:
        assert isinstance(client.call("daemon.ping"), dict)
    monkeypatch.delenv("COMPD_SOCKET")
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/run/user/1000/")
    assert compd.locate_socket() == "/run/user/1000/compd.sock"
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    assert compd.locate_socket() == "/run/compd.sock"
    assert compd.locate_socket("/x.sock") == "/x.sock"


def test_login_types_taps_and_emits(client):
    scene = client.open("demo.Login", params={"username": "ann"})
    assert scene.root.type == "view"
    assert scene.root.frame == compd.Frame(0, 0, 390, 844)
    username = scene.find("username")
    assert username is not None and username.type == "textField"
    assert username.props["text"] == "ann"
    scene.type("password", "secret")
    password = scene.find("password")
    assert password.props.get("secure") is True and password.props["textLength"] == 6
    assert "text" not in password.props
    scene.type(username, "anna")
    assert scene.find("username").props["text"] == "anna"
    result = scene.tap("login")
    assert result["handled"] is True
    assert scene.next_event(timeout=5) == compd.Emitted(
        "login", {"username": "anna", "hasPassword": True})
    assert_tree_matches_layout(scene, scene.layout())
    login = scene.find("login")
    frame = login.absolute_frame
    assert frame.width == login.frame.width and frame.y >= login.frame.y
    scene.close()
    assert scene.closed == "closed"


def test_stacked_form_adds_and_removes_rows(client):
    scene = client.open("demo.StackedForm", params={"rows": 1})
    assert scene.find("row1") is not None and scene.find("row2") is None
    scene.tap("addRow")
    assert scene.next_event(timeout=5) == compd.Emitted("rowsChanged", {"count": 2})
    assert scene.find("row2") is not None
    scene.type("row2", "hello")
    assert scene.find("row2").props["text"] == "hello"
    assert_tree_matches_layout(scene, scene.layout())
    scene.tap("removeRow")
    assert scene.next_event(timeout=5) == compd.Emitted("rowsChanged", {"count": 1})
    assert scene.find("row2") is None
    assert_tree_matches_layout(scene, scene.layout())
    scroll = next(node for node in scene.root.walk() if node.type == "scroll")
    assert "contentOffset" in scroll.props


def test_settings_toggles_switches(client):
    scene = client.open("demo.Settings", params={"autoplay": True})
    switches = {node.key: node for node in scene.root.walk() if node.type == "switch"}
    assert set(switches) == {"notifications", "darkMode", "autoplay"}
    assert switches["notifications"].props["on"] is True
    assert switches["darkMode"].props["on"] is False
    assert switches["autoplay"].props["on"] is True
    scene.event({"type": "toggle", "target": switches["darkMode"], "on": True})
    assert scene.next_event(timeout=5) == compd.Emitted(
        "settingChanged", {"key": "darkMode", "on": True})
    assert scene.find("darkMode").props["on"] is True
    assert_tree_matches_layout(scene, scene.layout())


def test_destination_reports_its_text(client):
    scene = client.open("demo.Destination", params={"destination": "Oslo"})
    assert scene.find("title").props["text"] == "Where to?"
    field = scene.find("destination")
    assert field.props["text"] == "Oslo"
    scene.type("destination", "Bergen")
    scene.event({"type": "submit", "target": "destination"})
    names = [event.payload for event in scene.events(timeout=1)]
    assert {"destination": "Bergen"} in names
    assert scene.find("destination").props["text"] == "Bergen"
    assert_tree_matches_layout(scene, scene.layout())


def test_gallery_pushes_a_component_and_goes_back(client):
    scene = client.open("demo.Gallery")
    bar = next(node for node in scene.root.walk() if node.type == "navigationBar")
    assert bar.props.get("title") == "Gallery"
    scene.tap("demo.Login")
    assert scene.next_event(timeout=5) == compd.Emitted("opened", {"component": "demo.Login"})
    assert scene.find("username") is not None
    assert_tree_matches_layout(scene, scene.layout())
    scene.event({"type": "back"})
    assert_tree_matches_layout(scene, scene.layout())


def test_resize_relays_out_the_live_tree(client):
    scene = client.open("demo.Login")
    scene.resize(844, 390)
    assert scene.root.frame == compd.Frame(0, 0, 844, 390)
    assert_tree_matches_layout(scene, scene.layout())
    scene.resize(style="dark")
    assert_tree_matches_layout(scene, scene.layout())


def test_attach_follows_a_scene_another_client_drives(daemon, client):
    scene = client.open("demo.Login", lifetime="daemon")
    with compd.Client(daemon.socket) as other:
        watcher = other.attach(scene.id)
        scene.type("username", "bo")
        # The change went to `other`'s outbox before the event's reply; a reply from the
        # main actor (not daemon.ping, which the I/O thread answers at once) follows it.
        layout = watcher.layout()
        assert watcher.find("username").props["text"] == "bo"
        assert_tree_matches_layout(watcher, layout)
    scene.close()


def test_events_iterator_ends_after_the_timeout(client):
    scene = client.open("demo.Login")
    assert list(scene.events(timeout=0.05)) == []
    with pytest.raises(TimeoutError):
        scene.next_event(timeout=0.05)


def test_bars_and_alerts_page_has_a_toolbar_and_an_alert(client):
    scene = client.open("demo.Gallery")
    scene.tap("demo.BarsAndAlerts")
    toolbar = scene.root.toolbar
    assert toolbar is not None and toolbar.type == "toolbar"
    assert [item.props["barItem"] for item in toolbar.bar_items] == ["toolbar"] * 3
    bar = next(node for node in scene.root.walk() if node.type == "navigationBar")
    assert {item.key for item in bar.bar_items} >= {"add", "sort", "edit"}
    assert scene.find("add").props["systemItem"] == "add"
    scene.tap("showAlert")
    alert = scene.find("alert")
    assert alert.presentation == "alert"
    assert scene.find("alert.action.0").props["style"] == "cancel"
    scene.tap("alert.action.0")
    assert scene.find("alert") is None
    assert scene.find("status").text == "Chose cancel"
    assert_tree_matches_layout(scene, scene.layout())
