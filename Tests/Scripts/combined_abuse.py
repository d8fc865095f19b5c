"""One of the abusers of the combined-abuse test (HardeningTests.combinedAbuse), for SECONDS.

Usage: combined_abuse.py SOCKET SECONDS batch
       combined_abuse.py SOCKET SECONDS subscribers SCENE [COUNT]
       combined_abuse.py SOCKET SECONDS typist SCENE TARGET

* batch: sends one 50,000-entry batch after another (each a 2.5 MB line) and reads the
  one error each gets back. Run it as a read-only user.
* subscribers: COUNT (20) connections subscribe to SCENE, read the snapshot and then never
  read again; one that compd disconnects subscribes again on a new connection, so that
  COUNT stay for the whole run.
* typist: types 8 KiB texts into the field TARGET of SCENE at 1,000 events a second,
  reading the replies on a thread of its own.

Prints one line of counts at the end (`batches=N`, `resubscribed=N`, `events=N replies=N`).
"""
import json
import select
import socket
import sys
import threading
import time

path, seconds, role = sys.argv[1], float(sys.argv[2]), sys.argv[3]
deadline = time.monotonic() + seconds


def connect():
    connection = socket.socket(socket.AF_UNIX)
    connection.connect(path)
    return connection


def read_line(connection, pending=b""):
    while b"\n" not in pending:
        chunk = connection.recv(1 << 20)
        if not chunk:
            raise ConnectionError("closed")
        pending += chunk
    line, _, rest = pending.partition(b"\n")
    return line, rest


if role == "batch":
    entry = '{"jsonrpc":"2.0","method":"rpc.discover","id":1}'
    line = ("[" + ",".join([entry] * 50000) + "]\n").encode()
    batches = 0
    connection = connect()
    while time.monotonic() < deadline:
        connection.sendall(line)
        reply, _ = read_line(connection)
        assert b"compd.LimitExceeded" in reply, reply[:300]
        batches += 1
    print(f"batches={batches}")

elif role == "subscribers":
    scene = sys.argv[4]
    count = int(sys.argv[5]) if len(sys.argv) > 5 else 20
    request = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "scene.subscribe",
                          "params": {"scene": scene}}).encode() + b"\n"

    def subscribe():
        connection = connect()
        connection.sendall(request)
        read_line(connection)
        return connection

    subscribers = [subscribe() for _ in range(count)]
    resubscribed = 0
    # compd's end closing shows as POLLRDHUP even while its last data waits unread here.
    hangup = select.POLLRDHUP | select.POLLHUP | select.POLLERR
    while time.monotonic() < deadline:
        poller = select.poll()
        for connection in subscribers:
            poller.register(connection, hangup)
        gone = {descriptor for descriptor, _ in poller.poll(50)}
        for index, connection in enumerate(subscribers):
            if connection.fileno() in gone:
                connection.close()
                subscribers[index] = subscribe()
                resubscribed += 1
    print(f"resubscribed={resubscribed}")

elif role == "typist":
    scene, target = sys.argv[4], sys.argv[5]
    connection = connect()
    replies = 0
    stop = threading.Event()

    def read_replies():
        global replies
        pending = b""
        while not stop.is_set():
            try:
                line, pending = read_line(connection, pending)
            except (ConnectionError, OSError):
                return
            if b'"id"' in line:
                replies += 1

    reader = threading.Thread(target=read_replies, daemon=True)
    reader.start()
    events = 0
    started = time.monotonic()
    while time.monotonic() < deadline:
        text = chr(ord("a") + events % 26) * 8192
        message = {"jsonrpc": "2.0", "id": events + 1, "method": "scene.event",
                   "params": {"scene": scene, "event": {"type": "text", "target": target,
                                                        "text": text}}}
        connection.sendall(json.dumps(message).encode() + b"\n")
        events += 1
        # 1,000 a second: wait for the next one's time when ahead of it.
        ahead = started + events / 1000 - time.monotonic()
        if ahead > 0:
            time.sleep(ahead)
    time.sleep(1)
    stop.set()
    print(f"events={events} replies={replies}")
