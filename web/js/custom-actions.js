// A node's custom accessibility actions (`a11y.actions`, UIKit's
// accessibilityCustomActions) offered in the browser as WAI-ARIA's APG suggests for an
// element's secondary commands: a context menu (role `menu` of `menuitem`s) opened from the
// focused element with Shift+F10 or the ContextMenu key, or a long press / right click (the
// `contextmenu` event); the element says so with `aria-haspopup="menu"` and
// `aria-keyshortcuts`. Arrows, Home and End move within the menu, Enter or Space choose,
// Escape and Tab close it; choosing one sends `{"type":"accessibility","target":ID,
// "action":NAME}` and the focus goes back to the element.

/** Marks an element that has custom actions; unmarks one that no longer has any. */
export function paintCustomActions(entry, target) {
  const actions = entry.props.a11y?.actions ?? [];
  if (actions.length > 0) {
    target.setAttribute('aria-haspopup', 'menu');
    target.setAttribute('aria-keyshortcuts', 'Shift+F10');
  } else if (target.getAttribute('aria-keyshortcuts') === 'Shift+F10') {
    target.removeAttribute('aria-haspopup');
    target.removeAttribute('aria-keyshortcuts');
  }
}

/** Whether a key event asks for the context menu (Shift+F10, the ContextMenu key). */
export function opensActionsMenu(event) {
  return event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
}

let open = null;

/** Opens the menu of `entry`'s custom actions below `opener` (the element holding its
 * focus); `false` when it has none. `send(action)` performs one. */
export function openActionsMenu(entry, send, opener) {
  const actions = entry.props.a11y?.actions ?? [];
  if (actions.length === 0) return false;
  closeActionsMenu(false);
  const menu = document.createElement('div');
  menu.className = 'actions-menu';
  menu.setAttribute('role', 'menu');
  menu.id = `actions-${entry.id}`;
  const name = opener.getAttribute('aria-label') ?? opener.textContent.trim();
  menu.setAttribute('aria-label', name ? `Actions: ${name}` : 'Actions');
  const items = actions.map((action) => {
    const item = document.createElement('div');
    item.setAttribute('role', 'menuitem');
    item.tabIndex = -1;
    item.textContent = action;
    item.addEventListener('click', () => choose(action));
    menu.appendChild(item);
    return item;
  });
  const choose = (action) => {
    closeActionsMenu(true);
    send(action);
  };
  menu.addEventListener('keydown', (event) => {
    const index = items.indexOf(document.activeElement);
    let next = null;
    switch (event.key) {
      case 'ArrowDown': next = items[(index + 1) % items.length]; break;
      case 'ArrowUp': next = items[(index - 1 + items.length) % items.length]; break;
      case 'Home': next = items[0]; break;
      case 'End': next = items.at(-1); break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        event.stopPropagation();
        if (index >= 0) choose(actions[index]);
        return;
      case 'Escape':
      case 'Tab':
        event.preventDefault();
        event.stopPropagation();
        closeActionsMenu(true);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    next.focus();
  });
  menu.addEventListener('focusout', (event) => {
    if (!menu.contains(event.relatedTarget)) closeActionsMenu(false);
  });
  const box = opener.getBoundingClientRect();
  menu.style.left = `${Math.max(0, box.left + window.scrollX)}px`;
  menu.style.top = `${box.bottom + window.scrollY}px`;
  document.body.appendChild(menu);
  opener.setAttribute('aria-expanded', 'true');
  opener.setAttribute('aria-controls', menu.id);
  open = { menu, opener };
  items[0].focus();
  return true;
}

/** Closes the open menu; `refocus` puts the focus back on the element it belongs to. */
export function closeActionsMenu(refocus) {
  if (!open) return;
  const { menu, opener } = open;
  open = null;
  opener.removeAttribute('aria-expanded');
  opener.removeAttribute('aria-controls');
  menu.remove();
  if (refocus && opener.isConnected) opener.focus();
}
