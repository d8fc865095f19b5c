// A finger or a mouse button on a node that is not a clicked control becomes touch phases
// (docs/protocol.md, "Touches"): `began` on pointerdown, `moved` on each pointermove while
// it is down, `ended` on pointerup, `cancelled` on pointercancel, one `id` per pointer and
// the pointer event's time as `t`, so that the screen's gesture recognizers (a draggable
// card, a long press, a swipe, a pinch with two fingers, the navigation controller's back
// swipe) see what the user did. Sliders, switches and steppers take touch phases too, as
// compd tracks them as UIKit does (a slider's thumb is dragged only where it is grabbed, a
// switch takes the side a drag ends on, a held stepper repeats on compd's timer); buttons,
// rows, fields and the other controls keep their own clicks and keys (scene-view.js,
// paint-controls.js).
//
// A drag's moves go out as soon as the browser has them: from `pointerrawupdate` where the
// browser fires it (Chromium, secure contexts), which comes when the input arrives, rather
// than from `pointermove`, which Chromium holds until the start of the next frame. compd's
// answer, 2–3 ms later on loopback, is then applied before that frame and drawn in it: the
// frame that shows the pointer's move shows the card there too (docs/web.md, "Dragging").

/** Node types that handle pointers as clicks of their own. */
const CLICKED_TYPES = new Set([
  'button', 'cell', 'textField', 'textView', 'searchBar',
  'segmentedControl', 'pageControl', 'datePicker', 'picker',
]);

/** Controls whose pointers go to compd as touch phases, wherever they are. */
const TOUCHED_CONTROLS = new Set(['slider', 'switch', 'stepper']);

/** Node types the browser scrolls itself. */
const SCROLLED_TYPES = new Set(['scroll', 'table', 'collection', 'textView']);

export function installTouches(view) {
  const { host } = view;
  const down = new Set();

  /** The entry of the slider or switch a pointer on `target` is on, if any. */
  function touchedControl(target) {
    let el = target.closest?.('[data-node-id]');
    while (el && host.contains(el)) {
      const entry = view.nodes.get(el.dataset.nodeId);
      if (entry && TOUCHED_CONTROLS.has(entry.type)) return entry;
      el = el.parentElement?.closest('[data-node-id]');
    }
    return null;
  }

  /** Whether a pointer on `target` is a touch for compd: on a slider or a switch, or with
   * no other control or scroller on its way up. */
  function takesTouches(target) {
    let el = target.closest?.('[data-node-id]');
    if (!el || !host.contains(el)) return false;
    while (el && host.contains(el)) {
      const entry = view.nodes.get(el.dataset.nodeId);
      if (entry && TOUCHED_CONTROLS.has(entry.type)) return true;
      if (entry && (CLICKED_TYPES.has(entry.type) || SCROLLED_TYPES.has(entry.type))) return false;
      el = el.parentElement?.closest('[data-node-id]');
    }
    return true;
  }

  /** Pointer id → the slider or switch it went down on. */
  const controls = new Map();

  function send(phase, event) {
    const root = view.nodes.get(view.rootId);
    if (!root) return;
    const box = root.el.getBoundingClientRect();
    const sent = view.send({
      type: 'touch', phase, id: event.pointerId,
      x: event.clientX - box.left, y: event.clientY - box.top, t: event.timeStamp,
    });
    // A slider echoing its drag (paint-controls.js) waits for compd's answer to the end.
    const control = controls.get(event.pointerId);
    if (control) control.touchSent = sent;
    if (phase === 'moved') {
      // The moves whose answer is not applied yet, for the page's drag metrics: compd sends
      // a move's changes before its reply, so one still here at the reply changed nothing.
      const time = event.timeStamp;
      view.moveTimes.push(time);
      sent.finally(() => {
        const at = view.moveTimes.indexOf(time);
        if (at >= 0) view.moveTimes.splice(at, 1);
      }).catch(() => {});
    } else {
      sent.catch(() => {});
    }
  }

  /** Sends the moves of `event` (with those the browser coalesced into it). */
  function moved(event) {
    if (!down.has(event.pointerId)) return;
    // Every move the browser coalesced into this event, so a fast flick keeps its path.
    const coalesced = event.getCoalescedEvents?.() ?? [];
    for (const move of coalesced.length ? coalesced : [event]) send('moved', move);
  }

  host.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || !takesTouches(event.target)) return;
    const control = touchedControl(event.target);
    if (control) controls.set(event.pointerId, control);
    down.add(event.pointerId);
    event.target.setPointerCapture?.(event.pointerId);
    send('began', event);
  });
  if ('onpointerrawupdate' in window) host.addEventListener('pointerrawupdate', moved);
  else host.addEventListener('pointermove', moved);
  const finish = (phase) => (event) => {
    if (!down.delete(event.pointerId)) return;
    send(phase, event);
    const control = controls.get(event.pointerId);
    controls.delete(event.pointerId);
    // The click that follows a pointerup was this touch's: it sends nothing more (a
    // slider's or a stepper's click sends nothing anyway, paint-controls.js).
    view.touchSequenceEnded = control?.type !== 'slider' && control?.type !== 'stepper';
  };
  host.addEventListener('pointerup', finish('ended'));
  host.addEventListener('pointercancel', finish('cancelled'));
}
