// Draws one scene's node tree as DOM and keeps it current by applying `scene.changed` ops
// to the nodes they name; nothing else is rebuilt. Each node is an absolutely positioned
// element at its frame (1 point = 1 CSS pixel) with `data-node-id` and `data-key`.
// User input becomes scene events through `send(event)`; see docs/protocol.md "Events".

import { applyFont } from './fonts.js';
import { applyLanguage } from './language.js';
import { makeImage, paintImage, paintButtonImage } from './paint-images.js';
import { paintAccessorySide, CONTROL_TYPES, clickControl, decorateControl, paintControl } from './paint-controls.js';
import { installSheetSwipe, paintBarButton, paintPresentation } from './paint-bars.js';
import { decorateDatePicker, decoratePicker, paintDatePicker, paintPicker } from './paint-pickers.js';
import { decorateSearchBar, paintSearchBar } from './paint-search.js';
import { decorateTextView, paintButtonSubtitle, paintFieldExtras, paintRuns, paintTextView } from './paint-text.js';
import { decorateAccessibility, installAccessibility, paintAccessibility, settleAccessibility, settleAfterChange } from './accessibility.js';
import { installFocusKeys } from './focus-keys.js';
import { animateOp, animates, decelerateScroll, decelerates, enterNode, exitNode, runsTransition, snapshot } from './motion.js';
import { installTouches } from './touches.js';

const DEFAULT_FONT = { label: 'system-regular-17', textField: 'system-regular-17', button: 'system-regular-15' };
const FIELD_PADDING = { none: 0, line: 2, bezel: 3, roundedRect: 7 };
const ALIGN = { natural: 'left', left: 'left', center: 'center', right: 'right', justified: 'justify' };
/** The node types that scroll their children (docs/protocol.md, `scroll`, `table`, `collection`). */
const SCROLLING = new Set(['scroll', 'table', 'collection']);
/** The accessory glyphs of table rows (docs/protocol.md, `cell`). */
const ACCESSORY = { disclosureIndicator: '\u203a', checkmark: '\u2713', detailButton: '\u24d8',
  detailDisclosureButton: '\u24d8 \u203a' };
/** The same in a right-to-left row (`layoutDirection`): the chevron on the left, pointing left. */
const ACCESSORY_RTL = { ...ACCESSORY, disclosureIndicator: '\u2039', detailDisclosureButton: '\u2039 \u24d8' };
/** The most frames ahead a moving table's offset is sent, however slow compd's answers
 * (docs/web.md, "Tables"). */
const TABLE_LOOKAHEAD_MAX_FRAMES = 4;
/** How many scroll events of one view may be on their way at once: a fast scroll sends one
 * a frame, and when compd answers slower than that, more would queue up behind each other. */
const SCROLLS_IN_FLIGHT = 3;
/** How many of compd's latest answers to scrolls the page goes by. */
const ROUND_TRIPS_KEPT = 5;
/** A frame at 60 Hz, in milliseconds, until the page has measured its own frames. */
const FRAME_MS = 1000 / 60;

/** Whether a wire colour `#rrggbbaa` is dark: opaque enough, its luminance (sRGB channels
 * weighted as Rec. 709) below one half. */
function isDark(colour) {
  if (!/^#[0-9a-f]{8}$/i.test(colour ?? '')) return false;
  const [r, g, b, a] = [1, 3, 5, 7].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255);
  return a >= 0.5 && 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

export class SceneView {
  /**
   * @param {HTMLElement} host the element the scene fills
   * @param {object} options send(event) → Promise for scene events; onApplied(inputTimes,
   *   moveTimes) after a change is applied, with the `timeStamp`s of the page's keystrokes
   *   it echoes and of the touch move it answers;
   *   onScrollAnswered(milliseconds) when compd has answered a scroll the page sent.
   */
  constructor(host, options) {
    this.host = host;
    this.send = options.send;
    this.onApplied = options.onApplied ?? (() => {});
    this.onScrollAnswered = options.onScrollAnswered ?? (() => {});
    this.nodes = new Map();
    /** The `timeStamp`s of the touch moves sent and not yet answered (touches.js). */
    this.moveTimes = [];
    this.revision = 0;
    this.rootId = null;
    host.addEventListener('click', (event) => this.click(event));
    installSheetSwipe(host, (event) => this.send(event));
    // Escape is the accessibility escape action (accessibility.js).
    installAccessibility(this);
    host.addEventListener('keydown', (event) => {
      if (event.altKey && event.key === 'ArrowLeft') {
        event.preventDefault();
        this.send({ type: 'back' });
      }
    });
    this.focusKeys = installFocusKeys(this);
    installTouches(this);
  }

  /** Replaces the whole tree (a snapshot: `scene.open`, `scene.subscribe`, a resync, a
   * `scene.reset`). A text field the user is editing keeps the browser's focus and caret
   * when the new tree still has it (by key, else by id and type), and a secure field keeps
   * what was typed in it while compd's length still matches. */
  setTree(root, revision) {
    const editing = this.editedField();
    this.nodes.clear();
    this.built = [];
    const tree = this.build(root);
    const field = editing && this.sameField(editing.entry);
    if (field?.props.secure && editing.value.length === (field.props.textLength ?? 0)) {
      field.input.value = editing.value;
      field.unknownText = false;
    }
    this.host.replaceChildren(tree);
    this.attached();
    this.rootId = root.id;
    applyLanguage(this.nodes.get(root.id));
    this.revision = revision;
    settleAccessibility(this);
    this.focusKeys.rootChanged();
    if (field) {
      // compd's rebuilt scene may have no first responder: focusing sends it `focus`.
      if (document.activeElement !== field.input) field.input.focus({ preventScroll: true });
      const end = field.input.value.length;
      field.input.setSelectionRange(Math.min(editing.start, end), Math.min(editing.end, end));
    }
  }

  /** The text field of the current tree that has the browser's focus, with its caret. */
  editedField() {
    const input = document.activeElement;
    const editable = input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement;
    if (!editable || !this.host.contains(input)) return null;
    const id = input.closest('[data-node-id]')?.dataset.nodeId;
    const entry = this.nodes.get(id);
    if (entry?.input !== input) return null;
    return { entry, value: input.value, start: input.selectionStart ?? 0, end: input.selectionEnd ?? 0 };
  }

  /** The text field of the new tree that stands for `old` of the replaced one. */
  sameField(old) {
    const match = old.key !== undefined
      ? [...this.nodes.values()].find((entry) => entry.key === old.key)
      : this.nodes.get(old.id);
    return ['textField', 'textView', 'searchBar'].includes(match?.type) ? match : null;
  }

  /** Applies one `scene.changed`; false when it does not follow the revision shown. */
  applyChange(change) {
    if (change.base !== this.revision) return false;
    const inputTimes = [];
    for (const op of change.ops) {
      switch (op.op) {
        case 'remove':
          this.remove(op.id, op);
          break;
        case 'insert':
          this.insert(op.parent, op.index, op.node, op);
          break;
        case 'update': {
          const entry = this.nodes.get(op.id);
          if (entry?.inputTimes?.length && ('text' in op.props || 'textLength' in op.props)) {
            inputTimes.push(entry.inputTimes.shift());
          }
          if (entry && decelerates(op) && SCROLLING.has(entry.type) && op.props.contentOffset) {
            this.decelerate(entry, op);
            break;
          }
          const before = animates(op) && entry ? snapshot(entry) : null;
          this.update(op.id, op.props);
          if (before) animateOp(entry, op, before);
          break;
        }
        case 'key': {
          // A reused node (a list's row showing another item) takes the new key in place.
          const entry = this.nodes.get(op.id);
          if (!entry) break;
          if (op.key === null) delete entry.el.dataset.key;
          else entry.el.dataset.key = op.key;
          entry.key = op.key ?? undefined;
          break;
        }
        case 'frame': {
          const entry = this.nodes.get(op.id);
          const before = animates(op) && entry ? snapshot(entry) : null;
          this.setFrame(entry, op.frame);
          if (before) animateOp(entry, op, before);
          break;
        }
      }
    }
    this.revision = change.revision;
    settleAfterChange(this, change.ops);
    applyLanguage(this.nodes.get(this.rootId));
    // compd's answer to the oldest move in flight (touches.js): its changes come first.
    const moveTimes = this.moveTimes.length && change.ops.length ? [this.moveTimes.shift()] : [];
    this.onApplied(inputTimes, moveTimes);
    return true;
  }

  /** The size of the window node. */
  get rootSize() {
    const root = this.nodes.get(this.rootId);
    return root ? { width: root.frame.width, height: root.frame.height } : null;
  }

  // --- building

  build(node) {
    const entry = { id: node.id, type: node.type, key: node.key, props: { ...node.props }, frame: node.frame, children: [] };
    const el = document.createElement('div');
    el.className = `node node-${node.type}`;
    el.dataset.nodeId = node.id;
    el.dataset.type = node.type;
    if (node.key !== undefined) el.dataset.key = node.key;
    entry.el = el;
    entry.container = el;
    this.built.push(entry);
    this.decorate(entry);
    decorateAccessibility(this, entry);
    this.nodes.set(node.id, entry);
    this.setFrame(entry, node.frame);
    this.paint(entry);
    for (const child of node.children ?? []) {
      entry.container.appendChild(this.build(child));
      entry.children.push(child.id);
    }
    return el;
  }

  /** Adds the type's fixed inner elements (before any child node). */
  decorate(entry) {
    const { el } = entry;
    if (CONTROL_TYPES.has(entry.type)) decorateControl(entry, (event) => this.send(event));
    switch (entry.type) {
      case 'label':
      case 'button': {
        entry.text = document.createElement('span');
        entry.text.className = 'text';
        el.appendChild(entry.text);
        break;
      }
      case 'textField': {
        const input = document.createElement('input');
        input.className = 'field';
        input.autocomplete = 'off';
        input.spellcheck = false;
        entry.input = input;
        entry.pendingText = 0;
        this.wireField(entry);
        el.appendChild(input);
        break;
      }
      case 'textView':
        decorateTextView(this, entry);
        break;
      case 'datePicker':
        decorateDatePicker(this, entry);
        break;
      case 'searchBar':
        decorateSearchBar(this, entry);
        break;
      case 'picker':
        decoratePicker(this, entry);
        break;
      case 'switch': {
        entry.knob = document.createElement('span');
        entry.knob.className = 'knob';
        el.appendChild(entry.knob);
        break;
      }
      case 'image':
        makeImage(el, entry);
        break;
      case 'activityIndicator': {
        entry.spinner = document.createElement('span');
        entry.spinner.className = 'spinner';
        el.appendChild(entry.spinner);
        break;
      }
      case 'cell': {
        // Drawn under the cell's children: the separator at its bottom and the accessory.
        entry.separator = document.createElement('span');
        entry.separator.className = 'separator';
        entry.accessory = document.createElement('span');
        entry.accessory.className = 'accessory';
        el.append(entry.separator, entry.accessory);
        break;
      }
      case 'table':
      case 'collection':
      case 'scroll': {
        // The content area spans the insets and the content size; the origin sits at the
        // top-left inset so that children keep their content-space frames.
        const content = document.createElement('div');
        content.className = 'scroll-content';
        const origin = document.createElement('div');
        origin.className = 'scroll-origin';
        content.appendChild(origin);
        el.appendChild(content);
        entry.content = content;
        entry.container = origin;
        entry.pendingScroll = 0;
        entry.scrollFrame = 0;
        // The offset last sent to compd, the one to send when it has answered, where the
        // view was at the last frame sampled and when, how long compd takes to answer a
        // scroll and how long a frame is.
        entry.sentOffset = null;
        entry.wantedOffset = null;
        entry.lastViewOffset = null;
        entry.roundTrip = undefined;
        entry.roundTrips = [];
        entry.sampledAt = undefined;
        entry.frameTime = undefined;
        el.addEventListener('scroll', () => this.scrolled(entry));
        break;
      }
    }
  }

  // --- ops

  remove(id, op) {
    const entry = this.nodes.get(id);
    if (!entry) return;
    const parent = this.parentOf(entry);
    if (parent) parent.children.splice(parent.children.indexOf(id), 1);
    // A view leaving with a container transition stays until its exit ends (motion.js).
    if (op && runsTransition(op)) exitNode(entry.el, op, this.rootSize?.height ?? 0);
    else entry.el.remove();
    const forget = (e) => {
      this.nodes.delete(e.id);
      for (const child of e.children) {
        const c = this.nodes.get(child);
        if (c) forget(c);
      }
    };
    forget(entry);
  }

  insert(parentId, index, node, op) {
    const parent = this.nodes.get(parentId);
    if (!parent) return;
    this.built = [];
    const el = this.build(node);
    const before = this.nodes.get(parent.children[index])?.el ?? null;
    parent.container.insertBefore(el, before);
    parent.children.splice(index, 0, node.id);
    if (op && runsTransition(op)) enterNode(el, op, this.rootSize?.height ?? 0);
    this.attached();
  }

  update(id, props) {
    const entry = this.nodes.get(id);
    if (!entry) return;
    for (const [name, value] of Object.entries(props)) {
      if (value === null) delete entry.props[name];
      else entry.props[name] = value;
    }
    this.paint(entry, props);
    if (id === this.rootId && 'focused' in props) this.focusKeys.rootChanged();
  }

  /** Scroll positions and focus take effect only on elements in the document: applies them
   * to the nodes just built once they are attached. */
  attached() {
    for (const entry of this.built) {
      if (SCROLLING.has(entry.type)) this.paintScroll(entry);
      if (['textField', 'textView', 'searchBar'].includes(entry.type) && entry.props.focused) this.syncFocus(entry);
    }
    this.built = [];
  }

  parentOf(entry) {
    const parentEl = entry.el.parentElement?.closest('[data-node-id]');
    return parentEl ? this.nodes.get(parentEl.dataset.nodeId) : null;
  }

  setFrame(entry, frame) {
    if (!entry) return;
    entry.frame = frame;
    const style = entry.el.style;
    style.left = `${frame.x}px`;
    style.top = `${frame.y}px`;
    style.width = `${frame.width}px`;
    style.height = `${frame.height}px`;
  }

  // --- drawing one node from its props (defaults of docs/protocol.md when absent)

  paint(entry, changed = entry.props) {
    const { el, props } = entry;
    const style = el.style;
    style.display = props.hidden ? 'none' : '';
    style.opacity = props.alpha ?? 1;
    style.backgroundColor = props.backgroundColor ?? '';
    style.borderRadius = props.cornerRadius ? `${props.cornerRadius}px` : '';
    style.setProperty('--border-width', props.borderWidth ? `${props.borderWidth}px` : '0px');
    style.setProperty('--border-color', props.borderColor ?? '#000000ff');
    el.classList.toggle('bordered', !!props.borderWidth);
    el.classList.toggle('inert', props.interactive === false);
    el.classList.toggle('clips', props.clips === true);
    el.classList.toggle('disabled', props.enabled === false);
    if (CONTROL_TYPES.has(entry.type)) paintControl(entry);
    paintPresentation(entry);
    switch (entry.type) {
      case 'label':
        if (!paintRuns(entry)) entry.text.textContent = props.text ?? '';
        applyFont(entry.text.style, props.font ?? DEFAULT_FONT.label);
        entry.text.style.color = props.textColor ?? '#000000ff';
        entry.text.style.textAlign = ALIGN[props.textAlignment ?? 'natural'];
        this.setLines(entry.text, props.numberOfLines ?? 1);
        break;
      case 'button':
        entry.text.textContent = props.title ?? '';
        applyFont(entry.text.style, props.font ?? DEFAULT_FONT.button);
        entry.text.style.color = props.titleColor ?? '#007affff';
        el.classList.toggle('selected', !!props.selected);
        paintButtonImage(el, entry, props);
        paintBarButton(entry);
        paintButtonSubtitle(entry);
        break;
      case 'textField':
        this.paintField(entry, changed);
        paintFieldExtras(this, entry);
        break;
      case 'textView':
        paintTextView(this, entry, changed);
        break;
      case 'datePicker':
        paintDatePicker(entry);
        break;
      case 'searchBar':
        paintSearchBar(entry, changed);
        break;
      case 'picker':
        paintPicker(entry);
        break;
      case 'switch':
        el.classList.toggle('on', !!props.on);
        style.setProperty('--on-tint', props.onTintColor ?? '#34c759ff');
        break;
      case 'image':
        paintImage(el, entry, props.image, props.contentMode);
        break;
      case 'activityIndicator':
        entry.spinner.style.color = props.color ?? '#8e8e93ff';
        el.classList.toggle('animating', !!props.animating);
        break;
      case 'table':
      case 'collection':
      case 'scroll':
        this.paintScroll(entry);
        break;
      case 'cell':
        this.paintCell(entry);
        break;
    }
    paintAccessibility(this, entry);
  }

  /** A table row: the selection highlight, the separator under it (in its table's colour),
   * the accessory glyph at the trailing margin, an inset-grouped section's rounded corners. */
  paintCell(entry) {
    const { el, props } = entry;
    const highlighted = (props.selected || props.highlighted) && props.selectionStyle !== 'none';
    // Colours come resolved for the scene's style: a dark row is a dark scene's (docs/drawing.md).
    const dark = isDark(props.backgroundColor);
    el.classList.toggle('selected', !!highlighted);
    el.classList.toggle('dark', dark);
    if (highlighted) el.style.backgroundColor = dark ? '#3a3a3cff' : '#d1d1d6ff';
    const table = this.parentOf(entry);
    const separator = props.separator;
    entry.separator.style.display = separator ? '' : 'none';
    if (separator) {
      entry.separator.style.left = `${separator.left}px`;
      entry.separator.style.right = `${separator.right}px`;
      entry.separator.style.background = table?.props.separatorColor ?? '#3c3c434a';
    }
    entry.accessory.dataset.accessory = props.accessory ?? 'none';
    paintAccessorySide(entry.accessory, props.layoutDirection === 'rightToLeft');
    entry.accessory.textContent = (props.layoutDirection === 'rightToLeft' ? ACCESSORY_RTL : ACCESSORY)[props.accessory] ?? '';
    const radius = props.cornerRadius ? `${props.cornerRadius}px` : '0';
    const corners = props.roundedCorners ?? 'none';
    const top = corners === 'top' || corners === 'all' ? radius : '0';
    const bottom = corners === 'bottom' || corners === 'all' ? radius : '0';
    // Without roundedCorners, cornerRadius rounds every corner, as on any node (paint).
    if (corners !== 'none') el.style.borderRadius = `${top} ${top} ${bottom} ${bottom}`;
    el.style.overflow = corners === 'none' ? '' : 'hidden';
  }

  setLines(text, lines) {
    text.classList.toggle('multiline', lines !== 1);
    text.style.webkitLineClamp = lines > 1 ? String(lines) : '';
  }

  paintField(entry, changed) {
    const { input, props, el } = entry;
    const secure = !!props.secure;
    input.type = secure ? 'password' : 'text';
    input.placeholder = props.placeholder ?? '';
    input.style.setProperty('--placeholder-color', props.placeholderColor ?? '#3c3c434d');
    input.disabled = props.enabled === false;
    input.enterKeyHint = props.returnKeyType === 'default' || !props.returnKeyType ? 'enter' : props.returnKeyType;
    input.inputMode = { numberPad: 'numeric', decimalPad: 'decimal', emailAddress: 'email', URL: 'url', phonePad: 'tel' }[props.keyboardType] ?? 'text';
    applyFont(input.style, props.font ?? DEFAULT_FONT.textField);
    input.style.color = props.textColor ?? '#000000ff';
    input.style.textAlign = ALIGN[props.textAlignment ?? 'natural'];
    const padding = FIELD_PADDING[props.borderStyle ?? 'none'] ?? 0;
    input.style.paddingLeft = input.style.paddingRight = `${padding}px`;
    el.dataset.borderStyle = props.borderStyle ?? 'none';
    // While the page's own edits are on their way, compd's echoes of older text are stale.
    if (entry.pendingText === 0) this.syncFieldText(entry);
    if ('focused' in changed || changed === props) this.syncFocus(entry);
  }

  syncFieldText(entry) {
    const { input, props } = entry;
    if (props.secure) {
      // compd never sends a secure field's text, only its length: keep what was typed here,
      // or stand-in characters when the text was typed elsewhere.
      const length = props.textLength ?? 0;
      if (input.value.length !== length) {
        input.value = '\u2022'.repeat(length);
        entry.unknownText = length > 0;
      }
    } else if (input.value !== (props.text ?? '')) {
      input.value = props.text ?? '';
    }
  }

  syncFocus(entry) {
    // While the page's own focus or blur is on its way, compd's `focused` is older than the
    // browser's focus (Tab through fields faster than compd answers would bounce back).
    if (this.focusInFlight > 0) {
      entry.focusSyncHeld = true;
      return;
    }
    const { input, props } = entry;
    const active = document.activeElement === input;
    entry.syncingFocus = true;
    if (props.focused && !active) input.focus({ preventScroll: true });
    if (!props.focused && active) input.blur();
    entry.syncingFocus = false;
  }

  wireField(entry) {
    const { input } = entry;
    // An element of a replaced tree (focus moving away as it is removed) says nothing.
    const current = () => this.nodes.get(entry.id) === entry;
    input.addEventListener('focus', () => {
      if (entry.syncingFocus || !current()) return;
      if (entry.props.focused) return;
      entry.focusSent = true;
      this.sendFocus({ type: 'focus', target: entry.id });
    });
    input.addEventListener('blur', () => {
      // Focused by compd, or by the page with compd's echo still on its way.
      if (entry.syncingFocus || !(entry.props.focused || entry.focusSent) || !current()) return;
      entry.focusSent = false;
      this.sendFocus({ type: 'blur', target: entry.id });
    });
    input.addEventListener('beforeinput', () => {
      // As a secure field clears when editing begins on iOS: its text is not known here.
      if (entry.props.secure && entry.unknownText) {
        input.value = '';
        entry.unknownText = false;
      }
    });
    input.addEventListener('input', (event) => {
      entry.inputTimes ??= [];
      entry.inputTimes.push(event.timeStamp);
      this.sendText(entry, input.value);
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !entry.multiline) {
        event.preventDefault();
        this.send({ type: 'submit', target: entry.id });
      }
    });
  }

  /** Sends a focus or blur; once compd has answered every one sent, the fields whose
   * `focused` changed meanwhile take or leave the browser's focus as compd has it. */
  sendFocus(event) {
    this.focusInFlight = (this.focusInFlight ?? 0) + 1;
    const settle = () => {
      this.focusInFlight -= 1;
      if (this.focusInFlight > 0) return;
      for (const entry of this.nodes.values()) {
        entry.focusSent = false;
        if (!entry.focusSyncHeld) continue;
        entry.focusSyncHeld = false;
        this.syncFocus(entry);
      }
      this.focusKeys.rootChanged();
    };
    this.send(event).then(settle, settle);
  }

  sendText(entry, text) {
    entry.pendingText += 1;
    const settle = () => {
      entry.pendingText -= 1;
      if (entry.pendingText === 0) this.syncFieldText(entry);
    };
    this.send({ type: 'text', target: entry.id, text }).then(settle, settle);
  }

  paintScroll(entry) {
    const { props, content, container, el } = entry;
    const size = props.contentSize ?? { width: 0, height: 0 };
    const inset = props.contentInset ?? { top: 0, left: 0, bottom: 0, right: 0 };
    content.style.width = `${inset.left + size.width + inset.right}px`;
    content.style.height = `${inset.top + size.height + inset.bottom}px`;
    container.style.left = `${inset.left}px`;
    container.style.top = `${inset.top}px`;
    entry.inset = inset;
    if (entry.pendingScroll === 0) this.showOffset(entry);
  }

  /** A fling's deceleration (motion.js): the view goes on from the offset it shows to the
   * op's, without reporting the offsets on the way as the user's scrolls. */
  decelerate(entry, op) {
    const inset = entry.inset ?? { top: 0, left: 0, bottom: 0, right: 0 };
    const from = { x: entry.el.scrollLeft - inset.left, y: entry.el.scrollTop - inset.top };
    entry.stopDeceleration?.();
    entry.decelerationTarget = op.props.contentOffset;
    entry.decelerating = true;  // the update's own painting leaves the view where it is
    this.update(op.id, op.props);
    entry.decelerating = false;
    decelerateScroll(entry, from, op.props.contentOffset, op.animation, (offset) => {
      const shown = entry.inset ?? inset;
      entry.lastViewOffset = { x: offset.x, y: offset.y };
      entry.el.scrollLeft = offset.x + shown.left;
      entry.el.scrollTop = offset.y + shown.top;
    }, () => this.scrolled(entry));
  }

  /** Moves the view to compd's offset, unless that is the offset this page sent last: the
   * view is then where the user scrolled it (a moving table's offset is sent ahead of it),
   * or the one a deceleration under way is taking it to. */
  showOffset(entry) {
    const { el, inset } = entry;
    const offset = entry.props.contentOffset ?? { x: 0, y: 0 };
    if (entry.decelerating) {
      const target = entry.decelerationTarget;
      if (target && Math.abs(target.x - offset.x) < 0.5 && Math.abs(target.y - offset.y) < 0.5) return;
      entry.stopDeceleration?.();
    }
    const sent = entry.sentOffset;
    if (sent && Math.abs(sent.x - offset.x) < 0.5 && Math.abs(sent.y - offset.y) < 0.5) return;
    entry.sentOffset = null;
    entry.lastViewOffset = { x: offset.x, y: offset.y };
    el.scrollLeft = offset.x + inset.left;
    el.scrollTop = offset.y + inset.top;
  }

  /** A scroll by the user: tell compd the new offset, at most once per animation frame
   * (an offset that is compd's own, set by showOffset, is not sent back). */
  scrolled(entry) {
    if (entry.scrollFrame || entry.decelerating) return;
    entry.scrollFrame = requestAnimationFrame((now) => this.sampleScroll(entry, now));
  }

  /** Reads where the view is this frame and what to send: the view's offset; a moving
   * table's, where the view will be when compd's answer to it is applied, at this frame's
   * speed (docs/web.md, "Tables"), then its own offset a frame after it stops. A jump of
   * more than two screens is no movement to follow. */
  sampleScroll(entry, now) {
    entry.scrollFrame = 0;
    if (entry.decelerating) return;  // compd's own offsets on the way to its target
    const interval = now - (entry.sampledAt ?? -Infinity);
    if (interval < 100) entry.frameTime = entry.frameTime === undefined ? interval : 0.8 * entry.frameTime + 0.2 * interval;
    entry.sampledAt = now;
    const { el } = entry;
    const inset = entry.inset ?? { top: 0, left: 0, bottom: 0, right: 0 };
    const x = el.scrollLeft - inset.left;
    const y = el.scrollTop - inset.top;
    const last = entry.lastViewOffset;
    entry.lastViewOffset = { x, y };
    let ahead = y;
    const step = last ? y - last.y : 0;
    if (entry.type === 'table' && step !== 0 && Math.abs(step) <= 2 * el.clientHeight) {
      // Where the view will be when compd's answer is applied: as many frames on as its
      // answers take (at least the next frame).
      const answerFrames = (entry.roundTrip ?? 0) / (entry.frameTime ?? FRAME_MS);
      const frames = Math.min(Math.max(1, answerFrames), TABLE_LOOKAHEAD_MAX_FRAMES);
      const lowest = -inset.top;
      const highest = Math.max(lowest, el.scrollHeight - el.clientHeight - inset.top);
      ahead = Math.min(Math.max(y + step * frames, lowest), highest);
      // Sampled again next frame: the speed, and the view's own offset once it stops.
      entry.scrollFrame = requestAnimationFrame((later) => this.sampleScroll(entry, later));
    }
    entry.wantedOffset = { x, y: ahead };
    this.sendScroll(entry);
  }

  /** Sends the offset wanted unless compd has it, or, with SCROLLS_IN_FLIGHT on their way,
   * keeps the latest until one is answered. */
  sendScroll(entry) {
    const wanted = entry.wantedOffset;
    if (!wanted || entry.pendingScroll >= SCROLLS_IN_FLIGHT) return;
    entry.wantedOffset = null;
    const current = entry.sentOffset ?? entry.props.contentOffset ?? { x: 0, y: 0 };
    if (Math.abs(wanted.x - current.x) < 0.5 && Math.abs(wanted.y - current.y) < 0.5) return;
    entry.sentOffset = wanted;
    entry.pendingScroll += 1;
    const sentAt = performance.now();
    // compd's offsets that came meanwhile were not shown; once it has answered, its own is.
    const settle = () => {
      entry.pendingScroll -= 1;
      const roundTrip = performance.now() - sentAt;
      this.onScrollAnswered(roundTrip);
      // The median of the last few: one slow answer (a stall, the first rows measured) does
      // not throw the next frames' offsets far ahead.
      entry.roundTrips.push(roundTrip);
      if (entry.roundTrips.length > ROUND_TRIPS_KEPT) entry.roundTrips.shift();
      entry.roundTrip = [...entry.roundTrips].sort((a, b) => a - b)[entry.roundTrips.length >> 1];
      if (entry.wantedOffset) this.sendScroll(entry);
      if (entry.pendingScroll === 0) this.paintScroll(entry);
    };
    this.send({ type: 'scroll', target: entry.id, x: wanted.x, y: wanted.y }).then(settle, settle);
  }

  // --- pointer input

  click(event) {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLOptionElement) return;
    let el = event.target.closest?.('[data-node-id]');
    while (el && this.host.contains(el)) {
      const entry = this.nodes.get(el.dataset.nodeId);
      if (entry && clickControl(entry, event, (e) => this.send(e))) return;
      if (entry?.type === 'button') {
        if (entry.props.enabled !== false) this.send({ type: 'tap', target: entry.id });
        return;
      }
      if (entry?.type === 'cell') {
        this.send({ type: 'tap', target: entry.id });
        return;
      }
      if (entry?.type === 'switch') {
        // A pointer on a switch went to compd as touch phases (touches.js): its click is one.
        if (this.touchSequenceEnded) this.touchSequenceEnded = false;
        else if (entry.props.enabled !== false) this.send({ type: 'toggle', target: entry.id, on: !entry.props.on });
        return;
      }
      if (entry?.type === 'textField' || entry?.type === 'textView') {
        entry.input.focus();
        return;
      }
      el = el.parentElement?.closest('[data-node-id]');
    }
    // A pointer on a plain node went to compd as touch phases (touches.js): its click is one.
    if (this.touchSequenceEnded) {
      this.touchSequenceEnded = false;
      return;
    }
    const root = this.nodes.get(this.rootId);
    if (!root) return;
    const box = root.el.getBoundingClientRect();
    this.send({ type: 'touch', x: event.clientX - box.left, y: event.clientY - box.top });
  }
}
