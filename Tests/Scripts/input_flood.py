#!/usr/bin/env python3
"""Plays the clients of `InputBudgetDaemonTests`: many connections, each sending most of
one huge request line without its newline, slowly, and holding it.

    input_flood.py SOCKET CONNECTIONS MIB SECONDS

Every connection writes CHUNK bytes of a JSON string in turn, with a pause between rounds,
until each has sent MIB MiB (or has been disconnected); the survivors then hold their
partial lines until SECONDS have passed since the start. It prints one line:
`connected=N disconnected=N errors=N held=N sent=MIB`, where `errors` counts disconnected
connections that were first sent a `compd.LimitExceeded` error naming `max-input-buffer`.
"""

import select
import socket
import sys
import time

CHUNK = 256 << 10
PAUSE = 0.04


class Flooder:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.sock.settimeout(5)
        self.sent = 0
        self.received = b""
        self.closed = False
        self.sock.sendall(b'{"jsonrpc":"2.0","method":"daemon.ping","id":1,"params":{"x":"')

    def drain(self):
        """Reads what compd wrote without blocking; notes when it closed the connection."""
        while not self.closed:
            readable, _, _ = select.select([self.sock], [], [], 0)
            if not readable:
                return
            try:
                data = self.sock.recv(65536)
            except OSError:
                data = b""
            if not data:
                self.closed = True
                return
            self.received += data

    def send_chunk(self, payload):
        try:
            self.sock.sendall(payload)
            self.sent += len(payload)
        except OSError:
            self.closed = True
            # What compd wrote before closing stays readable.
            self.sock.settimeout(0.5)
            try:
                while True:
                    data = self.sock.recv(65536)
                    if not data:
                        break
                    self.received += data
            except OSError:
                pass

    @property
    def told(self):
        return b"compd.LimitExceeded" in self.received and b"max-input-buffer" in self.received


def main():
    path, count, mib, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    start = time.monotonic()
    flooders = [Flooder(path) for _ in range(count)]
    payload = b"a" * CHUNK
    target = mib << 20
    while True:
        active = [f for f in flooders if not f.closed and f.sent < target]
        if not active:
            break
        for flooder in active:
            flooder.send_chunk(payload)
        for flooder in flooders:
            flooder.drain()
        time.sleep(PAUSE)
    while time.monotonic() - start < seconds:
        for flooder in flooders:
            flooder.drain()
        time.sleep(0.05)
    disconnected = [f for f in flooders if f.closed]
    held = [f for f in flooders if not f.closed]
    print(
        f"connected={count} disconnected={len(disconnected)} "
        f"errors={sum(1 for f in disconnected if f.told)} held={len(held)} "
        f"sent={sum(f.sent for f in flooders) >> 20}",
        flush=True,
    )
    for flooder in flooders:
        flooder.sock.close()


if __name__ == "__main__":
    main()
