// The scene's language and direction, and the text size the browser asks for.

/** UIKit's content size categories, smallest first, with the body style's size at each
 * (Apple's Human Interface Guidelines, iOS Dynamic Type sizes; docs/protocol.md,
 * `contentSizeCategory`). */
const CATEGORIES = [
  ['extraSmall', 14], ['small', 15], ['medium', 16], ['large', 17], ['extraLarge', 19],
  ['extraExtraLarge', 21], ['extraExtraExtraLarge', 23], ['accessibilityMedium', 28],
  ['accessibilityLarge', 33], ['accessibilityExtraLarge', 40],
  ['accessibilityExtraExtraLarge', 47], ['accessibilityExtraExtraExtraLarge', 53],
];

/** The browser's default font size in CSS pixels: what `font-size: medium` resolves to, the
 * size the user chose in the browser's settings (16 unless changed). */
function defaultFontSize() {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;visibility:hidden;font-size:medium';
  document.body.append(probe);
  const size = parseFloat(getComputedStyle(probe).fontSize) || 16;
  probe.remove();
  return size;
}

/** The content size category for the browser's default font size: 16 px is `large` (body
 * text at 17 points); other sizes scale body text by size / 16 and take the category whose
 * body size is nearest (the smaller one on a tie). */
export function contentSizeCategory(fontSize = defaultFontSize()) {
  const body = 17 * fontSize / 16;
  let best = CATEGORIES[0];
  for (const category of CATEGORIES) {
    if (Math.abs(category[1] - body) < Math.abs(best[1] - body)) best = category;
  }
  return best[0];
}

/** Sets `dir` and `lang` on the element of the scene's root node from its `layoutDirection`
 * and `lang` props: text then runs and aligns as the language does. Frames are already
 * mirrored by compd; nothing is flipped here. */
export function applyLanguage(entry) {
  if (!entry) return;
  const dir = entry.props.layoutDirection === 'rightToLeft' ? 'rtl' : 'ltr';
  if (entry.el.dir !== dir) entry.el.dir = dir;
  const lang = entry.props.lang ?? 'en';
  if (entry.el.lang !== lang) entry.el.lang = lang;
}
