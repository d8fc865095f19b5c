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
  // An image item without a title shows the image's glyph in the title's colour; a tab
  // shows it above its title.
  const showsGlyph = !!props.image && (props.barItem === 'tab' || !props.title);
  entry.glyph.textContent = showsGlyph ? glyphFor(props.image) : '';
  entry.glyph.style.color = props.titleColor ?? '#007affff';
  entry.glyph.style.display = showsGlyph ? '' : 'none';
  if (props.image) el.dataset.image = props.image;
  else delete el.dataset.image;
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
