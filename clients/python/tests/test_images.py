"""Images: a node's ``image`` prop read as an :class:`compd.ImageRef`, its bytes fetched
with ``Client.image`` and checked against the plugin's file."""

from __future__ import annotations

import hashlib

import compd
import pytest
from conftest import REPO


@pytest.fixture
def client(daemon):
    with compd.Client(daemon.socket, timeout=20) as client:
        yield client


def test_an_image_node_and_its_bytes(client):
    scene = client.open("demo.Images")
    landscape = scene.find("landscape")
    image = landscape.image
    assert isinstance(image, compd.ImageRef)
    assert (image.width, image.height, image.scale, image.name) == (60, 40, 2, "landscape")
    data = (REPO / "Plugins" / "Gallery" / "Images" / "landscape@2x.png").read_bytes()
    assert image.hash == hashlib.sha256(data).hexdigest()
    for reference in (image, image.hash, landscape.props["image"]):
        fetched = client.image(reference)
        assert (fetched.mime, fetched.data) == ("image/png", data)
    star = scene.find("symbol-star.fill").image
    assert star.template and star.tint == "#ff9500ff"
    assert client.image(star).mime == "image/svg+xml"


def test_an_unknown_image_is_no_such_image(client):
    with pytest.raises(compd.NoSuchImage):
        client.image("0" * 64)
    with pytest.raises(compd.InvalidParams):
        client.image("not-a-hash")
