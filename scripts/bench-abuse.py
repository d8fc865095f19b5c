#!/usr/bin/env python3
"""Abuse benchmark: what read-only attacks cost compd in memory, and what a well-behaved
client notices meanwhile.

Scenarios, each run against a fresh compd with default limits:
  batch        one 50,000-entry rpc.discover batch (2.9 MB), then five 1,000-entry batches
               whose ~13 MB replies the attacker reads back
  slow-readers 20 clients each send a 1,000-entry rpc.discover batch and never read, for 3 s

Reported per scenario (medians of the rounds): peak RSS growth over the baseline (VmHWM,
reset through /proc/PID/clear_refs before the attack), RSS growth 1 s after the attackers
are gone, and the p50/p99 of a well-behaved client's scene.layout (demo.Login) issued every
2 ms throughout ("failed": rounds in which it got an error or lost its connection). The
client is Python, so its latencies include ~0.1 ms of its own.
Usage: bench-abuse.py COMPD_BINARY PLUGIN_LIBRARY_DIR [ROUNDS]
"""
import json, os, socket, statistics, subprocess, sys, tempfile, threading, time

compd, libdir = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
DISCOVER = '{"jsonrpc":"2.0","method":"rpc.discover","id":1}'


def batch(count):
    return ("[" + ",".join([DISCOVER] * count) + "]\n").encode()


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0]) * 1024
    return fields["VmRSS"], fields["VmHWM"]


class Client:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.buffer = b""

    def line(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def call(self, method, params=None, id=1):
        request = {"jsonrpc": "2.0", "method": method, "id": id}
        if params is not None:
            request["params"] = params
        self.sock.sendall(json.dumps(request).encode() + b"\n")
        return json.loads(self.line())


def well_behaved(path, scene, stop, latencies, failures):
    client = Client(path)
    while not stop.is_set():
        start = time.perf_counter()
        try:
            reply = client.call("scene.layout", {"scene": scene})
        except (OSError, EOFError) as error:
            failures.append(repr(error))
            return
        latencies.append(time.perf_counter() - start)
        if "result" not in reply:
            failures.append(repr(reply)[:200])
        time.sleep(0.002)


def attack_batch(path):
    try:
        attacker = Client(path)
        attacker.sock.sendall(batch(50_000))
        attacker.line()
        for _ in range(5):
            attacker.sock.sendall(batch(1000))
            attacker.line()
        attacker.sock.close()
    except (OSError, EOFError):
        pass  # disconnected by the server: an outcome, not a benchmark failure


def attack_slow_readers(path):
    readers = []
    for _ in range(20):
        reader = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        reader.connect(path)
        reader.sendall(batch(1000))
        readers.append(reader)
    time.sleep(3)
    for reader in readers:
        reader.close()


def run(scenario, attack):
    with tempfile.TemporaryDirectory(dir=os.path.dirname(os.path.abspath(libdir))) as work:
        os.chmod(work, 0o755)
        plugins = os.path.join(work, "plugins")
        os.mkdir(plugins, 0o755)
        os.symlink(os.path.join(os.path.abspath(libdir), "libLogin.so"), plugins + "/libLogin.so")
        path = os.path.join(tempfile.mkdtemp(prefix="compd-abuse-"), "compd.sock")
        log = open(os.path.join(work, "compd.log"), "w")
        daemon = subprocess.Popen(
            [compd, "--socket", path, "--plugin-dir", plugins, "--log-level", "warning"],
            stderr=log)
        try:
            for _ in range(300):
                if os.path.exists(path):
                    break
                time.sleep(0.05)
            client = Client(path)
            scene = client.call("scene.open", {"component": "demo.Login"})["result"]["scene"]
            client.call("rpc.discover")
            client.call("scene.layout", {"scene": scene})
            time.sleep(0.5)
            baseline, _ = memory(daemon.pid)
            with open(f"/proc/{daemon.pid}/clear_refs", "w") as refs:
                refs.write("5")  # resets VmHWM to the current RSS
            stop, latencies, failures = threading.Event(), [], []
            watcher = threading.Thread(
                target=well_behaved, args=(path, scene, stop, latencies, failures))
            watcher.start()
            attack(path)
            time.sleep(1)
            stop.set()
            watcher.join()
            resident, peak = memory(daemon.pid)
            latencies.sort()
            if failures:
                print(f"  {scenario}: the well-behaved client failed: {failures[0]}")
            return (peak - baseline, resident - baseline,
                    latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99)],
                    len(failures))
        finally:
            daemon.terminate()
            daemon.wait()


MiB = 1 << 20
print(f"{compd}, default limits, medians of {rounds} rounds")
print(f"{'scenario':<13} {'peak MiB':>9} {'after MiB':>10} {'p50 ms':>7} {'p99 ms':>7} "
      f"{'failed':>6}")
for name, attack in (("batch", attack_batch), ("slow-readers", attack_slow_readers)):
    results = [run(name, attack) for _ in range(rounds)]
    median = [statistics.median(values) for values in zip(*results)]
    print(f"{name:<13} {median[0] / MiB:>9.1f} {median[1] / MiB:>10.1f} "
          f"{median[2] * 1000:>7.2f} {median[3] * 1000:>7.2f} {sum(r[4] for r in results):>6}")
