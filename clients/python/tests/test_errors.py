"""compd's errors arrive as the exception classes named after them."""

from __future__ import annotations

import re
import socket

import compd
import pytest
from conftest import REPO, Daemon


@pytest.fixture
def client(daemon):
    with compd.Client(daemon.socket, timeout=20) as client:
        yield client


def test_every_error_name_in_the_protocol_has_a_class():
    # docs/protocol.md's error table is the reference for the names.
    table = (REPO / "docs" / "protocol.md").read_text()
    names = set(re.findall(r"`compd\.([A-Za-z]+)`", table))
    assert names >= {"NoSuchScene", "LimitExceeded", "ShuttingDown"}
    for name in names:
        cls = getattr(compd, name)
        assert issubclass(cls, compd.Error)


def test_bad_params_are_invalid_params_with_the_field(client):
    with pytest.raises(compd.InvalidParams) as caught:
        client.open("demo.Login", environment={"width": -5})
    assert caught.value.code == -32602
    assert caught.value.field == "environment.width"
    with pytest.raises(compd.InvalidParams) as caught:
        client.open("demo.StackedForm", params={"rows": "many"})
    assert caught.value.field == "params.rows"


def test_unknown_things_are_their_named_errors(client):
    with pytest.raises(compd.NoSuchComponent) as caught:
        client.open("demo.Nothing")
    assert caught.value.code == -32002 and caught.value.name == "compd.NoSuchComponent"
    with pytest.raises(compd.NoSuchScene):
        client.call("scene.layout", scene="s999999")
    with pytest.raises(compd.MethodNotFound):
        client.call("scene.nothing")
    scene = client.open("demo.Login")
    with pytest.raises(compd.NoSuchNode):
        scene.tap("nothing")
    with pytest.raises(compd.InvalidParams) as caught:
        scene.type(scene.find("login"), "text into a button")
    assert caught.value.field == "event"
    # A failed event changes nothing; the scene still works.
    scene.type("username", "ann")
    assert scene.find("username").props["text"] == "ann"


def test_a_closed_scene_raises_no_such_scene(client):
    scene = client.open("demo.Login")
    client.call("scene.close", scene=scene.id)
    with pytest.raises(compd.NoSuchScene):
        scene.tap("login")
    with pytest.raises(compd.NoSuchScene):
        scene.root


def test_too_many_scenes_is_limit_exceeded():
    limited = Daemon(["--max-scenes-per-client", "2"])
    limited.start()
    try:
        with compd.Client(limited.socket) as client:
            client.open("demo.Login")
            client.open("demo.Login")
            with pytest.raises(compd.LimitExceeded) as caught:
                client.open("demo.Login")
            assert caught.value.data["scope"] == "client"
            assert isinstance(caught.value, compd.Error)
    finally:
        limited.cleanup()


def test_no_daemon_is_connection_lost(tmp_path):
    with pytest.raises(compd.ConnectionLost):
        compd.Client(str(tmp_path / "none.sock"))


def test_unreachable_default_socket_points_at_make_runs(tmp_path, monkeypatch):
    # A checkout's `make run` listens on ./run/compd.sock, not where an installed compd does:
    # run from the checkout without COMPD_SOCKET, the error says which socket to use.
    (tmp_path / "run").mkdir()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(tmp_path / "run" / "compd.sock"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COMPD_SOCKET", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "nothing"))
    try:
        with pytest.raises(compd.ConnectionLost) as caught:
            compd.Client(reconnect=False)
        local = str(tmp_path / "run" / "compd.sock")
        assert f"cannot connect to {tmp_path}/nothing/compd.sock" in str(caught.value)
        assert f"set COMPD_SOCKET={local}" in str(caught.value)
        # Named explicitly, the socket is the user's choice: no hint.
        with pytest.raises(compd.ConnectionLost) as caught:
            compd.Client(str(tmp_path / "elsewhere.sock"), reconnect=False)
        assert "COMPD_SOCKET" not in str(caught.value)
    finally:
        listener.close()
