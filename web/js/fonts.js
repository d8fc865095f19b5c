// compd's font names (`system-<weight>-<size>`) and the text metrics of docs/text-metrics.md.

const WEIGHTS = { ultralight: 200, thin: 100, light: 300, regular: 400, medium: 500, semibold: 600, bold: 700, heavy: 800, black: 900 };
const UNITS_PER_EM = 2816;
const ASCENDER = 2728;
const DESCENDER = -680;

/** `{weight, size, lineHeight}` for a font name such as `system-semibold-15`. */
export function parseFont(name) {
  const match = /^system-([a-z]+)-([0-9.]+)$/.exec(name ?? '');
  const weight = match ? WEIGHTS[match[1]] ?? 400 : 400;
  const size = match ? Number(match[2]) : 17;
  return { weight, size, lineHeight: ((ASCENDER - DESCENDER) / UNITS_PER_EM) * size };
}

/** Applies a font name to an element's style (Inter, no kerning or ligatures). */
export function applyFont(style, name) {
  const font = parseFont(name);
  style.fontFamily = 'Inter, sans-serif';
  style.fontWeight = String(font.weight);
  style.fontSize = `${font.size}px`;
  style.lineHeight = `${font.lineHeight}px`;
}
