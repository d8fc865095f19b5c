// A finger or a mouse button on a node that is not a control becomes touch phases
// (docs/protocol.md, "Touches"): `began` on pointerdown, `moved` on each pointermove while
// it is down, `ended` on pointerup, `cancelled` on pointercancel, one `id` per pointer and
// the pointer event's time as `t`, so that the screen's gesture recognizers (a draggable
// card, a long press, a swipe, a pinch with two fingers) see what the user did. Controls,
// rows and fields keep their own clicks and keys (scene-view.js, paint-controls.js).

/** Node types that handle pointers as clicks of their own. */
const CLICKED_TYPES = new Set([
  'button', 'cell', 'switch', 'textField', 'textView', 'searchBar', 'slider', 'stepper',
  'segmentedControl', 'pageControl', 'datePicker', 'picker',
]);

/** Node types the browser scrolls itself. */
const SCROLLED_TYPES = new Set(['scroll', 'table', 'collection', 'textView']);

export function installTouches(view) {
  const { host } = view;
  const down = new Set();

  /** Whether a pointer on `target` is a touch for compd: no control or scroller on its way up. */
  function takesTouches(target) {
    let el = target.closest?.('[data-node-id]');
    if (!el || !host.contains(el)) return false;
    while (el && host.contains(el)) {
      const entry = view.nodes.get(el.dataset.nodeId);
      if (entry && (CLICKED_TYPES.has(entry.type) || SCROLLED_TYPES.has(entry.type))) return false;
      el = el.parentElement?.closest('[data-node-id]');
    }
    return true;
  }

  function send(phase, event) {
    const root = view.nodes.get(view.rootId);
    if (!root) return;
    const box = root.el.getBoundingClientRect();
    view.send({
      type: 'touch', phase, id: event.pointerId,
      x: event.clientX - box.left, y: event.clientY - box.top, t: event.timeStamp,
    }).catch(() => {});
  }

  host.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || !takesTouches(event.target)) return;
    down.add(event.pointerId);
    event.target.setPointerCapture?.(event.pointerId);
    send('began', event);
  });
  host.addEventListener('pointermove', (event) => {
    if (!down.has(event.pointerId)) return;
    // Every move the browser coalesced into this event, so a fast flick keeps its path.
    for (const move of event.getCoalescedEvents?.() ?? [event]) send('moved', move);
  });
  const finish = (phase) => (event) => {
    if (!down.delete(event.pointerId)) return;
    send(phase, event);
    // The click that follows a pointerup was this touch's: it sends nothing more.
    view.touchSequenceEnded = true;
  };
  host.addEventListener('pointerup', finish('ended'));
  host.addEventListener('pointercancel', finish('cancelled'));
}
