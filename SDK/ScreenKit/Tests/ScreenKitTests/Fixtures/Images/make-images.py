#!/usr/bin/env python3
"""Writes the bitmap fixtures of ImageTests: PNGs by hand (zlib), JPEGs with cjpeg
(libjpeg-turbo-progs) from PPMs. Run in this directory; the outputs are committed."""
import struct, subprocess, zlib


def png(path, width, height, pixel):
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    open(path, "wb").write(data)


def ppm(path, width, height, pixel):
    body = b"".join(bytes(pixel(x, y)[:3]) for y in range(height) for x in range(width))
    open(path, "wb").write(b"P6\n%d %d\n255\n" % (width, height) + body)


def gradient(width, height):
    return lambda x, y: (255 * x // max(1, width - 1), 80, 255 * y // max(1, height - 1), 255)


for scale, suffix in ((1, ""), (2, "@2x"), (3, "@3x")):
    png(f"photo{suffix}.png", 30 * scale, 20 * scale, gradient(30 * scale, 20 * scale))
png("only@2x.png", 8, 6, gradient(8, 6))
ppm("/tmp/snapshot.ppm", 35, 21, gradient(35, 21))
subprocess.run(["cjpeg", "-quality", "80", "-outfile", "snapshot.jpg", "/tmp/snapshot.ppm"], check=True)
ppm("/tmp/progressive.ppm", 13, 7, gradient(13, 7))
subprocess.run(["cjpeg", "-progressive", "-outfile", "progressive.jpg", "/tmp/progressive.ppm"], check=True)
