"""compd under a fake systemd with a descriptor store, restarted keeping its socket.

Plays systemd's part with Python's socket module (an implementation independent of
compd's): a notify socket that takes FDSTORE=1 with its descriptor (SCM_RIGHTS), and a
restart that passes the stored descriptor back as fd 3 with LISTEN_FDS=1,
LISTEN_FDNAMES=compd-listen and LISTEN_PID, as systemd does for FileDescriptorStoreMax=.

Checks: the stored descriptor is compd's listening socket on the configured path; after
the first compd exits the socket file is still there and a client can connect (queued in
the backlog); the second compd, handed the stored socket, answers that client.
Exits 0 when every check holds; prints what failed otherwise.
Usage: fdstore_restart.py COMPD WORKDIR
"""
import json
import os
import signal
import time
import socket
import subprocess
import sys

compd, workdir = sys.argv[1], sys.argv[2]
notify_path = os.path.join(workdir, "notify")
socket_path = os.path.join(workdir, "compd.sock")

notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
notify.bind(notify_path)
notify.settimeout(60)


def messages():
    while True:
        data, fds, _, _ = socket.recv_fds(notify, 4096, 4)
        yield data.decode().split("\n"), fds


def ping(client):
    client.sendall(b'{"jsonrpc":"2.0","method":"daemon.ping","id":1}\n')
    reply = b""
    while not reply.endswith(b"\n"):
        chunk = client.recv(4096)
        if not chunk:
            raise SystemExit("compd closed the connection before answering")
        reply += chunk
    return json.loads(reply)


first = subprocess.Popen(
    [compd, "--socket", socket_path],
    env=dict(os.environ, NOTIFY_SOCKET=notify_path),
    stderr=open(os.path.join(workdir, "first.log"), "w"),
)
stored = None
for fields, fds in messages():
    if "FDSTORE=1" in fields:
        if "FDNAME=compd-listen" not in fields or len(fds) != 1:
            raise SystemExit(f"FDSTORE message without one compd-listen descriptor: {fields} {fds}")
        stored = fds[0]
    else:
        for fd in fds:
            os.close(fd)
    if "READY=1" in fields:
        break
if stored is None:
    raise SystemExit("compd sent READY=1 without storing its socket first")
probe = socket.socket(fileno=os.dup(stored))
if probe.getsockname() != socket_path or probe.type != socket.SOCK_STREAM:
    raise SystemExit(f"the stored descriptor is {probe.getsockname()!r}, not {socket_path}")
probe.detach()

with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
    client.connect(socket_path)
    if ping(client).get("result") != {}:
        raise SystemExit("the first compd did not answer daemon.ping")

first.send_signal(signal.SIGTERM)
if first.wait(30) != 0:
    raise SystemExit(f"the first compd exited {first.returncode}")
if not os.path.exists(socket_path):
    raise SystemExit("the first compd removed the socket file the store keeps")

# Between the two: the connection waits in the stored socket's backlog.
waiting = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
waiting.settimeout(60)
waiting.connect(socket_path)

second = subprocess.Popen(
    ["/bin/sh", "-c", 'LISTEN_PID=$$ exec "$0" "$@"', compd, "--socket", socket_path],
    env=dict(os.environ, LISTEN_FDS="1", LISTEN_FDNAMES="compd-listen"),
    pass_fds=(3,),
    preexec_fn=lambda: os.dup2(stored, 3),
    stderr=open(os.path.join(workdir, "second.log"), "w"),
)
try:
    if ping(waiting).get("result") != {}:
        raise SystemExit("the second compd did not answer the waiting client")
    # The log line may be written after the answer: it is waited for, not raced.
    deadline = time.monotonic() + 10
    while True:
        log = open(os.path.join(workdir, "second.log")).read()
        if "serving socket from systemd" in log:
            break
        if time.monotonic() > deadline:
            raise SystemExit(f"the second compd did not take the stored socket: {log}")
        time.sleep(0.05)
finally:
    second.send_signal(signal.SIGTERM)
    second.wait(30)
print("ok")
