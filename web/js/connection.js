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
   * @param {WebSocket} socket the page's first WebSocket, possibly open already (index.html
   *   opens it while the modules load); reconnections go to its URL.
   * @param {object} handlers onOpen() after each (re)connection, onNotification(method, params),
   *   onState(state, detail) with state `connecting`, `open`, `lost`.
   */
  constructor(socket, handlers) {
    this.url = socket.url;
    this.first = socket;
    this.handlers = handlers;
    this.nextId = 1;
    this.pending = new Map();
    this.attempt = 0;
    this.socket = null;
  }

  start() {
    this.handlers.onState?.('connecting', '');
    const socket = this.first ?? new WebSocket(this.url);
    this.first = null;
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.handlers.onState?.('open', '');
      this.handlers.onOpen?.();
    };
    socket.onmessage = (message) => this.receive(message.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      for (const { reject } of this.pending.values()) reject(new Error('connection lost'));
      this.pending.clear();
      const delay = BACKOFF_MS[this.attempt] ?? BACKOFF_CAP_MS;
      this.attempt += 1;
      const reason = event.reason || (event.code === 1006 ? 'gateway not reachable' : `closed (${event.code})`);
      this.handlers.onState?.('lost', `${reason}; retrying in ${(delay / 1000).toFixed(1)} s`);
      setTimeout(() => this.start(), delay);
    };
    // The first socket may have opened, or failed, before the page's modules were loaded.
    if (socket.readyState === WebSocket.OPEN) socket.onopen();
    else if (socket.readyState !== WebSocket.CONNECTING) socket.onclose(new CloseEvent('close', { code: 1006 }));
  }

  /** Sends a request; resolves with its result, rejects with an RpcError. */
  call(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
        reject(new Error('not connected'));
        return;
      }
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  receive(line) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      console.error('compd sent a line that is not JSON', line);
      return;
    }
    for (const entry of Array.isArray(message) ? message : [message]) {
      if (entry.method !== undefined && entry.id === undefined) {
        this.handlers.onNotification?.(entry.method, entry.params);
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
