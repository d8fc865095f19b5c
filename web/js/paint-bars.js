// Bar items, alerts, menus and sheets (docs/protocol.md, "Bars" and "Presentation"): a bar
// item is a `button` node whose props name its system item, image, style and badge; a
// presented controller's view carries `presentation`; the view over the presenter `dimming`.

/** The glyphs drawn for SF Symbols names that bar items and tabs use (docs/web.md):
 * stand-ins in the page's fonts, since the symbols themselves are Apple's. */
export const SYMBOL_GLYPHS = {
  plus: '+', 'square.and.pencil': '\u270e', 'arrowshape.turn.up.left': '\u21a9',
  'square.and.arrow.up': '\u2b06', folder: '\u25a4', book: '\u25a5', 'book.fill': '\u25a5',
  magnifyingglass: '\u2315', 'arrow.clockwise': '\u21bb', xmark: '\u2715',
  'xmark.circle.fill': '\u24e7', camera: '\u25c9', trash: '\u25bd', 'play.fill': '\u25b6',
  'pause.fill': '\u2016', 'backward.fill': '\u23ea', 'forward.fill': '\u23e9',
  'arrow.uturn.backward': '\u21b6', 'arrow.uturn.forward': '\u21b7', ellipsis: '\u22ef',
  'star.fill': '\u2605', star: '\u2606', 'clock.fill': '\u25f7', 'person.crop.circle.fill': '\u25cd',
  'arrow.down.circle.fill': '\u2b07', 'list.number': '\u2630', gear: '\u2699', tray: '\u25ad',
  'person.fill': '\u25cd', house: '\u2302', 'house.fill': '\u2302', heart: '\u2661', 'heart.fill': '\u2665',
};

/** The glyph for an image name: a known symbol's, else the name's first letter. */
export function glyphFor(name) {
  if (!name) return '';
  return SYMBOL_GLYPHS[name] ?? name.slice(0, 1).toUpperCase();
}

/** Adds the glyph and badge elements a bar item's button draws (after its title span). */
export function decorateBarButton(entry) {
  entry.glyph = document.createElement('span');
  entry.glyph.className = 'glyph';
  entry.badge = document.createElement('span');
  entry.badge.className = 'badge';
  entry.el.append(entry.glyph, entry.badge);
}

/** Paints a button's bar-item or alert-action props over what `paint` drew. */
export function paintBarButton(entry) {
  const { el, props } = entry;
  if (props.barItem && !entry.glyph) decorateBarButton(entry);
  if (props.barItem) el.dataset.barItem = props.barItem;
  else delete el.dataset.barItem;
  if (props.style) el.dataset.style = props.style;
  else delete el.dataset.style;
  el.classList.toggle('preferred', !!props.preferred);
  if (!entry.glyph) return;
  // An item whose image compd sent shows that image (paint-images.js); otherwise an item
  // without a title shows its symbol's glyph in the title's colour, a tab above its title.
  const showsGlyph = !props.image && !!props.symbol && (props.barItem === 'tab' || !props.title);
  entry.glyph.textContent = showsGlyph ? glyphFor(props.symbol) : '';
  entry.glyph.style.color = props.titleColor ?? '#007affff';
  entry.glyph.style.display = showsGlyph ? '' : 'none';
  if (props.symbol) el.dataset.symbol = props.symbol;
  else delete el.dataset.symbol;
  entry.badge.textContent = props.badge ?? '';
  entry.badge.style.display = props.badge === undefined ? 'none' : '';
  entry.badge.style.backgroundColor = props.badgeColor ?? '#ff3b30ff';
}

/** Marks a presented view (`data-presentation`) and the dimming view for the stylesheet. */
export function paintPresentation(entry) {
  const { el, props } = entry;
  if (props.presentation) el.dataset.presentation = props.presentation;
  else delete el.dataset.presentation;
  el.classList.toggle('dimming', !!props.dimming);
}

/** How far down a drag that starts on a sheet must go to dismiss it, in points: a third
 * of UIKit's sheet travel is not published; 80 points is a clear, deliberate pull. */
const SHEET_SWIPE_DISTANCE = 80;

/**
 * Lets the user pull a page or form sheet down: a pointer drag that starts on a node with
 * `data-presentation` `pageSheet` or `formSheet` and ends at least SHEET_SWIPE_DISTANCE
 * lower (more down than sideways) sends `swipe {target: the sheet, direction: "down"}`;
 * compd dismisses it unless the controller or its presentation delegate refuses
 * (docs/protocol.md, "Presentation"). The sheet follows the finger while it moves and
 * springs back when compd keeps it.
 * @param {HTMLElement} host the scene's element
 * @param {(event: object) => Promise} send sends a scene event
 */
export function installSheetSwipe(host, send) {
  let drag = null;
  host.addEventListener('pointerdown', (event) => {
    if (event.target instanceof HTMLInputElement) return;
    const sheet = event.target.closest?.('[data-presentation=pageSheet], [data-presentation=formSheet]');
    if (!sheet || !host.contains(sheet)) return;
    drag = { sheet, x: event.clientX, y: event.clientY, moved: false };
  });
  host.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const dy = event.clientY - drag.y;
    if (dy > 8) drag.moved = true;
    if (drag.moved) drag.sheet.style.transform = `translateY(${Math.max(0, dy)}px)`;
  });
  const end = (event) => {
    if (!drag) return;
    const { sheet, x, y, moved } = drag;
    drag = null;
    sheet.style.transform = '';
    const dy = event.clientY - y;
    if (!moved || dy < SHEET_SWIPE_DISTANCE || Math.abs(event.clientX - x) > dy) return;
    // The click that ends this drag is not a tap on what was under the finger.
    const swallow = (click) => click.stopPropagation();
    host.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => host.removeEventListener('click', swallow, { capture: true }), 300);
    send({ type: 'swipe', target: sheet.dataset.nodeId, direction: 'down' }).catch(() => {});
  };
  host.addEventListener('pointerup', end);
  host.addEventListener('pointercancel', () => {
    if (drag) drag.sheet.style.transform = '';
    drag = null;
  });
}
