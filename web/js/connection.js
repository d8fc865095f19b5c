// A JSON-RPC 2.0 connection to compd through the gateway's WebSocket (/rpc): one text
// message is one JSON-RPC line. Reconnects with backoff when the socket is lost; the owner
// resumes its subscriptions from onOpen.

/** An error answered by compd: `code`, `message` and `data` as on the wire. */
export class RpcError extends Error {
  constructor(error) {
    super(error.message);
    this.code = error.code;
    this.data = error.data;
  }
  /** compd's stable error name (`compd.NoSuchScene`, …), if any. */
  get name() {
    return this.data?.name ?? 'RpcError';
  }
}

const BACKOFF_MS = [250, 500, 1000, 2000, 4000];
const BACKOFF_CAP_MS = 5000;

export class Connection {
  /**
   * @param {DirectLink|WorkerLink} link the page's link to the gateway (socket-link.js),
   *   possibly open already (index.html opens its socket while the modules load).
   * @param {object} handlers onOpen() after each (re)connection and after a hand-over,
   *   onNotification(method, params), onState(state, detail) with state `connecting`,
   *   `open`, `lost`.
   */
  constructor(link, handlers) {
    this.link = link;
    this.handlers = handlers;
    this.nextId = 1;
    this.pending = new Map();
    this.attempt = 0;
    this.watching = false;
    /** True while messages are delivered from an animation frame callback: what they change
     * is drawn in that frame. */
    this.inFrame = false;
  }

  start() {
    this.wire(this.link);
    this.handlers.onState?.('connecting', '');
    this.link.start();
  }

  wire(link) {
    link.onopen = () => {
      this.attempt = 0;
      this.handlers.onState?.('open', '');
      this.handlers.onOpen?.();
    };
    link.onmessage = (line) => this.receive(line, link);
    link.onclose = (event) => {
      for (const { reject } of this.pending.values()) reject(new Error('connection lost'));
      this.pending.clear();
      const delay = BACKOFF_MS[this.attempt] ?? BACKOFF_CAP_MS;
      this.attempt += 1;
      const reason = event.reason || (event.code === 1006 ? 'gateway not reachable' : `closed (${event.code})`);
      this.handlers.onState?.('lost', `${reason}; retrying in ${(delay / 1000).toFixed(1)} s`);
      setTimeout(() => {
        this.handlers.onState?.('connecting', '');
        link.connect();
      }, delay);
    };
  }

  /**
   * Moves to `link`, open already, as after a reconnection: requests go there from now on
   * and onOpen() resubscribes on it. The old link only answers the requests sent on it, its
   * notifications being the new link's to deliver, and is closed once they are answered.
   */
  handOver(link) {
    const old = this.link;
    this.link = link;
    this.wire(link);
    const closeIfAnswered = () => {
      if (![...this.pending.values()].some((waiting) => waiting.link === old)) old.close();
    };
    old.onopen = () => {};
    old.onmessage = (line) => {
      this.receive(line, old);
      closeIfAnswered();
    };
    old.onclose = () => {
      for (const [id, waiting] of this.pending) {
        if (waiting.link !== old) continue;
        this.pending.delete(id);
        waiting.reject(new Error('connection lost'));
      }
    };
    closeIfAnswered();
    this.handlers.onOpen?.();
  }

  /** Sends a request; resolves with its result, rejects with an RpcError. */
  call(method, params) {
    const id = this.nextId++;
    const link = this.link;
    return new Promise((resolve, reject) => {
      if (link.state !== 'open') {
        reject(new Error('not connected'));
        return;
      }
      this.pending.set(id, { resolve, reject, link });
      link.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      this.watchFrames();
    });
  }

  /** While replies are awaited on a link that can be read in a frame, each animation frame
   * first takes what has arrived, so that compd's answer to an input is drawn in the first
   * frame after it has come. */
  watchFrames() {
    if (this.watching || !this.link.drain) return;
    this.watching = true;
    const frame = () => {
      this.inFrame = true;
      try {
        this.link.drain?.();
      } finally {
        this.inFrame = false;
      }
      if (this.pending.size) requestAnimationFrame(frame);
      else this.watching = false;
    };
    requestAnimationFrame(frame);
  }

  /** Handles one line from `link`: notifications only from the current link. */
  receive(line, link) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      console.error('compd sent a line that is not JSON', line);
      return;
    }
    for (const entry of Array.isArray(message) ? message : [message]) {
      if (entry.method !== undefined && entry.id === undefined) {
        if (link === this.link) this.handlers.onNotification?.(entry.method, entry.params);
        continue;
      }
      const waiting = this.pending.get(entry.id);
      if (!waiting) continue;
      this.pending.delete(entry.id);
      if (entry.error) waiting.reject(new RpcError(entry.error));
      else waiting.resolve(entry.result);
    }
  }
}
