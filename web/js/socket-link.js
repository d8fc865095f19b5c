// The page's links to the gateway's WebSocket (/rpc). A DirectLink is a WebSocket on the
// page's own thread: the one index.html opens at once, which a page loads with. A WorkerLink
// is a WebSocket in socket-worker.js whose messages the page can also read from shared
// memory, synchronously, in an animation frame; a scene page that is cross-origin isolated
// moves to one once its scene is shown (app.js, Connection.handOver; docs/web.md, "Typing").
//
// Both offer Connection the same small interface: `state` ('connecting', 'open', 'closed'),
// `start()` (begins delivering events), `send(line)`, `connect()` (a new socket to the same
// URL after a loss), `close()` (for good) and the handlers `onopen()`, `onmessage(line)`,
// `onclose({code, reason})`; a WorkerLink also has `drain()`, which delivers at once what
// has arrived.

// The mailbox layout of socket-worker.js.
const LOCK = 0;
const USED = 1;
const HEADER_BYTES = 8;
const MAILBOX_BYTES = 1 << 20;

const ignore = () => {};

/** The WebSocket on the page's thread: compd's messages come as tasks. */
export class DirectLink {
  /**
   * @param {WebSocket} socket the first socket, possibly open, or failed, already.
   * @param {string} url where to connect after a loss. When `socket` is another address (it
   *   adopts the compd connection the page's scene was opened on) and fails before opening
   *   (its token unknown, used or expired), the link connects here at once instead.
   */
  constructor(socket, url = socket.url) {
    this.url = url;
    this.adopting = socket.url !== url;
    this.state = 'connecting';
    this.onopen = this.onmessage = this.onclose = ignore;
    this.adopt(socket);
  }

  connect() {
    // A reconnection scheduled before the link was closed for good does not happen.
    if (!this.closed) this.adopt(new WebSocket(this.url));
  }

  adopt(socket) {
    this.socket = socket;
    this.state = 'connecting';
    socket.onopen = () => {
      this.state = 'open';
      this.onopen();
    };
    socket.onmessage = (message) => this.onmessage(message.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (this.adopting && this.state === 'connecting' && !this.closed) {
        this.adopting = false;
        this.adopt(new WebSocket(this.url));
        return;
      }
      this.adopting = false;
      this.state = 'closed';
      this.onclose({ code: event.code, reason: event.reason });
    };
  }

  /** The first socket may have opened, or failed, before the page's modules were loaded:
   * replays that once the handlers are set. */
  start() {
    const socket = this.socket;
    if (socket.readyState === WebSocket.OPEN) socket.onopen();
    else if (socket.readyState !== WebSocket.CONNECTING) socket.onclose(new CloseEvent('close', { code: 1006 }));
  }

  send(line) {
    this.socket.send(line);
  }

  close() {
    this.onopen = this.onmessage = this.onclose = ignore;
    this.state = 'closed';
    this.closed = true;
    this.socket.close();
  }
}

/** The WebSocket in socket-worker.js: every event is posted here in order, numbered, and
 * compd's messages are also in the mailbox, from which `drain()` takes them in an animation
 * frame while the posted copies are still held back by the scheduler. Whichever copy comes
 * first is delivered; the other is dropped by its number. */
export class WorkerLink {
  /** Whether the page may share memory with a worker (cross-origin isolated: the gateway
   * sends COOP and COEP, and the page is a secure context, loopback or HTTPS). */
  static get available() {
    return self.crossOriginIsolated === true && typeof Worker === 'function';
  }

  /** Starts the worker and its socket to `url`. */
  constructor(url) {
    this.url = url;
    this.state = 'connecting';
    this.onopen = this.onmessage = this.onclose = ignore;
    this.nextSeq = 1;
    const mailbox = new SharedArrayBuffer(MAILBOX_BYTES);
    this.words = new Int32Array(mailbox, 0, 2);
    this.records = new Int32Array(mailbox, HEADER_BYTES);
    this.bytes = new Uint8Array(mailbox, HEADER_BYTES);
    this.decoder = new TextDecoder();
    // Through the import map: the versioned URL, which the browser keeps in its cache.
    this.worker = new Worker(import.meta.resolve('/js/socket-worker.js'), { name: 'compd socket' });
    this.worker.onmessage = (message) => this.posted(message.data);
    this.worker.postMessage({ type: 'open', url, mailbox });
  }

  start() {}

  connect() {
    this.state = 'connecting';
    this.worker.postMessage({ type: 'open', url: this.url });
  }

  send(line) {
    this.worker.postMessage({ type: 'send', line });
  }

  close() {
    this.onopen = this.onmessage = this.onclose = ignore;
    this.state = 'closed';
    this.worker.terminate();
  }

  posted(event) {
    this.deliver(event.seq, event);
    // Whatever the mailbox holds beyond it is delivered now rather than when posted.
    this.drain();
  }

  /** Delivers the mailbox's messages that come next in order; one that follows a gap (an
   * event still on its way as a posted message) is left to its posted copy. */
  drain() {
    const { words, records, bytes } = this;
    // The worker holds the lock only while it copies one line in; if it does, its posted
    // copy follows.
    if (Atomics.compareExchange(words, LOCK, 0, 1) !== 0) return;
    const taken = [];
    const used = words[USED];
    for (let at = 0; at < used; at += 8 + Math.ceil(records[at / 4 + 1] / 4) * 4) {
      const length = records[at / 4 + 1];
      // (TextDecoder does not read shared memory: the bytes are copied out.)
      taken.push({ seq: records[at / 4], line: bytes.slice(at + 8, at + 8 + length) });
    }
    words[USED] = 0;
    Atomics.store(words, LOCK, 0);
    Atomics.notify(words, LOCK);
    for (const { seq, line } of taken) {
      if (seq > this.nextSeq) break;
      this.deliver(seq, { type: 'message', line: this.decoder.decode(line) });
    }
  }

  /** Delivers event `seq` if it is the next one. */
  deliver(seq, event) {
    if (seq !== this.nextSeq) return;
    this.nextSeq += 1;
    switch (event.type) {
      case 'open':
        this.state = 'open';
        this.onopen();
        break;
      case 'message':
        this.onmessage(event.line);
        break;
      case 'close':
        this.state = 'closed';
        this.onclose({ code: event.code, reason: event.reason });
        break;
    }
  }
}
