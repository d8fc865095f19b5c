// The search bar (docs/protocol.md, `searchBar`): an <input type=search> at the node's
// `field` frame, edited as a text field (`text`, `focus`, `blur`; Enter is `submit`), and
// the scope buttons under it, a pick being the `value` event with the button's index.
// Its cancel button is a child `button` node.

import { applyFont } from './fonts.js';

export function decorateSearchBar(view, entry) {
  const input = document.createElement('input');
  input.type = 'search';
  input.className = 'search-field';
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.enterKeyHint = 'search';
  entry.input = input;
  entry.pendingText = 0;
  view.wireField(entry);
  entry.scopes = document.createElement('div');
  entry.scopes.className = 'scopes';
  entry.el.append(input, entry.scopes);
  entry.view = view;
}

export function paintSearchBar(entry, changed) {
  const { input, props, el, scopes } = entry;
  const field = props.field ?? { x: 8, y: 10, width: Math.max(0, entry.frame.width - 16), height: 36 };
  Object.assign(input.style, { left: `${field.x}px`, top: `${field.y}px`, width: `${field.width}px`, height: `${field.height}px` });
  input.placeholder = props.placeholder ?? '';
  input.style.setProperty('--placeholder-color', props.placeholderColor ?? '#3c3c434d');
  applyFont(input.style, 'system-regular-17');
  // Dynamic colours as they resolve in the scene's style (absent: the light defaults).
  el.style.color = props.textColor ?? '';
  input.style.color = props.textColor ?? '';
  el.dataset.style = props.style ?? 'default';
  if (entry.pendingText === 0 && input.value !== (props.text ?? '')) input.value = props.text ?? '';
  const titles = props.scopes ?? [];
  scopes.style.display = titles.length ? '' : 'none';
  scopes.replaceChildren(...titles.map((title, index) => {
    const button = document.createElement('span');
    button.className = 'scope';
    button.textContent = title;
    button.classList.toggle('selected', index === props.selectedScope);
    if (index === props.selectedScope && props.selectedSegmentTintColor) {
      button.style.background = props.selectedSegmentTintColor;
    }
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      entry.view.send({ type: 'value', target: entry.id, value: index }).catch(() => {});
    });
    return button;
  }));
  if ('focused' in changed || changed === props) entry.view.syncFocus(entry);
}
