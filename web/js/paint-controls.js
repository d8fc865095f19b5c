// How the web client draws and drives the valued controls (docs/protocol.md: `slider`,
// `stepper`, `segmentedControl`, `progress`, `pageControl`), as iOS draws them: a slider's
// 4-point track and 28-point white thumb with a shadow, the stepper's two-part rounded
// control, the segmented control's grey track with a white selected segment, a thin
// progress bar, a row of dots. A slider's and a stepper's pointers go to compd as touch
// phases (touches.js; a slider's drag is echoed here, a held stepper repeats on compd's
// timer); clicks become `tap` events at a point (a segment, a page control's half); keys
// are accessibility.js's. A control sent with `layoutDirection: "rightToLeft"` is painted
// mirrored, as UIKit flips its system controls: the slider's minimum and the fill on the
// right, the stepper's − on the right, the first segment and the first page's dot on the right.

/** The node types drawn here. */
export const CONTROL_TYPES = new Set(['slider', 'stepper', 'segmentedControl', 'progress', 'pageControl']);

/** iOS's metrics (ScreenKit's `Slider.thumbDiameter`, `PageControl`'s dots). */
const THUMB = 28;
const DOT = 7;
const DOT_PITCH = 16;
const TINT = '#007affff';

/** Adds a control's fixed inner elements and its input handlers. `send(event)` → Promise. */
export function decorateControl(entry, send) {
  const { el } = entry;
  switch (entry.type) {
    case 'slider': {
      entry.track = part(el, 'track');
      entry.fill = part(el, 'fill');
      entry.thumb = part(el, 'thumb');
      el.tabIndex = 0;
      wireSlider(entry);
      break;
    }
    case 'stepper': {
      entry.minus = part(el, 'half minus', '\u2212');
      part(el, 'divider');
      entry.plus = part(el, 'half plus', '+');
      el.tabIndex = 0;
      break;
    }
    case 'segmentedControl':
      entry.segments = document.createElement('div');
      entry.segments.className = 'segments';
      el.appendChild(entry.segments);
      break;
    case 'progress':
      entry.fill = part(el, 'fill');
      break;
    case 'pageControl':
      entry.dots = document.createElement('div');
      entry.dots.className = 'dots';
      el.appendChild(entry.dots);
      break;
  }
}

/** Draws a control from its props (docs/protocol.md's defaults when absent). */
export function paintControl(entry) {
  const { el, props } = entry;
  const tint = props.tintColor ?? TINT;
  const rtl = isRightToLeft(entry);
  el.classList.toggle('rtl', rtl);
  // The stepper's halves are a flex row, which follows `dir`, and so do the arrow keys
  // (accessibility.js) and the segments' titles.
  el.dir = rtl ? 'rtl' : 'ltr';
  switch (entry.type) {
    case 'slider': {
      const value = entry.dragValue ?? props.value ?? 0;
      const fraction = sliderFraction(props, value);
      const travel = Math.max(entry.frame.width - THUMB, 0);
      entry.thumb.style.left = `${(rtl ? 1 - fraction : fraction) * travel}px`;
      entry.fill.style.width = `${fraction * travel}px`;
      entry.fill.style.background = props.minimumTrackTintColor ?? tint;
      entry.track.style.background = props.maximumTrackTintColor ?? '#78788033';
      entry.thumb.style.background = props.thumbTintColor ?? '#ffffffff';
      el.setAttribute('role', 'slider');
      el.setAttribute('aria-valuenow', String(value));
      break;
    }
    case 'stepper': {
      const value = props.value ?? 0;
      const min = props.minimumValue ?? 0;
      const max = props.maximumValue ?? 100;
      entry.minus.classList.toggle('off', !props.wraps && value <= min);
      entry.plus.classList.toggle('off', !props.wraps && value >= max);
      el.style.color = tint === TINT ? props.textColor ?? '#000000ff' : tint;
      el.dataset.value = String(value);
      break;
    }
    case 'segmentedControl':
      paintSegments(entry);
      break;
    case 'progress': {
      const progress = Math.min(Math.max(props.progress ?? 0, 0), 1);
      el.classList.toggle('bar', props.progressViewStyle === 'bar');
      el.style.background = props.trackTintColor ?? (props.progressViewStyle === 'bar' ? '#00000000' : '#78788033');
      if (props.backgroundColor) el.style.backgroundColor = props.backgroundColor;
      entry.fill.style.width = `${progress * 100}%`;
      entry.fill.style.background = props.progressTintColor ?? tint;
      break;
    }
    case 'pageControl': {
      const count = props.numberOfPages ?? 0;
      const current = props.currentPage ?? 0;
      const hidden = props.hidesForSinglePage && count === 1;
      entry.dots.replaceChildren();
      if (hidden) break;
      const width = count === 0 ? 0 : count * DOT_PITCH - (DOT_PITCH - DOT);
      entry.dots.style.width = `${width}px`;
      for (let index = 0; index < count; index += 1) {
        const dot = document.createElement('span');
        dot.className = index === current ? 'dot current' : 'dot';
        dot.style.left = `${(rtl ? count - 1 - index : index) * DOT_PITCH}px`;
        dot.style.background = index === current
          ? props.currentPageIndicatorTintColor ?? '#000000ff'
          : props.pageIndicatorTintColor ?? '#3c3c434d';
        entry.dots.appendChild(dot);
      }
      break;
    }
  }
}

/** A click on a control: a tap where it landed (a stepper's half, a segment, a page
 * control's half). Returns whether the control took it. */
export function clickControl(entry, event, send) {
  if (!CONTROL_TYPES.has(entry.type)) return false;
  if (entry.type === 'slider' || entry.type === 'progress') return true;
  if (entry.props.enabled === false) return true;
  // A stepper's pointer went to compd as touch phases (touches.js): it stepped on the
  // press, and compd repeated the step while it was held.
  if (entry.type === 'stepper') return true;
  const box = entry.el.getBoundingClientRect();
  send({ type: 'tap', target: entry.id, x: event.clientX - box.left, y: event.clientY - box.top });
  return true;
}

/** Whether a control paints right to left (docs/protocol.md, "Right to left"). */
function isRightToLeft(entry) {
  return entry.props.layoutDirection === 'rightToLeft';
}

/** Puts a table row's accessory glyph 16 points from its trailing edge: the right one, or
 * the left one in a right-to-left row. */
export function paintAccessorySide(accessory, rtl) {
  accessory.style.left = rtl ? '16px' : 'auto';
  accessory.style.right = rtl ? 'auto' : '16px';
  accessory.dir = 'ltr';
}

function part(el, className, text) {
  const span = document.createElement('span');
  span.className = className;
  if (text) span.textContent = text;
  el.appendChild(span);
  return span;
}

function sliderFraction(props, value) {
  const min = props.minimumValue ?? 0;
  const max = props.maximumValue ?? 1;
  return max > min ? Math.min(Math.max((value - min) / (max - min), 0), 1) : 0;
}

function paintSegments(entry) {
  const { props } = entry;
  const selected = props.momentary ? -1 : props.selectedSegmentIndex ?? -1;
  entry.segments.replaceChildren();
  const rtl = isRightToLeft(entry);
  const total = (props.segments ?? []).reduce((sum, segment) => sum + segment.width, 0);
  let left = 0;
  for (const [index, segment] of (props.segments ?? []).entries()) {
    const el = document.createElement('span');
    el.className = 'segment';
    el.classList.toggle('selected', index === selected);
    el.classList.toggle('off', segment.enabled === false);
    el.style.left = `${rtl ? total - left - segment.width : left}px`;
    el.style.width = `${Math.max(segment.width - 4, 0)}px`;
    el.textContent = segment.title ?? '';
    el.style.color = props.textColor ?? '#000000ff';
    el.dataset.index = String(index);
    if (index === selected && props.selectedSegmentTintColor) el.style.background = props.selectedSegmentTintColor;
    entry.segments.appendChild(el);
    left += segment.width;
  }
}

/** The side of the square around a slider's thumb a pointer must land in to drag it
 * (ScreenKit's `Slider.thumbHitSide`, the 44-point hit target of Apple's guidelines). */
const THUMB_HIT = 44;

/** A slider's drag. The pointer's phases go to compd as touches (touches.js), whose slider
 * tracks them as UIKit's does: a pointer that lands on the thumb drags it, one that lands
 * on the track away from it does nothing. The page echoes the drag at once by the same
 * rule (the thumb keeps where it was grabbed), until compd's answer to the last phase has
 * come and its value is drawn. */
function wireSlider(entry) {
  const { el } = entry;
  let grab = null;
  let waiting = [];
  // Resolves once the drag's last phase has been answered, so that what the keyboard
  // sends next (accessibility.js) comes after it.
  entry.whenValueSent = () => (grab !== null || entry.settling
    ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve());
  const travel = () => Math.max(el.getBoundingClientRect().width - THUMB, 1);
  const thumbCenter = () => {
    const value = entry.dragValue ?? entry.props.value ?? 0;
    const fraction = sliderFraction(entry.props, value);
    return el.getBoundingClientRect().left + THUMB / 2 + (isRightToLeft(entry) ? 1 - fraction : fraction) * travel();
  };
  const move = (event) => {
    const along = Math.min(Math.max((event.clientX - grab - THUMB / 2 - el.getBoundingClientRect().left) / travel(), 0), 1);
    const fraction = isRightToLeft(entry) ? 1 - along : along;
    const min = entry.props.minimumValue ?? 0;
    const max = entry.props.maximumValue ?? 1;
    entry.dragValue = min + fraction * (max - min);
    paintControl(entry);
  };
  el.addEventListener('pointerdown', (event) => {
    if (entry.props.enabled === false || event.button !== 0) return;
    event.preventDefault();
    el.focus({ preventScroll: true });
    const box = el.getBoundingClientRect();
    const center = thumbCenter();
    if (Math.abs(event.clientX - center) > THUMB_HIT / 2
      || Math.abs(event.clientY - (box.top + box.height / 2)) > THUMB_HIT / 2) return;
    grab = event.clientX - center;
    entry.dragging = true;
  });
  el.addEventListener('pointermove', (event) => {
    if (grab !== null) move(event);
  });
  const end = (event) => {
    if (grab === null) return;
    move(event);
    grab = null;
    entry.dragging = false;
    entry.settling = true;
    const settle = () => {
      entry.settling = false;
      entry.dragValue = undefined;
      paintControl(entry);
      const resolved = waiting;
      waiting = [];
      for (const resolve of resolved) resolve();
    };
    // touches.js sends the phase from the host element once this event's dispatch is done.
    setTimeout(() => (entry.touchSent ?? Promise.resolve()).then(settle, settle), 0);
  };
  el.addEventListener('pointerup', end);
  el.addEventListener('pointercancel', end);
}

