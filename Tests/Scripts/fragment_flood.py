"""Floods compd-web with fragmented WebSocket messages that never end.

Usage: fragment_flood.py HOST PORT CONNECTIONS FRAGMENTS FRAGMENT_BYTES HOLD_SECONDS

Opens CONNECTIONS WebSockets on /rpc (RFC 6455 upgrade, masked client frames), and on
each starts a text message in FRAGMENTS frames of FRAGMENT_BYTES (a first text frame and
continuations, none final), so the gateway holds every fragment while it waits for the
end. Holds them HOLD_SECONDS, then closes them all. Then a well-behaved page's WebSocket
sends `daemon.ping` as one whole message and reads the reply. Prints `upgraded=N
sentMiB=M closedByGateway=K ping=ok|failed`: K connections the gateway closed meanwhile
(over one of its bounds).
"""
import base64
import os
import socket
import struct
import sys
import time

host, port = sys.argv[1], int(sys.argv[2])
connections, fragments, size = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
hold = float(sys.argv[6])


def upgrade():
    connection = socket.create_connection((host, port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall(
        (f"GET /rpc HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
         f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
         "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = connection.recv(4096)
        if not chunk:
            raise ConnectionError("closed during the upgrade")
        answer += chunk
    if not answer.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(answer.split(b"\r\n")[0].decode())
    return connection


def frame(opcode, payload, fin):
    head = bytes([(0x80 if fin else 0) | opcode])
    length = len(payload)
    if length < 126:
        head += bytes([0x80 | length])
    elif length < 65536:
        head += bytes([0x80 | 126]) + struct.pack("!H", length)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", length)
    # Masking every byte in Python is slow; a zero mask is a valid mask (the frame is still
    # a masked client frame) and leaves the payload as it is.
    return head + b"\0\0\0\0" + payload


payload = b"x" * size
sockets = []
sent = 0
closed = 0
for _ in range(connections):
    try:
        sockets.append(upgrade())
    except (OSError, ConnectionError):
        closed += 1
for index in range(fragments):
    data = frame(0x1 if index == 0 else 0x0, payload, fin=False)
    for connection in list(sockets):
        try:
            connection.sendall(data)
            sent += len(data)
        except OSError:
            sockets.remove(connection)
            closed += 1
time.sleep(hold)
for connection in sockets:
    connection.close()


def ping():
    connection = upgrade()
    connection.sendall(frame(0x1, b'{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}', fin=True))
    answer = b""
    while True:
        chunk = connection.recv(4096)
        if not chunk:
            return "failed"
        answer += chunk
        if len(answer) >= 2 and len(answer) >= 2 + (answer[1] & 0x7F):
            payload = answer[2:2 + (answer[1] & 0x7F)]
            return "ok" if b'"result":{}' in payload else "failed"


try:
    result = ping()
except (OSError, ConnectionError):
    result = "failed"
print(f"upgraded={connections} sentMiB={sent >> 20} closedByGateway={closed} ping={result}",
      flush=True)
