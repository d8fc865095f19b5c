// The scene as accessible HTML (docs/web.md, "Accessibility"): ARIA roles, names and states
// from each node's type and props (the defaults of docs/protocol.md, "Accessibility"), which
// the node prop `a11y` overrides; the reading order as the DOM order, so Tab follows it;
// every enabled control a tab stop operated from the keyboard (Enter and Space activate,
// arrow keys adjust, Escape escapes: the `accessibility` event); everything behind a modal
// view hidden from assistive technology; `scene.announcement` spoken through a polite live
// region, and focus moved to the node a screen or layout change names.
//
// scene-view.js calls in at five points: installAccessibility (its constructor),
// decorateAccessibility (a node built), paintAccessibility (a node's props drawn),
// settleAccessibility (a tree or a change applied; what depends on other nodes: order,
// modality, roving tab stops, names taken from a row) and announce (app.js, a notification).
// A node's custom actions are offered as a context menu (custom-actions.js).

import { openActionsMenu, opensActionsMenu, paintCustomActions } from './custom-actions.js';

/** UIKit's English titles of the bar button system items that show an image
 * (`BarButtonItem.SystemItem`; the text items send their title). */
const SYSTEM_ITEM_NAMES = {
  add: 'Add', compose: 'Compose', reply: 'Reply', action: 'Share', organize: 'Organize',
  bookmarks: 'Bookmarks', search: 'Search', refresh: 'Refresh', stop: 'Stop', camera: 'Camera',
  trash: 'Trash', play: 'Play', pause: 'Pause', rewind: 'Rewind', fastForward: 'Fast Forward',
  close: 'Close', undo: 'Undo', redo: 'Redo', done: 'Done', cancel: 'Cancel', edit: 'Edit', save: 'Save',
};

/** What a presented view is called when it has no title to name it. */
const PRESENTATION_NAMES = {
  alert: 'Alert', actionSheet: 'Action sheet', menu: 'Menu', pageSheet: 'Sheet', formSheet: 'Sheet',
  fullScreen: 'Screen', overFullScreen: 'Screen',
};

/** The presentations that are modal: all but a full-screen one, whose presenter has left the
 * tree (docs/protocol.md, "Presentation"); a full-screen one is modal too, which changes nothing. */
const MODAL_PRESENTATIONS = new Set(Object.keys(PRESENTATION_NAMES));

/** A date picker's name by mode, when nothing else names it. */
const DATE_PICKER_NAMES = { date: 'Date', time: 'Time', dateAndTime: 'Date and time', countDownTimer: 'Duration' };

/** Node types whose element takes focus and keys itself (the text controls' inputs, a
 * picker's selects and a date picker's input are focused instead). */
const WIDGET_ROLES = new Set(['button', 'link', 'switch', 'slider', 'spinbutton', 'radiogroup', 'tab', 'checkbox']);

/** Types that scroll their content (a region a keyboard user must be able to scroll). */
const SCROLLING = new Set(['scroll', 'table', 'collection']);

/** The ARIA role a trait gives an element, strongest first (contract: `a11y.traits`). */
const TRAIT_ROLES = [
  ['searchField', 'searchbox'], ['adjustable', 'slider'], ['link', 'link'], ['button', 'button'],
  ['keyboardKey', 'button'], ['toggleButton', 'button'], ['tabBar', 'tablist'], ['header', 'heading'],
  ['image', 'img'],
];

let announcementRegion = null;

/** Sets an attribute only when it changes (`null`/`undefined`/`false` removes it). */
function attr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
    return;
  }
  const text = String(value);
  if (el.getAttribute(name) !== text) el.setAttribute(name, text);
}

/** The DOM id of a node's element (node ids are unique within a scene; the prefix keeps
 * them apart from the page's own ids). */
function domId(entry) {
  if (!entry.el.id) entry.el.id = `node-${entry.id}`;
  return entry.el.id;
}

/** A symbol or image file name as words: `square.and.arrow.up` → "square and arrow up". */
function imageWords(name) {
  return name.replace(/\.(png|jpe?g|svg)$/i, '').replace(/[._-]+/g, ' ').trim();
}

function traitsOf(entry) {
  return new Set(entry.props.a11y?.traits ?? []);
}

/**
 * Creates the page's live region (once) and the scene's keyboard handling.
 * @param {object} view the SceneView
 */
export function installAccessibility(view) {
  if (!announcementRegion) {
    announcementRegion = document.createElement('div');
    announcementRegion.id = 'announcements';
    announcementRegion.className = 'visually-hidden';
    announcementRegion.setAttribute('aria-live', 'polite');
    announcementRegion.setAttribute('aria-atomic', 'true');
    document.body.appendChild(announcementRegion);
  }
  view.accessibility = { focusBeforeModal: null, modalId: null };
  view.host.addEventListener('keydown', (event) => keyDown(view, event));
  // A long press or a right click on a node with custom actions opens their menu.
  view.host.addEventListener('contextmenu', (event) => {
    const nodeEl = event.target.closest?.('[data-node-id]');
    const entry = nodeEl && view.nodes.get(nodeEl.dataset.nodeId);
    if (entry && openCustomActions(view, entry)) event.preventDefault();
  });
}

/** The menu of a node's custom actions (custom-actions.js); `false` when it has none. */
function openCustomActions(view, entry) {
  return openActionsMenu(entry, (action) => act(view, entry, action), entry.focusEl ?? entry.el);
}

/** Marks a node's element for the stylesheet and notes which element takes its focus. */
export function decorateAccessibility(view, entry) {
  entry.focusEl = entry.input ?? null;
  if (entry.type === 'cell' || entry.type === 'table' || entry.type === 'collection') {
    // The content wrappers of a list carry no meaning: the rows are the list's items.
    entry.content?.setAttribute('role', 'none');
    if (entry.container !== entry.el) entry.container.setAttribute('role', 'none');
  }
  if (entry.type === 'scroll') {
    entry.content?.setAttribute('role', 'none');
    entry.container?.setAttribute('role', 'none');
  }
  if (entry.type === 'segmentedControl') {
    entry.segments.setAttribute('role', 'none');
  }
  if (entry.type === 'searchBar') {
    entry.scopes.setAttribute('role', 'radiogroup');
    entry.scopes.setAttribute('aria-label', 'Scope');
  }
}

/**
 * Sets a node's role, name, description and states from its type and props (`a11y`
 * overriding the type's defaults). What depends on other nodes waits for
 * settleAccessibility.
 */
export function paintAccessibility(view, entry) {
  const { el, props } = entry;
  const a11y = props.a11y ?? {};
  const traits = traitsOf(entry);
  const state = describe(entry, a11y, traits);
  entry.a11yRole = state.role;
  entry.tabStop = state.tabStop;
  entry.a11yNamed = state.named;
  // A text control's wrapper has no role: its <input>, <textarea> or <select>s have theirs.
  const wrapper = ['textField', 'textView', 'datePicker', 'picker'].includes(entry.type);
  attr(el, 'role', wrapper ? null : state.role);
  // A label whose accessibility label differs from its text reads the label instead.
  paintSpokenText(entry, a11y);
  const nameable = !wrapper && state.role !== null && state.role !== 'none';
  attr(el, 'aria-label', nameable ? state.name : null);
  attr(el, 'aria-level', state.role === 'heading' ? state.level : null);
  const disabled = props.enabled === false || traits.has('notEnabled');
  const target = entry.focusEl ?? el;
  attr(target, 'aria-disabled', disabled && (WIDGET_ROLES.has(state.role) || entry.input) ? 'true' : null);
  paintDescription(entry, [state.value, a11y.hint]);
  // Only a language this node's `a11y` set is taken away again (the root's `lang` is the
  // scene's, set from its own prop).
  if (a11y.language) attr(el, 'lang', a11y.language);
  else if (entry.a11yLanguage) el.removeAttribute('lang');
  entry.a11yLanguage = !!a11y.language;
  entry.a11yHidden = a11y.hidden === true || (a11y.element === false && !state.tabStop && !entry.input);
  switch (entry.type) {
    case 'switch':
      attr(el, 'aria-checked', props.on ? 'true' : 'false');
      break;
    case 'slider':
    case 'pageControl':
    case 'stepper':
    case 'progress':
      paintRange(entry, a11y);
      break;
    case 'segmentedControl':
      paintSegmentRoles(entry);
      break;
    case 'textField':
    case 'textView':
    case 'searchBar':
      attr(entry.input, 'aria-label', a11y.label ?? null);
      if (entry.type === 'textView') attr(entry.input, 'aria-multiline', 'true');
      attr(entry.input, 'aria-readonly', props.editable === false ? 'true' : null);
      if (entry.type === 'searchBar') paintScopeRoles(entry);
      break;
    case 'datePicker':
      attr(entry.input, 'aria-label', a11y.label ?? null);
      break;
    case 'picker':
      paintPickerNames(entry, a11y);
      break;
    case 'button':
      if (props.barItem === 'tab') attr(el, 'aria-selected', props.selected ? 'true' : 'false');
      else attr(el, 'aria-pressed', traits.has('toggleButton') ? String(!!props.selected || traits.has('selected')) : null);
      attr(el, 'aria-haspopup', props.menu ? 'dialog' : null);
      break;
    case 'cell':
      attr(el, 'aria-current', props.selected || traits.has('selected') ? 'true' : null);
      break;
  }
  paintCustomActions(entry, target);
}

/**
 * The role, name and tab stop of a node: its type's defaults (docs/protocol.md,
 * "Accessibility") and its props, then what `a11y` says.
 */
function describe(entry, a11y, traits) {
  const { props, type } = entry;
  let role = null;
  let name = a11y.label ?? null;
  let tabStop = false;
  let level = 2;
  let value = a11y.value ?? null;
  switch (type) {
    case 'button': {
      role = props.barItem === 'tab' ? 'tab' : 'button';
      tabStop = true;
      if (name === null) {
        const title = [props.title, props.subtitle].filter(Boolean).join(', ');
        name = title || SYSTEM_ITEM_NAMES[props.systemItem]
          || (props.symbol ? imageWords(props.symbol) : null)
          || (props.image?.name ? imageWords(props.image.name) : null);
      }
      if (props.badge !== undefined && value === null) value = props.badge;
      break;
    }
    case 'switch':
      role = 'switch';
      tabStop = true;
      value = null;
      break;
    case 'slider':
      role = 'slider';
      tabStop = true;
      break;
    case 'pageControl':
      role = 'slider';
      tabStop = !(props.hidesForSinglePage && props.numberOfPages === 1) && (props.numberOfPages ?? 0) > 0;
      break;
    case 'stepper':
      role = 'spinbutton';
      tabStop = true;
      break;
    case 'segmentedControl':
      role = 'radiogroup';
      tabStop = (props.segments ?? []).length > 0;
      break;
    case 'progress':
      role = 'progressbar';
      break;
    case 'activityIndicator':
      role = 'progressbar';
      // UIKit's activity indicator is read as "In progress", a stopped one "Progress halted".
      name ??= props.animating ? 'In progress' : 'Progress halted';
      break;
    case 'label':
      // Its text (or its accessibility label, paintSpokenText) is its content.
      name = null;
      if (isTitle(entry)) {
        role = 'heading';
        level = entry.key === 'alert.title' ? 2 : 1;
      }
      break;
    case 'image':
      if (a11y.element === true || a11y.label !== undefined || traits.has('image')) {
        role = 'img';
        name ??= props.image?.name ? imageWords(props.image.name) : null;
      }
      break;
    case 'table':
    case 'collection':
      role = 'list';
      break;
    case 'cell':
      role = 'listitem';
      // A row is a tab stop unless a control in it is (settleAccessibility).
      tabStop = true;
      break;
    case 'tabBar':
      role = 'tablist';
      name ??= 'Tab bar';
      break;
    case 'toolbar':
      role = 'toolbar';
      name ??= 'Toolbar';
      break;
    case 'navigationBar':
      role = 'navigation';
      name ??= props.title ?? 'Navigation bar';
      break;
    case 'searchBar':
      role = 'search';
      break;
    default:
      if (props.presentation && MODAL_PRESENTATIONS.has(props.presentation)) {
        role = props.presentation === 'alert' ? 'alertdialog' : 'dialog';
      } else if (props.dimming) {
        role = 'none';
      }
  }
  // Traits the node's type does not have by default give it their role.
  const traitRole = TRAIT_ROLES.find(([trait]) => traits.has(trait))?.[1];
  // A row stays a list item (a list holds nothing else); it is activated as a button is.
  const fixed = ['switch', 'slider', 'spinbutton', 'radiogroup', 'tab', 'tablist', 'listitem', 'list', 'dialog', 'alertdialog'];
  if (traitRole && !entry.input && !fixed.includes(role)) {
    if (traitRole === 'tablist' || traitRole === 'heading' || traitRole === 'img') {
      if (role === null || role === 'none' || role === 'button') role = traitRole === 'img' && role === 'button' ? role : traitRole;
    } else {
      role = traitRole;
      tabStop = true;
    }
  }
  if (a11y.element === true && role === null) role = 'group';
  if (a11y.element === false && role === 'img') role = null;
  // A disabled control is announced but is no tab stop (WAI-ARIA APG: disabled controls
  // are not focusable by default); `notEnabled` alone leaves it focusable.
  if (props.enabled === false) tabStop = false;
  return { role, name, tabStop, level, value, named: name !== null };
}

/** A navigation bar's title or large title, an alert's title, or a label with the
 * `header` trait: a heading. */
function isTitle(entry) {
  return ['navigation.title', 'navigation.largeTitle', 'alert.title'].includes(entry.key)
    || traitsOf(entry).has('header');
}

/** A label read as its accessibility label instead of its text: the drawn text is hidden
 * from assistive technology and a visually hidden copy of the label takes its place. */
function paintSpokenText(entry, a11y) {
  if (entry.type !== 'label' || !entry.text) return;
  const spoken = a11y.label !== undefined && a11y.label !== (entry.props.text ?? '');
  attr(entry.text, 'aria-hidden', spoken ? 'true' : null);
  if (spoken && !entry.spoken) {
    entry.spoken = document.createElement('span');
    entry.spoken.className = 'visually-hidden';
    entry.el.appendChild(entry.spoken);
  }
  if (entry.spoken) {
    entry.spoken.textContent = spoken ? a11y.label : '';
    entry.spoken.hidden = !spoken;
  }
}

/** The value (where no ARIA state carries it) and hint, as the element's description. */
function paintDescription(entry, parts) {
  const valued = ['slider', 'pageControl', 'stepper', 'progress', 'switch'].includes(entry.type)
    || entry.a11yRole === 'slider';
  const text = parts.filter((part, index) => part && !(index === 0 && valued)).join('. ');
  const target = entry.focusEl ?? entry.el;
  if (!text) {
    if (entry.description) entry.description.textContent = '';
    attr(target, 'aria-describedby', null);
    return;
  }
  if (!entry.description) {
    entry.description = document.createElement('span');
    entry.description.id = `node-${entry.id}-description`;
    entry.description.hidden = true;
    entry.el.appendChild(entry.description);
  }
  entry.description.textContent = text;
  attr(target, 'aria-describedby', entry.description.id);
}

/** A slider's, stepper's, page control's or progress view's value, range and spoken value. */
function paintRange(entry, a11y) {
  const { el, props } = entry;
  let now;
  let min;
  let max;
  let text = a11y.value ?? null;
  switch (entry.type) {
    case 'slider':
      now = entry.dragValue ?? props.value ?? 0;
      min = props.minimumValue ?? 0;
      max = props.maximumValue ?? 1;
      // UIKit reads a slider's value as a percentage of its range.
      text ??= `${Math.round(max > min ? ((now - min) / (max - min)) * 100 : 0)}%`;
      break;
    case 'stepper':
      now = props.value ?? 0;
      min = props.minimumValue ?? 0;
      max = props.maximumValue ?? 100;
      break;
    case 'pageControl': {
      const count = props.numberOfPages ?? 0;
      now = Math.min((props.currentPage ?? 0) + 1, Math.max(count, 1));
      min = 1;
      max = Math.max(count, 1);
      text ??= `page ${now} of ${count}`;
      break;
    }
    case 'progress':
      now = Math.round(Math.min(Math.max(props.progress ?? 0, 0), 1) * 100);
      min = 0;
      max = 100;
      text ??= `${now}%`;
      break;
  }
  attr(el, 'aria-valuenow', now);
  attr(el, 'aria-valuemin', min);
  attr(el, 'aria-valuemax', max);
  attr(el, 'aria-valuetext', text);
}

/** A segmented control is a radio group (WAI-ARIA APG, "Radio Group"): its segments are
 * radios; the group keeps the focus and points at the active segment, so that the
 * segments the control redraws on each change do not take the focus with them. */
function paintSegmentRoles(entry) {
  const { props } = entry;
  const segments = [...entry.segments.children];
  const selected = props.momentary ? -1 : props.selectedSegmentIndex ?? -1;
  if (entry.activeSegment === undefined || entry.activeSegment >= segments.length) {
    entry.activeSegment = selected >= 0 ? selected : firstEnabled(props.segments ?? [], 0, 1);
  }
  if (!props.momentary && selected >= 0) entry.activeSegment = selected;
  segments.forEach((segment, index) => {
    segment.id = `node-${entry.id}-segment-${index}`;
    segment.setAttribute('role', 'radio');
    segment.setAttribute('aria-checked', index === selected ? 'true' : 'false');
    if (props.segments?.[index]?.enabled === false) segment.setAttribute('aria-disabled', 'true');
    segment.classList.toggle('active', index === entry.activeSegment);
  });
  attr(entry.el, 'aria-activedescendant', segments[entry.activeSegment]?.id ?? null);
}

/** A search bar's scope buttons: a radio group, focused as one and moved with arrows. */
function paintScopeRoles(entry) {
  const { props } = entry;
  const scopes = [...entry.scopes.children];
  const selected = props.selectedScope ?? 0;
  scopes.forEach((scope, index) => {
    scope.id = `node-${entry.id}-scope-${index}`;
    scope.setAttribute('role', 'radio');
    scope.setAttribute('aria-checked', index === selected ? 'true' : 'false');
    scope.classList.toggle('active', index === selected);
  });
  entry.scopes.tabIndex = scopes.length ? 0 : -1;
  attr(entry.scopes, 'aria-activedescendant', scopes[selected]?.id ?? null);
}

/** A picker's wheels: each <select> named by the picker and, with several, its place. */
function paintPickerNames(entry, a11y) {
  const selects = [...entry.wheels.children];
  const base = a11y.label ?? entry.rowName ?? 'Picker';
  selects.forEach((select, index) => {
    attr(select, 'aria-label', selects.length > 1 ? `${base}, ${index + 1} of ${selects.length}` : base);
  });
}

function firstEnabled(segments, from, step) {
  for (let index = from; index >= 0 && index < segments.length; index += step) {
    if (segments[index].enabled !== false) return index;
  }
  return -1;
}

// --- what depends on other nodes

/**
 * After a tree or a change is applied: children in reading order, the views behind a
 * modal one hidden, tab stops (a row whose control is one is not; a tab bar's selected
 * tab alone; a scroll view without one becomes one), names that come from a row, dialog
 * names, and the focus moved into a modal view that appeared or back when it went.
 * @param {object} view the SceneView
 */
export function settleAccessibility(view) {
  const root = view.nodes.get(view.rootId);
  if (!root) return;
  holdsModal(view, root);
  const state = { modal: null };
  settle(view, root, { hidden: false, inert: false, x: 0, y: 0 }, state);
  const modalId = state.modal?.id ?? null;
  const a11y = view.accessibility;
  if (modalId !== a11y.modalId) modalChanged(view, a11y, state.modal);
}

/** The props whose change can change what settleAccessibility decides (the reading
 * order, modality, tab stops, names from a row); a change of others (text typed, a value)
 * is drawn by paintAccessibility alone. */
const SETTLED_PROPS = new Set(['a11y', 'hidden', 'alpha', 'enabled', 'interactive', 'presentation', 'dimming',
  'selected', 'placeholder', 'contentSize', 'contentOffset', 'contentInset', 'numberOfPages', 'hidesForSinglePage',
  'segments', 'scopes', 'barItem', 'components']);

/** Settles after a `scene.changed` whose ops can change what it decides: nodes inserted,
 * removed, moved or rekeyed, or SETTLED_PROPS updated. */
export function settleAfterChange(view, ops) {
  const matters = ops.some((op) => op.op !== 'update' || Object.keys(op.props).some((name) => SETTLED_PROPS.has(name)));
  if (matters) settleAccessibility(view);
}

/** Notes on each node whether it is or holds a modal node (docs/protocol.md,
 * "Accessibility": such a child hides its siblings). */
function holdsModal(view, entry) {
  let holds = false;
  for (const id of entry.children) {
    const child = view.nodes.get(id);
    if (child && holdsModal(view, child)) holds = true;
  }
  entry.holdsModal = holds || (isModal(entry) && !entry.props.hidden);
  return entry.holdsModal;
}

/**
 * Settles one node and its subtree. `inherited.hidden`: an ancestor is hidden from
 * assistive technology (its own `a11y.hidden`, or behind a modal view);
 * `inherited.inert`: nobody can touch it; `inherited.x`, `.y`: where the node's parent's
 * coordinate space starts in the root's. Returns whether the subtree holds a tab stop and
 * where its first item in reading order is (`null`: it has none).
 */
function settle(view, entry, inherited, state, marked = false) {
  const { el, props } = entry;
  const hidden = inherited.hidden || entry.a11yHidden === true;
  // A subtree nobody can touch takes no focus either (`interactive: false`, `hidden`).
  const inert = inherited.inert || props.interactive === false || props.hidden === true;
  // aria-hidden goes on the root of each hidden subtree.
  attr(el, 'aria-hidden', marked || (entry.a11yHidden && !inherited.hidden) ? 'true' : null);
  const frame = entry.frame ?? { x: 0, y: 0 };
  const at = { x: inherited.x + frame.x, y: inherited.y + frame.y };
  // Children of a scroll view are in its content space.
  const offset = SCROLLING.has(entry.type) || entry.type === 'textView' ? props.contentOffset ?? { x: 0, y: 0 } : { x: 0, y: 0 };
  const inner = { x: at.x - offset.x, y: at.y - offset.y };
  const children = entry.children.map((id) => view.nodes.get(id)).filter(Boolean);
  // The last child that is or holds a modal node hides its siblings (UIKit's
  // accessibilityViewIsModal); the dimming view under a presented one is drawing only.
  const modal = [...children].reverse().find((child) => child.holdsModal);
  if (modal && !hidden && isModal(modal)) state.modal = modal;
  let holdsStop = false;
  const firsts = new Map();
  for (const child of children) {
    const behind = !!modal && child !== modal;
    const mark = !hidden && (behind || child.props.dimming === true);
    const settled = settle(view, child, { hidden: hidden || mark, inert, ...inner }, state, mark);
    if (settled.holds) holdsStop = true;
    if (settled.first && !behind) firsts.set(child, settled.first);
    // A list holds items only: a view among its rows with a control in it (a table's
    // header view with a search field) is one too; a section header of text is not.
    if (entry.a11yRole === 'list' && child.type !== 'cell' && !child.a11yRole) {
      attr(child.el, 'role', settled.holds ? 'listitem' : null);
    }
  }
  const ordered = orderChildren(view, entry, children, firsts);
  let stop = entry.tabStop === true;
  if (entry.type === 'cell' && holdsStop) stop = false;
  if (SCROLLING.has(entry.type) && !holdsStop) stop = isScrollable(entry);
  const reachable = !hidden && !inert;
  setTabStops(entry, stop, reachable);
  if (entry.type === 'tabBar') roveTabs(children, reachable);
  if (!entry.a11yNamed) nameFromRow(view, entry);
  if (entry.a11yRole === 'dialog' || entry.a11yRole === 'alertdialog') nameDialog(view, entry);
  // Where this subtree is read: nowhere when it is hidden or transparent; at its own place
  // when it is an element, a group or ordered (one unit); else where its first child is.
  let first = null;
  const absent = props.hidden === true || (props.alpha ?? 1) < 0.01 || entry.a11yHidden === true;
  if (!absent) {
    const unit = isElement(entry, holdsStop) || props.a11y?.group === true || !!props.a11y?.order;
    first = unit ? { top: at.y, left: at.x, right: at.x + (frame.width ?? 0), height: frame.height ?? 0 } : firsts.get(ordered.find((child) => firsts.has(child))) ?? null;
  }
  return { holds: holdsStop || ((stop || !!entry.input || entry.type === 'picker') && reachable), first };
}

/** Whether a node is one item to a screen reader (docs/protocol.md, "Accessibility":
 * defaults per node type, `a11y.element` over them). */
function isElement(entry, holdsControl) {
  const element = entry.props.a11y?.element;
  if (element !== undefined) return element;
  if (entry.type === 'cell') return !holdsControl;
  return ELEMENT_TYPES.has(entry.type);
}

/** The node types that are elements by default (a segmented control's segments and a
 * picker's wheels are read at the control's place). */
const ELEMENT_TYPES = new Set(['label', 'button', 'switch', 'textField', 'textView', 'searchBar', 'slider', 'stepper',
  'segmentedControl', 'pageControl', 'progress', 'activityIndicator', 'datePicker', 'picker']);

function isModal(entry) {
  return (entry.props.presentation && MODAL_PRESENTATIONS.has(entry.props.presentation)) || entry.props.a11y?.modal === true;
}

function isScrollable(entry) {
  const size = entry.props.contentSize;
  if (!size || !entry.frame) return false;
  return size.height > entry.frame.height + 0.5 || size.width > entry.frame.width + 0.5;
}

/** Tab stops: the node's own element (or its input), a picker's wheels, a search bar's
 * scopes; -1 while hidden, behind a modal view or not touchable. An element that is no
 * tab stop but was focusable keeps -1, so that what has the focus keeps it. */
function setTabStops(entry, stop, reachable) {
  const { el } = entry;
  const tab = (element, index) => {
    if (element.tabIndex !== index || !element.hasAttribute('tabindex')) element.tabIndex = index;
  };
  if (entry.input) tab(entry.input, reachable ? 0 : -1);
  else if (stop) tab(el, reachable ? entry.rovingIndex ?? 0 : -1);
  else if (el.hasAttribute('tabindex')) tab(el, -1);
  if (entry.type === 'picker') {
    for (const select of entry.wheels.children) tab(select, reachable ? 0 : -1);
  }
  if (entry.type === 'searchBar' && entry.scopes.children.length) tab(entry.scopes, reachable ? 0 : -1);
}

/** A tab bar is one tab stop (WAI-ARIA APG, "Tabs"): its selected tab; arrows move among
 * the tabs. */
function roveTabs(children, reachable) {
  const tabs = children.filter((child) => child.a11yRole === 'tab' && child.props.enabled !== false);
  const current = tabs.find((tab) => tab.el === document.activeElement)
    ?? tabs.find((tab) => tab.props.selected) ?? tabs[0];
  for (const tab of tabs) {
    tab.rovingIndex = tab === current ? 0 : -1;
    const index = reachable ? tab.rovingIndex : -1;
    if (tab.el.tabIndex !== index) tab.el.tabIndex = index;
  }
}

/**
 * A control without a name of its own takes it from the row it sits in, as a form's
 * <label> would: the label beside it (the nearest one before it among its siblings, else
 * after it), else the labels in the nearest sibling view that holds some (a table row's
 * content view), looking in its parent and then its parent's parent.
 */
function nameFromRow(view, entry) {
  const named = ['switch', 'slider', 'stepper', 'segmentedControl', 'pageControl', 'progress', 'picker', 'datePicker', 'textField', 'textView'];
  if (!named.includes(entry.type) && !(entry.type === 'button' && !entry.el.getAttribute('aria-label'))) return;
  if (entry.type === 'textField' && entry.props.placeholder) return;
  let labels = [];
  let child = entry;
  for (let depth = 0; depth < 2 && !labels.length; depth += 1) {
    const parent = view.parentOf(child);
    if (!parent) break;
    labels = rowLabels(view, parent, child);
    child = parent;
  }
  const ids = labels.map(domId).join(' ');
  const target = entry.focusEl ?? entry.el;
  if (entry.type === 'picker') {
    entry.rowName = labels.map((label) => label.props.a11y?.label ?? label.props.text ?? '').join(' ') || null;
    paintPickerNames(entry, entry.props.a11y ?? {});
    return;
  }
  attr(target, 'aria-labelledby', ids || null);
  // What UIKit reads for these when nothing names them.
  if (entry.type === 'datePicker') attr(target, 'aria-label', ids ? null : DATE_PICKER_NAMES[entry.props.mode ?? 'dateAndTime']);
  if (entry.type === 'progress') attr(target, 'aria-label', ids ? null : 'Progress');
}

/** The labels naming `control` among `parent`'s children (see nameFromRow). */
function rowLabels(view, parent, control) {
  const siblings = parent.children.map((id) => view.nodes.get(id)).filter((child) => child && !child.props.hidden);
  const at = siblings.indexOf(control);
  const isLabel = (child) => child.type === 'label' && !!(child.props.text || child.props.a11y?.label);
  const nearest = (candidates) => {
    const before = candidates.filter(([index]) => index < at);
    const after = candidates.filter(([index]) => index > at);
    return before.length ? before[before.length - 1][1] : after[0]?.[1];
  };
  const direct = nearest(siblings.map((child, index) => [index, child]).filter(([, child]) => isLabel(child)));
  if (direct) return [direct];
  const holders = siblings.map((child, index) => [index, child])
    .filter(([, child]) => child !== control && !child.input && !WIDGET_ROLES.has(child.a11yRole))
    .map(([index, child]) => [index, child.children.map((id) => view.nodes.get(id)).filter((c) => c && !c.props.hidden && isLabel(c))])
    .filter(([, labels]) => labels.length);
  return nearest(holders) ?? [];
}

/** A dialog is named by its title (an alert's, a sheet's navigation bar's) and described
 * by an alert's message; without a title, by what it is. */
function nameDialog(view, entry) {
  attr(entry.el, 'aria-modal', 'true');
  const title = findEntry(view, entry, (node) => node.key === 'alert.title' || node.key === 'navigation.largeTitle' || node.key === 'navigation.title')
    ?? (entry.props.presentation === 'actionSheet' ? findEntry(view, entry, (node) => node.type === 'label') : null);
  const message = findEntry(view, entry, (node) => node.key === 'alert.message');
  if (entry.props.a11y?.label === undefined) {
    attr(entry.el, 'aria-labelledby', title && !title.props.hidden ? domId(title) : null);
    attr(entry.el, 'aria-label', title && !title.props.hidden ? null : PRESENTATION_NAMES[entry.props.presentation] ?? 'Dialog');
  }
  if (message && !entry.description) attr(entry.el, 'aria-describedby', domId(message));
}

function findEntry(view, entry, predicate) {
  for (const id of entry.children) {
    const child = view.nodes.get(id);
    if (!child) continue;
    if (predicate(child)) return child;
    const found = findEntry(view, child, predicate);
    if (found) return found;
  }
  return null;
}

/**
 * Puts a container's children in the DOM in reading order, so that Tab and a screen
 * reader's cursor follow it: `a11y.order` (the ids it does not name after them), else by
 * where each child's first item is, in lines as docs/protocol.md's reading order reads
 * items (top to bottom, an item less than lineReach below a line's first one on that
 * line, each line left to right, ties in tree order); children with nothing to read keep their
 * tree order after them. Each child's `z-index` keeps the tree's painting order. The
 * element holding the focus is not moved (a moved element loses the focus): the others
 * move around it. Returns the children in reading order.
 */
function orderChildren(view, entry, children, firsts) {
  if (children.length < 2) return children;
  let wanted;
  const order = entry.props.a11y?.order;
  // Within a line from the leading edge: the right one in a right-to-left scene, as
  // ScreenKit's View.inReadingOrder.
  const rtl = view.nodes.get(view.rootId)?.props.layoutDirection === 'rightToLeft';
  if (!order && !entry.reordered && readInTreeOrder(children, firsts, rtl)) return children;
  if (order) {
    const named = order.map((id) => view.nodes.get(id)).filter((child) => child && children.includes(child));
    wanted = [...named, ...children.filter((child) => !named.includes(child))];
  } else {
    const items = children.map((child, index) => ({ child, index, first: firsts.get(child) })).filter((item) => item.first);
    items.sort((a, b) => a.first.top - b.first.top || a.index - b.index);
    const lines = [];
    for (const item of items) {
      const line = lines[lines.length - 1];
      if (line && item.first.top < line.top + lineReach(line.first)) line.items.push(item);
      else lines.push({ top: item.first.top, first: item.first, items: [item] });
    }
    const read = lines.flatMap((line) => line.items.sort((a, b) => lineOffset(a.first, rtl) - lineOffset(b.first, rtl) || a.index - b.index))
      .map((item) => item.child);
    wanted = [...read, ...children.filter((child) => !firsts.has(child))];
  }
  const inTreeOrder = wanted.every((child, index) => child === children[index]);
  if (inTreeOrder && !entry.reordered) return wanted;
  const current = [...entry.container.children].filter((el) => el.dataset.nodeId);
  if (wanted.some((child, index) => current[index] !== child.el)) moveInto(entry.container, wanted.map((child) => child.el), current);
  children.forEach((child, index) => {
    const z = inTreeOrder ? '' : String(index);
    if (child.el.style.zIndex !== z) child.el.style.zIndex = z;
  });
  entry.reordered = !inTreeOrder;
  return wanted;
}

/** How far below a line's first item another item may start and still be on its line:
 * 8 points (VoiceOver's grouping), or half the first item's height when that is more (a
 * stepper beside its caption), as docs/protocol.md's reading order. */
function lineReach(first) {
  return Math.max(8, (first.height ?? 0) / 2);
}

/** Where an item is along its line in reading order: its left edge, or in a right-to-left
 * scene its right edge counted from the right. */
function lineOffset(first, rtl) {
  return rtl ? -first.right : first.left;
}

/** Whether the reading order of `children` is their tree order: their first items' tops
 * never go up, and in each line (as orderChildren makes them) their leading edges never go
 * back; the children with nothing to read all come last. Tells it without sorting. */
function readInTreeOrder(children, firsts, rtl) {
  let lineTop = -Infinity;
  let reach = 0;
  let top = -Infinity;
  let left = -Infinity;
  let unread = false;
  for (const child of children) {
    const first = firsts.get(child);
    if (!first) {
      unread = true;
      continue;
    }
    if (unread || first.top < top) return false;
    if (first.top < lineTop + reach) {
      if (lineOffset(first, rtl) < left) return false;
    } else {
      lineTop = first.top;
      reach = lineReach(first);
    }
    top = first.top;
    left = lineOffset(first, rtl);
  }
  return true;
}

/**
 * Reorders `container`'s node elements from `current` to `wanted` moving as few as it can:
 * those outside the longest run already in order. A moved element loses the focus and its
 * scroll positions (its box is made again), so the element holding the focus always stays,
 * and the scroll offsets inside a moved element are put back.
 */
function moveInto(container, wanted, current) {
  const place = new Map(current.map((el, index) => [el, index]));
  const active = document.activeElement;
  const pinned = wanted.findIndex((el) => el.contains(active));
  // The longest subsequence of `wanted` whose current places increase (and that holds the
  // focused element): those stay where they are.
  const positions = wanted.map((el) => place.get(el) ?? -1);
  const length = new Array(wanted.length).fill(1);
  const previous = new Array(wanted.length).fill(-1);
  for (let i = 0; i < wanted.length; i += 1) {
    for (let j = 0; j < i; j += 1) {
      if (positions[j] < positions[i] && length[j] + 1 > length[i]) {
        length[i] = length[j] + 1;
        previous[i] = j;
      }
    }
  }
  const compatible = (i) => pinned < 0 || i === pinned
    || (i < pinned ? positions[i] < positions[pinned] : positions[i] > positions[pinned]);
  let best = -1;
  for (let i = 0; i < wanted.length; i += 1) {
    if (positions[i] >= 0 && (best < 0 || length[i] > length[best])) best = i;
  }
  const stays = new Set();
  for (let i = best; i >= 0; i = previous[i]) stays.add(i);
  if (pinned >= 0 && !stays.has(pinned)) {
    // Keep the focused element and, of the run, what is in order with it.
    for (const i of [...stays]) if (!compatible(i)) stays.delete(i);
    stays.add(pinned);
  }
  // Insert the others, back to front, before the next element that is in place.
  let next = null;
  for (let i = wanted.length - 1; i >= 0; i -= 1) {
    const el = wanted[i];
    if (!stays.has(i)) {
      const offsets = scrollOffsets(el);
      container.insertBefore(el, next);
      for (const [scroller, left, top] of offsets) {
        scroller.scrollLeft = left;
        scroller.scrollTop = top;
      }
    }
    next = el;
  }
}

/** The elements that scroll. */
const SCROLLERS = '.node-scroll, .node-table, .node-collection, .node-textView textarea, .node-picker select';

/** The scroll offsets of an element and the scrolled elements in it (read only where
 * there are such elements: reading an offset lays the page out). */
function scrollOffsets(el) {
  const scrollers = el.matches(SCROLLERS) ? [el, ...el.querySelectorAll(SCROLLERS)] : [...el.querySelectorAll(SCROLLERS)];
  return scrollers.filter((scroller) => scroller.scrollTop || scroller.scrollLeft)
    .map((scroller) => [scroller, scroller.scrollLeft, scroller.scrollTop]);
}

/** A modal view appeared (the focus moves into it unless it is there already, WAI-ARIA
 * APG "Dialog") or went (the focus goes back where it was before). */
function modalChanged(view, a11y, modal) {
  const active = document.activeElement;
  const hostHasFocus = view.host.contains(active);
  if (modal) {
    if (!a11y.modalId) a11y.focusBeforeModal = hostHasFocus ? active.closest('[data-node-id]')?.dataset.nodeId ?? null : null;
    a11y.modalId = modal.id;
    if (!modal.el.contains(active)) {
      const first = firstTabStop(modal.el);
      (first ?? modal.el).focus?.({ preventScroll: true });
      if (!first) {
        modal.el.tabIndex = -1;
        modal.el.focus({ preventScroll: true });
      }
    }
    return;
  }
  a11y.modalId = null;
  const back = a11y.focusBeforeModal && view.nodes.get(a11y.focusBeforeModal);
  a11y.focusBeforeModal = null;
  if (back && (!hostHasFocus || active === document.body)) focusEntry(back);
}

function firstTabStop(container) {
  return [...container.querySelectorAll('[tabindex], input, textarea, select')]
    .find((el) => el.tabIndex >= 0 && !el.disabled && el.offsetParent !== null) ?? null;
}

/** Focuses a node: its input, its own element when it is a tab stop, else its first tab
 * stop, else the element itself (focusable from script only). */
function focusEntry(entry) {
  const target = entry.focusEl ?? (entry.el.hasAttribute('tabindex') && entry.el.tabIndex >= 0 ? entry.el : firstTabStop(entry.el));
  if (target) {
    target.focus({ preventScroll: true });
    return;
  }
  if (!entry.el.hasAttribute('tabindex')) entry.el.tabIndex = -1;
  entry.el.focus({ preventScroll: true });
}

// --- announcements

/**
 * `scene.announcement` (docs/protocol.md): its text is spoken through the polite live
 * region; a screen or layout change that names a node moves the focus there.
 */
export function announce(view, params) {
  if (params.text) speak(params.text);
  if ((params.kind === 'screenChanged' || params.kind === 'layoutChanged') && params.node) {
    const entry = view.nodes.get(params.node) ?? [...view.nodes.values()].find((e) => e.key === params.node);
    if (entry) focusEntry(entry);
  }
}

/** Replaces the live region's text; the same text twice is spoken twice (cleared first). */
function speak(text) {
  if (!announcementRegion) return;
  announcementRegion.textContent = '';
  setTimeout(() => {
    announcementRegion.textContent = text;
  }, 50);
}

// --- keys

/** What a key does on the focused node (WAI-ARIA APG's keyboard interaction of its role). */
function keyDown(view, event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  const editing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
  const nodeEl = target.closest?.('[data-node-id]');
  const entry = nodeEl && view.nodes.get(nodeEl.dataset.nodeId);
  if (entry && opensActionsMenu(event) && openCustomActions(view, entry)) {
    event.preventDefault();
    return;
  }
  if (event.key === 'Escape') {
    // While typing, Escape leaves the screen only from within a modal view (an alert's
    // field): elsewhere it would throw away what is being typed.
    if (editing && !view.accessibility.modalId) return;
    event.preventDefault();
    escape(view, entry);
    return;
  }
  if (!entry || editing) return;
  if (target === entry.scopes) {
    scopeKey(view, entry, event);
    return;
  }
  if (target !== entry.el) return;
  const key = event.key;
  const rtl = getComputedStyle(entry.el).direction === 'rtl';
  const forward = key === 'ArrowRight' ? !rtl : key === 'ArrowLeft' ? rtl : key === 'ArrowDown' || key === 'ArrowUp' ? null : undefined;
  switch (entry.a11yRole) {
    case 'slider':
    case 'spinbutton': {
      const up = key === 'ArrowUp' || forward === true;
      const down = key === 'ArrowDown' || forward === false;
      if (up || down) {
        event.preventDefault();
        // After a slider's drag has sent its last value (paint-controls.js).
        const sent = entry.whenValueSent?.() ?? Promise.resolve();
        if (entry.props.enabled !== false) sent.then(() => act(view, entry, up ? 'increment' : 'decrement'));
      } else if ((key === 'Home' || key === 'End') && entry.type !== 'pageControl' && entry.props.enabled !== false) {
        event.preventDefault();
        const min = entry.props.minimumValue ?? 0;
        const max = entry.props.maximumValue ?? (entry.type === 'stepper' ? 100 : 1);
        view.send({ type: 'value', target: entry.id, value: key === 'Home' ? min : max }).catch(() => {});
      }
      return;
    }
    case 'radiogroup':
      segmentKey(view, entry, event, forward);
      return;
    case 'tab':
      if (tabKey(view, entry, event, forward)) return;
      break;
  }
  if (key === 'Enter' || key === ' ') {
    if (!['button', 'link', 'switch', 'tab', 'listitem', 'checkbox'].includes(entry.a11yRole)) return;
    event.preventDefault();
    if (entry.props.enabled === false) return;
    act(view, entry, 'activate');
    return;
  }
  if (forward !== undefined && view.parentOf(entry)?.a11yRole === 'toolbar') {
    // A toolbar's arrows move among its items (WAI-ARIA APG, "Toolbar").
    const items = siblingsWithRole(view, entry, ['button', 'link', 'switch', 'slider', 'spinbutton', 'radiogroup']);
    const index = items.indexOf(entry);
    const next = items[(index + (forward === false || key === 'ArrowUp' ? -1 : 1) + items.length) % items.length];
    if (next && forward !== null) {
      event.preventDefault();
      next.el.focus();
    }
  }
}

function siblingsWithRole(view, entry, roles) {
  const parent = view.parentOf(entry);
  return (parent?.children ?? []).map((id) => view.nodes.get(id))
    .filter((child) => child && roles.includes(child.a11yRole) && child.props.enabled !== false && !child.props.hidden);
}

/** A segmented control's arrows select the next or previous enabled segment (wrapping),
 * a momentary one's only move the active segment, which Space or Enter then presses. */
function segmentKey(view, entry, event, forward) {
  const segments = entry.props.segments ?? [];
  const key = event.key;
  if (key === 'Enter' || key === ' ') {
    event.preventDefault();
    if (entry.props.enabled === false || entry.activeSegment < 0) return;
    view.send({ type: 'value', target: entry.id, value: entry.activeSegment }).catch(() => {});
    return;
  }
  let step = 0;
  if (forward === true || key === 'ArrowDown') step = 1;
  if (forward === false || key === 'ArrowUp') step = -1;
  if (key === 'Home' || key === 'End') step = key === 'Home' ? 1 : -1;
  if (!step || !segments.length) return;
  event.preventDefault();
  if (entry.props.enabled === false) return;
  let index = key === 'Home' ? -1 : key === 'End' ? segments.length : entry.activeSegment;
  for (let tries = 0; tries < segments.length; tries += 1) {
    index = (index + step + segments.length) % segments.length;
    if (segments[index].enabled !== false) break;
  }
  entry.activeSegment = index;
  paintSegmentRoles(entry);
  if (!entry.props.momentary) view.send({ type: 'value', target: entry.id, value: index }).catch(() => {});
}

/** A search bar's scope bar: arrows pick the next or previous scope. */
function scopeKey(view, entry, event) {
  const count = entry.props.scopes?.length ?? 0;
  const selected = entry.props.selectedScope ?? 0;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (!step || !count) return;
  event.preventDefault();
  view.send({ type: 'value', target: entry.id, value: (selected + step + count) % count }).catch(() => {});
}

/** Arrows move the focus among a tab bar's tabs, Home and End to the first and last;
 * Enter or Space selects the focused one (WAI-ARIA APG, "Tabs" with manual activation). */
function tabKey(view, entry, event, forward) {
  const key = event.key;
  const tabs = siblingsWithRole(view, entry, ['tab']);
  const index = tabs.indexOf(entry);
  let next = null;
  if (forward === true) next = tabs[(index + 1) % tabs.length];
  else if (forward === false) next = tabs[(index - 1 + tabs.length) % tabs.length];
  else if (key === 'Home') next = tabs[0];
  else if (key === 'End') next = tabs[tabs.length - 1];
  if (!next) return false;
  event.preventDefault();
  for (const tab of tabs) tab.el.tabIndex = tab === next ? 0 : -1;
  next.el.focus();
  return true;
}

/**
 * Performs an accessibility action on a node: the `accessibility` event (docs/protocol.md,
 * "Events"), which activates, increments or decrements it as UIKit's
 * accessibilityActivate/Increment/Decrement do.
 */
function act(view, entry, action) {
  return view.send({ type: 'accessibility', target: entry.id, action }).catch(() => {});
}

/** Escape: the `accessibility` `escape` action on the focused node, which goes up from it
 * to the first view that dismisses something (UIKit's accessibilityPerformEscape: an
 * alert's cancel action, a sheet, a navigation controller's pop); with nothing focused,
 * on the front-most modal view, else the component's view. */
function escape(view, entry) {
  let target = entry;
  if (!target) {
    const modalId = view.accessibility.modalId;
    const root = view.nodes.get(view.rootId);
    target = (modalId && view.nodes.get(modalId)) || view.nodes.get(root?.children.at(-1)) || root;
  }
  if (!target) return;
  view.send({ type: 'accessibility', target: target.id, action: 'escape' }).catch(() => {});
}
