// The page: `/` lists components and open scenes, `/?component=NAME[&params=JSON]` opens a
// scene, `/?scene=ID` attaches to one. Status and the scene's emitted events show in the
// footer: on a scene page, which the scene fills, only while something is wrong
// (reconnecting, the scene gone, an error) or with `&status=1`. Timing marks for the
// benchmark are kept in `window.compdMetrics`.

import { Connection, RpcError } from './connection.js';
import { SceneView } from './scene-view.js';
import { announce } from './accessibility.js';
import { contentSizeCategory } from './language.js';
import { DirectLink, WorkerLink } from './socket-link.js';

// index.html has opened the WebSocket (with the page's token) and taken a token out of the
// address bar already; when the gateway opened the scene (or subscribed to it) while serving
// the page, compd's reply is in #compd-scene-reply and the socket adopts the connection it
// came on.
const query = new URLSearchParams(location.search);

// Milliseconds since navigation start: the socket open, the first tree received, the first
// frame painted; and per keystroke, from the input event to compd's echo applied and to the
// animation frame callback of the frame showing it. `treeFrom` says where the first tree
// came from: `page` (opened by the gateway while serving the page) or `socket`.
// `scrollAnswers`: per scroll event sent, how long compd's answer took to be applied.
// `moveToApplied`, `moveToPaint`: per touch move answered with a change (a dragged card), from
// the pointer event to the change applied and to the frame showing it.
window.compdMetrics = { socketOpen: null, treeReceived: null, firstFrame: null, treeFrom: null, keyToApplied: [], keyToPaint: [],
  scrollAnswers: [], moveToApplied: [], moveToPaint: [] };
const statusEl = document.getElementById('status');
const eventsEl = document.getElementById('events');

// Set from a lost connection until it is open again: the status then shows over the scene.
let reconnecting = false;

function setStatus(state, detail) {
  statusEl.dataset.state = state;
  statusEl.textContent = detail ? `${state}: ${detail}` : state;
  if (state === 'lost') reconnecting = true;
  else if (state === 'open') reconnecting = false;
  document.body.classList.toggle('trouble', reconnecting || state === 'gone' || state === 'error');
}

function showEvent(text) {
  const item = document.createElement('li');
  item.textContent = text;
  eventsEl.prepend(item);
  while (eventsEl.children.length > 20) eventsEl.lastChild.remove();
}

// The browser's light or dark preference becomes the scene's interface style.
const darkScheme = window.matchMedia('(prefers-color-scheme: dark)');
const interfaceStyle = () => (darkScheme.matches ? 'dark' : 'light');
// The browser's `prefers-contrast: more` (the system's Increase Contrast) becomes the
// scene's contrast, as UIKit's accessibilityContrast: the system colours' high-contrast
// variants.
const moreContrast = window.matchMedia('(prefers-contrast: more)');
const interfaceContrast = () => (moreContrast.matches ? 'high' : 'normal');

function sceneSize(host) {
  return { width: Math.max(1, host.clientWidth), height: Math.max(1, host.clientHeight) };
}

// How far beyond a list's bounds compd keeps rows ready (docs/protocol.md, `overscan`): two
// screens each way, so that a fling that outruns compd's answers for two or three frames
// still finds rows where it scrolls. The gateway asks for the same
// (Sources/CompWeb/ScenePageLoad.swift).
function listOverscan(size) {
  return Math.min(4000, Math.round(size.height * 2));
}

// The environment of a scene opened here. The gateway makes the same one from a page
// request's client hints and the inset cookie (Sources/CompWeb/ScenePageLoad.swift).
function sceneEnvironment(host) {
  return {
    ...sceneSize(host),
    overscan: listOverscan(sceneSize(host)),
    style: interfaceStyle(),
    contrast: interfaceContrast(),
    contentSizeCategory: contentSizeCategory(),
    scale: Math.min(4, Math.max(1, Math.round(devicePixelRatio))),
    safeArea: { top: 0, left: 0, bottom: 0, right: 0 },
  };
}

// How much smaller than the viewport the scene area is, kept for the gateway, which opens
// the next scene page's scene at the viewport's size (a client hint) less this.
function keepSceneInset(host) {
  const inset = `${window.innerWidth - host.clientWidth}x${window.innerHeight - host.clientHeight}`;
  document.cookie = `compd-web-scene-inset=${inset}; Path=/; SameSite=Strict; Max-Age=31536000`;
}

// compd's reply to the scene.open or scene.subscribe the gateway sent while serving this
// page, if any.
function sceneWithPage() {
  const element = document.getElementById('compd-scene-reply');
  if (!element) return null;
  try {
    return JSON.parse(element.textContent).result ?? null;
  } catch {
    return null;
  }
}

// --- a scene

function runScene(host) {
  let sceneId = query.get('scene');
  const component = query.get('component');
  let params = {};
  try {
    params = query.has('params') ? JSON.parse(query.get('params')) : {};
  } catch {
    setStatus('error', 'params is not JSON');
    return;
  }
  const view = new SceneView(host, {
    send: (event) => connection.call('scene.event', { scene: sceneId, event }).catch((error) => {
      if (error instanceof RpcError) showEvent(`refused: ${error.message}`);
      throw error;
    }),
    onScrollAnswered: (milliseconds) => window.compdMetrics.scrollAnswers.push(milliseconds),
    onApplied: (inputTimes, moveTimes = []) => {
      if (!inputTimes.length && !moveTimes.length) return;
      const metrics = window.compdMetrics;
      const applied = performance.now();
      for (const time of inputTimes) metrics.keyToApplied.push(applied - time);
      for (const time of moveTimes) metrics.moveToApplied.push(applied - time);
      const painted = (now) => {
        for (const time of inputTimes) metrics.keyToPaint.push(now - time);
        for (const time of moveTimes) metrics.moveToPaint.push(now - time);
      };
      // Applied in an animation frame callback, the change is drawn in that frame.
      if (connection.inFrame) painted(applied);
      else requestAnimationFrame(() => painted(performance.now()));
    },
  });

  const show = (root, revision) => {
    window.compdMetrics.treeReceived ??= performance.now();
    view.setTree(root, revision);
    document.body.dataset.scene = sceneId;
    document.body.dataset.revision = String(revision);
    if (window.compdMetrics.firstFrame === null) {
      // What reads the layout waits until after the first frame: read here, it lays the
      // page out within the module's run, which holds back DOMContentLoaded and the first
      // frame (docs/benchmarks.md, web client).
      requestAnimationFrame(() => {
        window.compdMetrics.firstFrame = performance.now();
        setTimeout(() => {
          keepSceneInset(host);
          resizeIfNeeded();
        });
      });
      return;
    }
    resizeIfNeeded();
  };

  // Opened: shown at once, and the URL names the scene.
  const opened = (result) => {
    sceneId = result.scene;
    show(result.root, result.revision);
    history.replaceState(null, '', `/?${new URLSearchParams({ scene: sceneId, component })}`);
  };

  const resync = async () => {
    const result = await connection.call('scene.subscribe', { scene: sceneId });
    show(result.root, result.revision);
  };

  const attach = async () => {
    window.compdMetrics.socketOpen ??= performance.now();
    try {
      if (!sceneId) {
        const result = await connection.call('scene.open', { component, params, environment: sceneEnvironment(host) });
        window.compdMetrics.treeFrom ??= 'socket';
        // Drawn at once; the subscription replays whatever changed since this revision.
        const subscribed = connection.call('scene.subscribe', { scene: result.scene, since: result.revision });
        opened(result);
        await subscribed;
      } else if (view.rootId === null) {
        await resync();
      } else {
        // Resume after a lost connection: the changes since the frame shown, or a snapshot.
        let result;
        try {
          result = await connection.call('scene.subscribe', { scene: sceneId, since: view.revision });
        } catch (error) {
          // A scene restored by a restarted compd may be at an older revision than the one
          // shown (`since` newer than the scene is -32602): start again from a snapshot.
          if (!(error instanceof RpcError) || error.code !== -32602) throw error;
          result = await connection.call('scene.subscribe', { scene: sceneId });
        }
        if (result.root) show(result.root, result.revision);
        else resizeIfNeeded();
      }
      setStatus('open', `${sceneId}${component ? ` (${component})` : ''}`);
      document.title = `${component ?? sceneId} — compd`;
      attached = true;
      // Once the link is open (a call before fails): what no client hint carried.
      syncTextSize();
      syncContrast();
      startWorker();
      handOverIfReady();
    } catch (error) {
      if (error instanceof RpcError && error.name === 'compd.NoSuchScene') {
        notRestored(error.data);
      } else if (error instanceof RpcError) {
        setStatus('error', error.message);
      }
    }
  };

  // compd says why (`data.reason`: closed, abandoned, not-restored with a detail, unknown).
  const notRestored = (why) => {
    const reason = why?.reason ? `${why.reason}${why.detail ? `: ${why.detail}` : ''}` : 'closed';
    setStatus('gone', `scene ${sceneId} is no longer open (${reason})`);
    document.body.dataset.gone = 'true';
    const again = document.getElementById('again');
    if (component) {
      again.hidden = false;
      again.href = `/?component=${encodeURIComponent(component)}`;
    }
  };

  // A WebSocket in a worker, whose messages a frame can show as soon as they have come
  // (docs/web.md, "Typing"). It starts once the scene is shown, so that neither the first
  // frame nor the scene.open it waits for shares the machine with the worker's start and
  // its connection; the page then moves to it. If it cannot connect, the page stays as it is.
  let worker = null;
  let workerStarted = false;
  let attached = false;
  const startWorker = () => {
    if (workerStarted || !WorkerLink.available) return;
    workerStarted = true;
    const link = new WorkerLink(window.compdSocketUrl);
    link.onopen = handOverIfReady;
    link.onclose = () => {
      link.close();
      if (worker === link) worker = null;
    };
    worker = link;
  };
  const handOverIfReady = () => {
    if (!worker || worker.state !== 'open' || !attached) return;
    const link = worker;
    worker = null;
    document.body.dataset.link = 'worker';
    connection.handOver(link);
  };

  // A scene the gateway opened for the page took the default text size (no client hint
  // carries the browser's font size): a browser set to another size asks for its own.
  const syncTextSize = () => {
    const category = contentSizeCategory();
    if (!sceneId || category === 'large') return;
    connection.call('scene.resize', { scene: sceneId, environment: { contentSizeCategory: category } }).catch(() => {});
  };

  // Nor does a client hint carry the contrast preference: a browser asking for more
  // contrast says so once it is attached to the gateway's scene.
  const syncContrast = () => {
    if (!sceneId || interfaceContrast() === 'normal') return;
    connection.call('scene.resize', { scene: sceneId, environment: { contrast: 'high' } }).catch(() => {});
  };

  let resizeTimer = 0;
  const resizeIfNeeded = () => {
    const size = sceneSize(host);
    const shown = view.rootSize;
    if (!sceneId || !shown || (shown.width === size.width && shown.height === size.height)) return;
    connection.call('scene.resize', { scene: sceneId, environment: { ...size, overscan: listOverscan(size) } })
      .catch(() => {});
  };
  new ResizeObserver(() => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(resizeIfNeeded, 30);
  }).observe(host);

  darkScheme.addEventListener('change', () => {
    if (sceneId) connection.call('scene.resize', { scene: sceneId, environment: { style: interfaceStyle() } }).catch(() => {});
  });
  moreContrast.addEventListener('change', () => {
    if (sceneId) connection.call('scene.resize', { scene: sceneId, environment: { contrast: interfaceContrast() } }).catch(() => {});
  });

  // A software keyboard shrinks the visual viewport: report its height to the scene.
  let keyboard = 0;
  window.visualViewport?.addEventListener('resize', () => {
    const height = Math.max(0, Math.round(window.innerHeight - window.visualViewport.height));
    if (height === keyboard || !sceneId) return;
    keyboard = height;
    connection.call('scene.event', { scene: sceneId, event: { type: 'keyboard', height } }).catch(() => {});
  });

  const connection = new Connection(new DirectLink(window.compdSocket, window.compdSocketUrl), {
    onOpen: attach,
    onState: (state, detail) => setStatus(state, detail),
    onNotification: (method, params) => {
      if (params?.scene !== sceneId) return;
      if (method === 'scene.changed') {
        if (view.applyChange(params)) document.body.dataset.revision = String(params.revision);
        else resync().catch(() => {});
      } else if (method === 'scene.announcement') {
        announce(view, params);
      } else if (method === 'scene.emitted') {
        showEvent(`${params.name} ${JSON.stringify(params.payload ?? null)}`);
      } else if (method === 'scene.reset') {
        // compd rebuilt the scene (its host crashed, hung or was upgraded): its tree
        // replaces the one shown, on the same connection.
        show(params.root, params.revision);
        showEvent(`scene reset (${params.reason}${params.detail ? `: ${params.detail}` : ''})`);
      } else if (method === 'scene.closed') {
        notRestored(params);
      }
    },
  });
  // The tree that came with the page is drawn before the socket is open; the socket then
  // subscribes with `since` as after a reconnection.
  const withPage = sceneWithPage();
  if (withPage?.root) {
    window.compdMetrics.treeFrom = 'page';
    if (sceneId) show(withPage.root, withPage.revision);
    else opened(withPage);
  }
  connection.start();
}

// --- the index

function runIndex(main) {
  const connection = new Connection(new DirectLink(window.compdSocket, window.compdSocketUrl), {
    onState: (state, detail) => setStatus(state, detail),
    onOpen: async () => {
      const [components, scenes] = await Promise.all([
        connection.call('components.list', {}),
        connection.call('scene.list', {}),
      ]);
      main.replaceChildren(listSection('Components', components.components, (item) => componentItem(connection, item)),
        listSection('Open scenes', scenes.scenes, sceneItem));
      document.body.dataset.ready = 'true';
    },
  });
  connection.start();
}

function listSection(title, items, render) {
  const section = document.createElement('section');
  const heading = document.createElement('h2');
  heading.textContent = title;
  const list = document.createElement('ul');
  for (const item of items) list.appendChild(render(item));
  if (!items.length) list.innerHTML = '<li class="empty">none</li>';
  section.append(heading, list);
  return section;
}

function componentItem(connection, item) {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.href = `/?component=${encodeURIComponent(item.name)}`;
  link.textContent = item.name;
  const summary = document.createElement('span');
  summary.className = 'summary';
  summary.textContent = ` — ${item.summary ?? ''}`;
  const button = document.createElement('button');
  button.textContent = 'Params…';
  button.addEventListener('click', async () => {
    // Loaded here, not up front: a scene page does not need it.
    const [described, { paramsForm }] = await Promise.all([
      connection.call('components.describe', { name: item.name }),
      import('./params-form.js'),
    ]);
    li.querySelector('form')?.remove();
    li.appendChild(paramsForm(described.params, (params) => {
      location.href = `/?${new URLSearchParams({ component: item.name, params: JSON.stringify(params) })}`;
    }));
  });
  li.append(link, summary, ' ', button);
  return li;
}

function sceneItem(item) {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.href = `/?${new URLSearchParams({ scene: item.scene, component: item.component })}`;
  link.textContent = `${item.scene} ${item.component}`;
  const about = document.createElement('span');
  about.className = 'summary';
  about.textContent = ` — revision ${item.revision}, ${item.environment?.width}×${item.environment?.height}, ${item.lifetime ?? 'connection'}`;
  li.append(link, about);
  return li;
}

const host = document.getElementById('scene');
if (query.has('scene') || query.has('component')) {
  document.body.classList.add('scene-page');
  document.body.classList.toggle('show-status', query.get('status') === '1');
  runScene(host);
} else {
  runIndex(document.getElementById('index'));
}
