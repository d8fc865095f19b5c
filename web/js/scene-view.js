// Draws one scene's node tree as DOM and keeps it current by applying `scene.changed` ops
// to the nodes they name; nothing else is rebuilt. Each node is an absolutely positioned
// element at its frame (1 point = 1 CSS pixel) with `data-node-id` and `data-key`.
// User input becomes scene events through `send(event)`; see docs/protocol.md "Events".

import { applyFont } from './fonts.js';

const DEFAULT_FONT = { label: 'system-regular-17', textField: 'system-regular-17', button: 'system-regular-15' };
const FIELD_PADDING = { none: 0, line: 2, bezel: 3, roundedRect: 7 };
const ALIGN = { natural: 'left', left: 'left', center: 'center', right: 'right', justified: 'justify' };
/** The node types that scroll their children (docs/protocol.md, `scroll`, `table`, `collection`). */
const SCROLLING = new Set(['scroll', 'table', 'collection']);
/** The accessory glyphs of table rows (docs/protocol.md, `cell`). */
const ACCESSORY = { disclosureIndicator: '\u203a', checkmark: '\u2713', detailButton: '\u24d8',
  detailDisclosureButton: '\u24d8 \u203a' };

export class SceneView {
  /**
   * @param {HTMLElement} host the element the scene fills
   * @param {object} options send(event) → Promise for scene events; onApplied(inputTimes)
   *   after a change is applied, with the `timeStamp`s of the page's keystrokes it echoes.
   */
  constructor(host, options) {
    this.host = host;
    this.send = options.send;
    this.onApplied = options.onApplied ?? (() => {});
    this.nodes = new Map();
    this.revision = 0;
    this.rootId = null;
    host.addEventListener('click', (event) => this.click(event));
    host.addEventListener('keydown', (event) => {
      const editing = event.target instanceof HTMLInputElement;
      if ((event.key === 'Escape' && !editing) || (event.altKey && event.key === 'ArrowLeft')) {
        event.preventDefault();
        this.send({ type: 'back' });
      }
    });
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
    this.revision = revision;
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
    if (!(input instanceof HTMLInputElement) || !this.host.contains(input)) return null;
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
    return match?.type === 'textField' ? match : null;
  }

  /** Applies one `scene.changed`; false when it does not follow the revision shown. */
  applyChange(change) {
    if (change.base !== this.revision) return false;
    const inputTimes = [];
    for (const op of change.ops) {
      switch (op.op) {
        case 'remove':
          this.remove(op.id);
          break;
        case 'insert':
          this.insert(op.parent, op.index, op.node);
          break;
        case 'update': {
          const entry = this.nodes.get(op.id);
          if (entry?.inputTimes?.length && ('text' in op.props || 'textLength' in op.props)) {
            inputTimes.push(entry.inputTimes.shift());
          }
          this.update(op.id, op.props);
          break;
        }
        case 'frame':
          this.setFrame(this.nodes.get(op.id), op.frame);
          break;
      }
    }
    this.revision = change.revision;
    this.onApplied(inputTimes);
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
      case 'switch': {
        entry.knob = document.createElement('span');
        entry.knob.className = 'knob';
        el.appendChild(entry.knob);
        break;
      }
      case 'image': {
        entry.image = document.createElement('img');
        entry.image.alt = '';
        entry.image.addEventListener('error', () => el.classList.add('missing'));
        entry.image.addEventListener('load', () => el.classList.remove('missing'));
        el.appendChild(entry.image);
        break;
      }
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
        el.addEventListener('scroll', () => this.scrolled(entry));
        break;
      }
    }
  }

  // --- ops

  remove(id) {
    const entry = this.nodes.get(id);
    if (!entry) return;
    const parent = this.parentOf(entry);
    if (parent) parent.children.splice(parent.children.indexOf(id), 1);
    entry.el.remove();
    const forget = (e) => {
      this.nodes.delete(e.id);
      for (const child of e.children) {
        const c = this.nodes.get(child);
        if (c) forget(c);
      }
    };
    forget(entry);
  }

  insert(parentId, index, node) {
    const parent = this.nodes.get(parentId);
    if (!parent) return;
    this.built = [];
    const el = this.build(node);
    const before = this.nodes.get(parent.children[index])?.el ?? null;
    parent.container.insertBefore(el, before);
    parent.children.splice(index, 0, node.id);
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
  }

  /** Scroll positions and focus take effect only on elements in the document: applies them
   * to the nodes just built once they are attached. */
  attached() {
    for (const entry of this.built) {
      if (SCROLLING.has(entry.type)) this.paintScroll(entry);
      if (entry.type === 'textField' && entry.props.focused) this.syncFocus(entry);
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
    el.classList.toggle('disabled', props.enabled === false);
    switch (entry.type) {
      case 'label':
        entry.text.textContent = props.text ?? '';
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
        break;
      case 'textField':
        this.paintField(entry, changed);
        break;
      case 'switch':
        el.classList.toggle('on', !!props.on);
        style.setProperty('--on-tint', props.onTintColor ?? '#34c759ff');
        break;
      case 'image':
        if (props.image) {
          const source = `images/${encodeURIComponent(props.image)}.png`;
          if (entry.image.getAttribute('src') !== source) entry.image.src = source;
          el.title = props.image;
          el.dataset.image = props.image;
        } else {
          entry.image.removeAttribute('src');
          delete el.dataset.image;
        }
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
  }

  /** A table row: the selection highlight, the separator under it (in its table's colour),
   * the accessory glyph at the trailing margin, an inset-grouped section's rounded corners. */
  paintCell(entry) {
    const { el, props } = entry;
    const highlighted = (props.selected || props.highlighted) && props.selectionStyle !== 'none';
    el.classList.toggle('selected', !!highlighted);
    if (highlighted) el.style.backgroundColor = '#d1d1d6ff';
    const table = this.parentOf(entry);
    const separator = props.separator;
    entry.separator.style.display = separator ? '' : 'none';
    if (separator) {
      entry.separator.style.left = `${separator.left}px`;
      entry.separator.style.right = `${separator.right}px`;
      entry.separator.style.background = table?.props.separatorColor ?? '#3c3c434a';
    }
    entry.accessory.dataset.accessory = props.accessory ?? 'none';
    entry.accessory.textContent = ACCESSORY[props.accessory] ?? '';
    const radius = props.cornerRadius ? `${props.cornerRadius}px` : '0';
    const corners = props.roundedCorners ?? 'none';
    const top = corners === 'top' || corners === 'all' ? radius : '0';
    const bottom = corners === 'bottom' || corners === 'all' ? radius : '0';
    el.style.borderRadius = corners === 'none' ? '' : `${top} ${top} ${bottom} ${bottom}`;
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
      if (!entry.props.focused) this.send({ type: 'focus', target: entry.id });
    });
    input.addEventListener('blur', () => {
      if (entry.syncingFocus || !entry.props.focused || !current()) return;
      this.send({ type: 'blur', target: entry.id }).catch(() => {});
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
      if (event.key === 'Enter') {
        event.preventDefault();
        this.send({ type: 'submit', target: entry.id });
      }
    });
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
    if (entry.pendingScroll === 0) {
      const offset = props.contentOffset ?? { x: 0, y: 0 };
      el.scrollLeft = offset.x + inset.left;
      el.scrollTop = offset.y + inset.top;
    }
  }

  /** A scroll by the user: tell compd the new offset once per animation frame (an offset
   * that is compd's own, set by paintScroll, is not sent back). */
  scrolled(entry) {
    if (entry.scrollFrame) return;
    entry.scrollFrame = requestAnimationFrame(() => {
      entry.scrollFrame = 0;
      const inset = entry.inset ?? { top: 0, left: 0 };
      const x = entry.el.scrollLeft - inset.left;
      const y = entry.el.scrollTop - inset.top;
      const offset = entry.props.contentOffset ?? { x: 0, y: 0 };
      if (Math.abs(x - offset.x) < 0.5 && Math.abs(y - offset.y) < 0.5) return;
      entry.pendingScroll += 1;
      // Offsets compd sent meanwhile were ignored; once it has answered them all, show its own.
      const settle = () => {
        entry.pendingScroll -= 1;
        if (entry.pendingScroll === 0) this.paintScroll(entry);
      };
      this.send({ type: 'scroll', target: entry.id, x, y }).then(settle, settle);
    });
  }

  // --- pointer input

  click(event) {
    if (event.target instanceof HTMLInputElement) return;
    let el = event.target.closest?.('[data-node-id]');
    while (el && this.host.contains(el)) {
      const entry = this.nodes.get(el.dataset.nodeId);
      if (entry?.type === 'button') {
        if (entry.props.enabled !== false) this.send({ type: 'tap', target: entry.id });
        return;
      }
      if (entry?.type === 'cell') {
        this.send({ type: 'tap', target: entry.id });
        return;
      }
      if (entry?.type === 'switch') {
        if (entry.props.enabled !== false) this.send({ type: 'toggle', target: entry.id, on: !entry.props.on });
        return;
      }
      if (entry?.type === 'textField') {
        entry.input.focus();
        return;
      }
      el = el.parentElement?.closest('[data-node-id]');
    }
    const root = this.nodes.get(this.rootId);
    if (!root) return;
    const box = root.el.getBoundingClientRect();
    this.send({ type: 'touch', x: event.clientX - box.left, y: event.clientY - box.top });
  }
}
