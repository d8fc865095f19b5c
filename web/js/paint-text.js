// The text controls' drawing and editing beyond a plain field: a label's attributed runs,
// a text field's input traits, clear button and overlay-view insets, and the `textView`
// node edited in a <textarea> (docs/protocol.md, `label`, `textField`, `textView`).

import { applyFont } from './fonts.js';

const ALIGN = { natural: 'left', left: 'left', center: 'center', right: 'right', justified: 'justify' };

/** UIKit's text content types as HTML `autocomplete` tokens (WHATWG, "Autofill"). */
const AUTOCOMPLETE = {
  name: 'name', namePrefix: 'honorific-prefix', givenName: 'given-name', middleName: 'additional-name',
  familyName: 'family-name', nameSuffix: 'honorific-suffix', nickname: 'nickname',
  jobTitle: 'organization-title', organizationName: 'organization', fullStreetAddress: 'street-address',
  streetAddressLine1: 'address-line1', streetAddressLine2: 'address-line2', addressCity: 'address-level2',
  addressState: 'address-level1', sublocality: 'address-level3', countryName: 'country-name',
  postalCode: 'postal-code', telephoneNumber: 'tel', emailAddress: 'email', URL: 'url',
  creditCardNumber: 'cc-number', creditCardName: 'cc-name', creditCardExpiration: 'cc-exp',
  creditCardSecurityCode: 'cc-csc', username: 'username', password: 'current-password',
  newPassword: 'new-password', oneTimeCode: 'one-time-code', birthdate: 'bday',
};
/** UIKit's capitalization types as HTML `autocapitalize` values. */
const AUTOCAPITALIZE = { none: 'none', words: 'words', sentences: 'sentences', allCharacters: 'characters' };
const INPUT_MODE = { numberPad: 'numeric', decimalPad: 'decimal', emailAddress: 'email', URL: 'url', phonePad: 'tel' };

/** Sets an input's or textarea's autofill, capitalization, correction and spelling hints. */
export function applyInputTraits(input, props) {
  input.autocomplete = AUTOCOMPLETE[props.textContentType] ?? 'off';
  input.autocapitalize = AUTOCAPITALIZE[props.autocapitalizationType ?? 'sentences'];
  // `autocorrect` is Safari's attribute; other browsers ignore it.
  if (props.autocorrectionType === 'no') input.setAttribute('autocorrect', 'off');
  else if (props.autocorrectionType === 'yes') input.setAttribute('autocorrect', 'on');
  else input.removeAttribute('autocorrect');
  input.spellcheck = props.spellCheckingType === 'yes';
}

/** A text field's traits, its text insets (overlay views and the clear button take room)
 * and its clear button, whose press is the `clear` event. */
export function paintFieldExtras(view, entry) {
  const { input, props, el } = entry;
  applyInputTraits(input, props);
  if (props.textInsets) {
    input.style.paddingLeft = `${props.textInsets.left}px`;
    input.style.paddingRight = `${props.textInsets.right}px`;
  }
  if (props.clearButton && !entry.clearButton) {
    const button = document.createElement('span');
    button.className = 'clear-button';
    button.textContent = '\u2715';
    button.setAttribute('role', 'button');
    button.setAttribute('aria-label', 'Clear text');
    // Pressing it must not move the focus out of the field first.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      view.send({ type: 'clear', target: entry.id }).catch(() => {});
    });
    entry.clearButton = button;
    el.appendChild(button);
  }
  if (entry.clearButton) {
    entry.clearButton.style.display = props.clearButton ? '' : 'none';
    // The text ends where the 19-point button begins (`textInsets.right` from the edge).
    entry.clearButton.style.right = `${(props.textInsets?.right ?? 25) - 19}px`;
  }
}

/** A label's attributed runs: one span per run with its font, colours, kern and lines. */
export function paintRuns(entry) {
  const { text, props } = entry;
  if (!props.runs) return false;
  const base = props.font ?? 'system-regular-17';
  text.replaceChildren(...props.runs.map((run) => {
    const span = document.createElement('span');
    span.className = 'run';
    span.textContent = run.text;
    applyFont(span.style, run.font ?? base);
    if (run.textColor) span.style.color = run.textColor;
    if (run.backgroundColor) span.style.backgroundColor = run.backgroundColor;
    if (run.kern) span.style.letterSpacing = `${run.kern}px`;
    const lines = [];
    if (run.underline) lines.push('underline');
    if (run.strikethrough) lines.push('line-through');
    span.style.textDecorationLine = lines.join(' ');
    if ((run.underline ?? run.strikethrough ?? 0) & 0x08) span.style.textDecorationStyle = 'double';
    return span;
  }));
  return true;
}

/** A text view's <textarea>, edited as a text field's input (scene-view.js `wireField`),
 * except that Enter inserts a line break. */
export function decorateTextView(view, entry) {
  const area = document.createElement('textarea');
  area.className = 'field';
  entry.input = area;
  entry.multiline = true;
  entry.pendingText = 0;
  view.wireField(entry);
  entry.el.appendChild(area);
}

/** A text view: its text, font, colour, alignment, insets (the container inset plus the
 * 5-point line fragment padding), whether it edits, and its focus. */
export function paintTextView(view, entry, changed) {
  const { input, props, el } = entry;
  applyFont(input.style, props.font ?? 'system-regular-12');
  input.style.color = props.textColor ?? '#000000ff';
  input.style.textAlign = ALIGN[props.textAlignment ?? 'natural'];
  const inset = props.textContainerInset ?? { top: 8, left: 0, bottom: 8, right: 0 };
  input.style.padding = `${inset.top}px ${inset.right + 5}px ${inset.bottom}px ${inset.left + 5}px`;
  input.readOnly = props.editable === false;
  el.classList.toggle('unselectable', props.selectable === false);
  input.inputMode = INPUT_MODE[props.keyboardType] ?? 'text';
  applyInputTraits(input, props);
  if (entry.pendingText === 0 && input.value !== (props.text ?? '')) input.value = props.text ?? '';
  if ('focused' in changed || changed === props) view.syncFocus(entry);
}

/** A configured button's subtitle: a second, smaller line under the title (its background
 * and corner radius come as every node's props). */
export function paintButtonSubtitle(entry) {
  const { text, props } = entry;
  text.classList.toggle('subtitled', !!props.subtitle);
  if (!props.subtitle) return;
  const title = document.createElement('span');
  title.textContent = props.title ?? '';
  const subtitle = document.createElement('span');
  subtitle.className = 'subtitle';
  subtitle.textContent = props.subtitle;
  applyFont(subtitle.style, props.subtitleFont ?? 'system-regular-15');
  text.replaceChildren(title, subtitle);
}
