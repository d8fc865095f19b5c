// A WebSocket to the gateway owned by a dedicated worker, which a scene page starts
// (socket-link.js, WorkerLink) so that compd's messages reach it without waiting for the
// page's thread. Everything the socket does is posted to the page in order, numbered:
// `{seq, type: 'open'}`, `{seq, type: 'message', line}`, `{seq, type: 'close', code,
// reason}`. Each message is also copied into the page's mailbox, a SharedArrayBuffer, when
// it fits: after a keystroke Chromium holds the page's tasks, posted messages among them,
// until the next frame has been produced, but a requestAnimationFrame callback of that
// frame can read the mailbox and show compd's echo in it (docs/web.md, "Typing").
//
// From the page: `{type: 'open', url, mailbox?}` (re)connects, `{type: 'send', line}` sends.

// The mailbox: word 0 is a lock (0 free, 1 held), word 1 the bytes used by the records that
// follow the 8-byte header; a record is its seq and byte length (two 32-bit words) and the
// line's UTF-8, padded to 4 bytes. The page takes every record at once and sets the length
// back to 0. socket-link.js reads the same layout.
const LOCK = 0;
const USED = 1;
const HEADER_BYTES = 8;

const encoder = new TextEncoder();
let socket = null;
let seq = 0;
let mailbox = null;

self.onmessage = ({ data }) => {
  if (data.type === 'open') {
    if (data.mailbox) {
      mailbox = {
        words: new Int32Array(data.mailbox, 0, 2),
        records: new Int32Array(data.mailbox, HEADER_BYTES),
        bytes: new Uint8Array(data.mailbox, HEADER_BYTES),
      };
    }
    connect(data.url);
  } else if (data.type === 'send' && socket?.readyState === WebSocket.OPEN) {
    socket.send(data.line);
  }
};

function post(event) {
  seq += 1;
  self.postMessage({ seq, ...event });
  return seq;
}

function connect(url) {
  // A socket replaced by a new one says nothing more.
  const previous = socket;
  socket = null;
  previous?.close();
  const current = new WebSocket(url);
  socket = current;
  current.onopen = () => {
    if (socket === current) post({ type: 'open' });
  };
  current.onmessage = (message) => {
    if (socket !== current) return;
    seq += 1;
    put(seq, message.data);
    self.postMessage({ seq, type: 'message', line: message.data });
  };
  current.onclose = (event) => {
    if (socket !== current) return;
    socket = null;
    post({ type: 'close', code: event.code, reason: event.reason });
  };
}

/** Copies one line into the mailbox, or nothing when it does not fit: the posted copy is
 * the one the page gets then. */
function put(number, line) {
  if (!mailbox || line.length > mailbox.bytes.length) return;
  const { words, records, bytes } = mailbox;
  // (TextEncoder's encodeInto does not write to shared memory.)
  const encoded = encoder.encode(line);
  // The page holds the lock only while it copies records out.
  while (Atomics.compareExchange(words, LOCK, 0, 1) !== 0) Atomics.wait(words, LOCK, 1, 5);
  const used = words[USED];
  const start = used + 8;
  if (start + encoded.length <= bytes.length) {
    bytes.set(encoded, start);
    records[used / 4] = number;
    records[used / 4 + 1] = encoded.length;
    words[USED] = start + Math.ceil(encoded.length / 4) * 4;
  }
  Atomics.store(words, LOCK, 0);
  Atomics.notify(words, LOCK);
}
