// Hardware keys and compd's focus engine (docs/protocol.md, "Keyboard and D-pad").
//
// * Keys the page does not use itself go to compd as `key` events, so that a screen's key
//   commands (Command-F …) and its focus engine work from a hardware keyboard: not Tab,
//   whose focus order the browser follows in the DOM (ordered by reading order); not the
//   keys a text field or text view being edited uses (characters, Enter, Backspace, the
//   caret's arrows); not modifier keys alone; not keys a control's own handler took
//   (`preventDefault`, such as the arrows of a focused slider or Enter on a button). The
//   key's release follows as `phase: "up"`.
// * When the page's focus moves to a node's element (Tab, a click), compd's focus follows
//   through a `focus` event, so that the screen's `didUpdateFocus(in:with:)` runs.
// * When the root's `focused` prop changes in compd (a screen's preferred focus, the
//   arrows of a D-pad), the page's focus moves to that node's element; a node whose element
//   cannot take the page's focus is marked `data-compd-focused` and ringed by style.css.

/** The node types compd's focus engine can focus (docs/protocol.md). */
const FOCUSABLE_TYPES = new Set([
  'button', 'switch', 'slider', 'stepper', 'segmentedControl', 'pageControl', 'datePicker', 'cell',
  'textField', 'textView', 'searchBar',
]);

/** Keys that only modify others, never sent alone. */
const MODIFIER_KEYS = new Set([
  'Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'NumLock', 'ScrollLock', 'Fn', 'FnLock',
  'Hyper', 'Super', 'Symbol', 'SymbolLock', 'OS', 'Dead', 'Unidentified', 'Process', 'Compose',
]);

/** Keys a text input being edited uses itself. */
const EDITING_KEYS = new Set([
  'Enter', 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End',
  'PageUp', 'PageDown',
]);

/** The named keys compd takes (docs/protocol.md, "Keyboard and D-pad"); other named keys
 * (media keys, `Unidentified`) stay with the browser. */
const COMPD_KEYS = new Set([
  'Enter', 'Tab', 'Escape', 'Backspace', 'Delete', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight',
  'Home', 'End', 'PageUp', 'PageDown', 'Insert',
  ...Array.from({ length: 12 }, (_, index) => `F${index + 1}`),
]);

/** Chords the browser keeps (copy, paste, cut, select all, undo, reload, the address bar). */
const BROWSER_CHORDS = new Set(['c', 'v', 'x', 'a', 'z', 'r', 'l']);

function modifiersOf(event) {
  const modifiers = [];
  if (event.shiftKey) modifiers.push('shift');
  if (event.ctrlKey) modifiers.push('control');
  if (event.altKey) modifiers.push('alternate');
  if (event.metaKey) modifiers.push('command');
  return modifiers;
}

function isEditing(target) {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
    || target instanceof HTMLSelectElement || target?.isContentEditable === true;
}

/** Whether compd should have the key `event` is of (see the file's description). */
function forwards(event) {
  if (event.defaultPrevented || event.isComposing) return false;
  if (event.key === 'Tab' || MODIFIER_KEYS.has(event.key)) return false;
  if ([...event.key].length !== 1 && !COMPD_KEYS.has(event.key)) return false;
  if (isEditing(event.target)) {
    const chord = event.ctrlKey || event.metaKey;
    if (!chord && (event.key.length === 1 || EDITING_KEYS.has(event.key))) return false;
    if (chord && BROWSER_CHORDS.has(event.key.toLowerCase())) return false;
  }
  return true;
}

/** Whether the page's default for a forwarded key gives way to compd's: the arrows, Space
 * and Page keys would scroll the page (the scene scrolls its own views), and chords would
 * run the browser's command (Control-F its find bar) instead of the screen's. */
function replacesDefault(event) {
  if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', ' ', 'PageUp', 'PageDown', 'Home', 'End']
    .includes(event.key)) return true;
  return (event.ctrlKey || event.metaKey) && !BROWSER_CHORDS.has(event.key.toLowerCase());
}

/**
 * Installs key forwarding and focus following on a SceneView.
 * @returns {{ rootChanged(): void }} what the view calls when the root's props change
 */
export function installFocusKeys(view) {
  const { host } = view;
  const down = new Set();
  let shown = null;  // the `focused` node the page last moved to

  // On the document: with nothing focused the keys go to the body, outside the host. The
  // host's own handlers (a control's arrows, Escape as `back`) run before these.
  const ours = (event) => event.target === document.body || host.contains(event.target);
  document.addEventListener('keydown', (event) => {
    if (!ours(event) || !forwards(event)) return;
    if (replacesDefault(event)) event.preventDefault();
    if (event.repeat && !down.has(event.key)) return;
    down.add(event.key);
    const modifiers = modifiersOf(event);
    view.send({ type: 'key', key: event.key, ...(modifiers.length ? { modifiers } : {}), phase: 'down' })
      .catch(() => {});
  });
  document.addEventListener('keyup', (event) => {
    if (!down.delete(event.key)) return;
    const modifiers = modifiersOf(event);
    view.send({ type: 'key', key: event.key, ...(modifiers.length ? { modifiers } : {}), phase: 'up' })
      .catch(() => {});
  });
  // A key held while the page loses focus never comes up here: forget it.
  window.addEventListener('blur', () => down.clear());

  host.addEventListener('focusin', (event) => {
    const el = event.target.closest?.('[data-node-id]');
    if (!el || !host.contains(el)) return;
    const entry = view.nodes.get(el.dataset.nodeId);
    if (!entry || !FOCUSABLE_TYPES.has(entry.type)) return;
    if (entry.input && event.target === entry.input) return;  // a text field sends its own
    if (focusedId(view) === entry.id) return;
    // Keyboard focus only, as iPadOS moves its focus by keys and not by touch: a click's
    // focus sends nothing (its tap follows); the browser marks keyboard focus :focus-visible.
    if (!event.target.matches?.(':focus-visible')) return;
    shown = entry.id;
    // Counted with the fields' own focus events: compd's `focused` waits until all are answered.
    view.sendFocus({ type: 'focus', target: entry.id });
  });

  return {
    rootChanged() {
      // While the page's own focus moves are on their way, compd's `focused` is older than
      // the page's focus (fast Tabs would bounce back): the last answer calls this again.
      if ((view.focusInFlight ?? 0) > 0) return;
      const id = focusedId(view);
      if (id === shown) return;
      const previous = shown === null ? null : view.nodes.get(shown);
      if (previous) delete previous.el.dataset.compdFocused;
      shown = id;
      const entry = id === null ? null : view.nodes.get(id);
      if (!entry) return;
      entry.el.dataset.compdFocused = 'true';
      const target = focusTarget(entry);
      if (target && !target.contains(document.activeElement)) target.focus({ preventScroll: true });
    },
  };
}

function focusedId(view) {
  return view.nodes.get(view.rootId)?.props.focused ?? null;
}

/** The element of `entry` that takes the page's focus: its input, the node's element when
 * it is focusable, else a focusable element inside it. */
function focusTarget(entry) {
  if (entry.input) return entry.input;
  const el = entry.el;
  if (el.tabIndex >= 0 || el.hasAttribute('tabindex')) return el;
  return el.querySelector('input, button, select, textarea, [tabindex]');
}
