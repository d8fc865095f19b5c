// Runs the `animation` an op carries (docs/protocol.md, "Motion"): the page applies the op's
// values at once, as compd's model did, then animates from what it showed to them with the
// Web Animations API: a frame by its position and size, an update by its opacity and
// background colour. A spring becomes a `linear()` easing sampled from the damped spring.
// With `prefers-reduced-motion: reduce` nothing moves: the values just change.

const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)');

const CURVES = {
  easeInOut: 'ease-in-out', easeIn: 'ease-in', easeOut: 'ease-out', linear: 'linear',
};

/** Whether `op` asks for motion the page runs. */
export function animates(op) {
  return Boolean(op.animation) && !reducedMotion?.matches && op.animation.duration > 0;
}

/** What an element shows now, for an animation from it. */
export function snapshot(entry) {
  const style = getComputedStyle(entry.el);
  return {
    frame: entry.frame ? { ...entry.frame } : null,
    opacity: style.opacity, backgroundColor: style.backgroundColor,
  };
}

/** Animates `entry` from `before` (a snapshot) to what it shows after `op`. */
export function animateOp(entry, op, before) {
  const timing = {
    duration: op.animation.duration * 1000, delay: (op.animation.delay ?? 0) * 1000,
    easing: op.animation.spring ? springEasing(op.animation.spring) : CURVES[op.animation.curve] ?? 'ease-in-out',
    fill: 'backwards',
  };
  if (op.op === 'frame' && before.frame) {
    const from = before.frame;
    const to = entry.frame;
    entry.el.animate([
      { left: `${from.x}px`, top: `${from.y}px`, width: `${from.width}px`, height: `${from.height}px` },
      { left: `${to.x}px`, top: `${to.y}px`, width: `${to.width}px`, height: `${to.height}px` },
    ], timing);
  } else if (op.op === 'update' && 'hidden' in op.props) {
    animateHidden(entry, op, before, timing);
  } else if (op.op === 'update') {
    const after = getComputedStyle(entry.el);
    const frames = [{}, {}];
    for (const property of ['opacity', 'backgroundColor']) {
      if (before[property] === after[property]) continue;
      frames[0][property] = before[property];
      frames[1][property] = after[property];
    }
    if (op.animation.transition) {
      frames[0].opacity = 0;
      frames[1].opacity = after.opacity;
    }
    if (Object.keys(frames[0]).length) entry.el.animate(frames, timing);
  }
}

/** A node shown or hidden in an animation block (a stack's arranged view: its siblings'
 * frames move with the same timing): it fades in, or fades out and then hides. */
function animateHidden(entry, op, before, timing) {
  const { el } = entry;
  if (op.props.hidden) {
    el.style.display = '';
    const motion = el.animate([{ opacity: before.opacity }, { opacity: 0 }], { ...timing, fill: 'forwards' });
    const hide = () => {
      motion.cancel();
      if (entry.props.hidden) el.style.display = 'none';
    };
    motion.finished.then(hide, () => {});
  } else {
    el.animate([{ opacity: 0 }, { opacity: getComputedStyle(el).opacity }], timing);
  }
}

/** A damped spring as a CSS `linear()` easing: the spring's position sampled over the
 * animation, settling at 1. `damping` is the damping ratio (1: no overshoot). */
function springEasing({ damping }) {
  const zeta = Math.min(Math.max(damping, 0.05), 1);
  // Settle within the duration: the envelope e^(-zeta·w·t) falls to 0.1% at t = 1.
  const omega = 6.9 / zeta;
  const points = [];
  for (let i = 0; i <= 40; i += 1) {
    const t = i / 40;
    let value;
    if (zeta >= 1) {
      value = 1 - (1 + omega * t) * Math.exp(-omega * t);
    } else {
      const damped = omega * Math.sqrt(1 - zeta * zeta);
      value = 1 - Math.exp(-zeta * omega * t)
        * (Math.cos(damped * t) + (zeta * omega / damped) * Math.sin(damped * t));
    }
    points.push(value.toFixed(4));
  }
  points[points.length - 1] = '1';
  return `linear(${points.join(', ')})`;
}

/** Whether `op` is a scroll's fling coming to rest (`animation.decelerate`). */
export function decelerates(op) {
  return Boolean(op.animation?.decelerate);
}

/** Runs a fling's deceleration on a scroll node (docs/protocol.md, "Motion"): from the
 * offset the page showed, `from`, to the offset compd's op set, `to`, over the animation's
 * duration D, each axis at `from + (to − from) · (1 − rate^t) / (1 − rate^D)` (t and D in
 * milliseconds): the fling's speed decays by `rate` each millisecond, scaled to end exactly
 * at `to`. `show(offset)` puts the view at an offset. While it runs `entry.decelerating`
 * is set, so the page does not report these offsets to compd as the user's scrolls; a
 * pointer or wheel on the node stops it where it is and calls `interrupted()` (the page
 * then reports where it stopped as a scroll of the user's). With reduced motion the view
 * just jumps to `to`. */
export function decelerateScroll(entry, from, to, animation, show, interrupted) {
  entry.stopDeceleration?.();
  const duration = animation.duration * 1000;
  const rate = animation.decelerate.rate;
  if (reducedMotion?.matches || !(duration > 0) || !(rate > 0 && rate < 1)) {
    show(to);
    return;
  }
  const span = 1 - rate ** duration;
  let start;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    entry.decelerating = false;
    entry.decelerationTarget = undefined;
    entry.stopDeceleration = undefined;
    entry.el.removeEventListener('pointerdown', interrupt);
    entry.el.removeEventListener('wheel', interrupt);
  };
  const interrupt = () => {
    stop();
    interrupted?.();
  };
  const step = (now) => {
    start ??= now;
    const elapsed = now - start;
    if (elapsed >= duration) {
      show(to);
      stop();
      return;
    }
    const fraction = (1 - rate ** elapsed) / span;
    show({ x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction });
    frame = requestAnimationFrame(step);
  };
  entry.decelerating = true;
  entry.decelerationTarget = { x: to.x, y: to.y };
  entry.stopDeceleration = stop;
  entry.el.addEventListener('pointerdown', interrupt);
  entry.el.addEventListener('wheel', interrupt, { passive: true });
  show(from);
  frame = requestAnimationFrame(step);
}

// --- container transitions (docs/protocol.md, "Motion": `transition` on `insert` and `remove`)

/** The container transitions and, for each, what the entering and the leaving view do:
 * `from`/`to` keyframes of the one coming in, of the one going out, and whether the one
 * coming in goes under the one going out (a pop uncovers the view below). Distances are
 * fractions of the view's own width (`x`, leading to trailing) or of the way down to the
 * bottom of the scene (`y`). UIKit's parallax moves the covered view a third of the width. */
const CONTAINER_TRANSITIONS = {
  push: { enter: { x: 1 }, exit: { x: -0.3 }, underneath: false },
  pop: { enter: { x: -0.3 }, exit: { x: 1 }, underneath: true },
  present: { enter: { y: 1 }, exit: {}, underneath: false },
  dismiss: { enter: {}, exit: { y: 1 }, underneath: true },
  fade: { enter: { opacity: 0 }, exit: { opacity: 0 }, underneath: false },
  alert: { enter: { opacity: 0, scale: 1.2 }, exit: { opacity: 0 }, underneath: false },
};

/** Whether `op` (an `insert` or a `remove`) carries a container transition the page runs
 * (with reduced motion, as a cross-fade). */
export function runsTransition(op) {
  const animation = op.animation;
  return Boolean(animation) && animation.duration > 0 && animation.transition in CONTAINER_TRANSITIONS;
}

/** The keyframe of `pose` for `el`: a slide along the reading direction, a slide down to
 * `bottom` (the scene's height), a fade, a scale. */
function keyframe(el, pose, bottom) {
  const rtl = getComputedStyle(el).direction === 'rtl';
  const moves = [];
  if (pose.x) moves.push(`translateX(${(rtl ? -pose.x : pose.x) * 100}%)`);
  if (pose.y) moves.push(`translateY(${Math.max(0, bottom - el.offsetTop) * pose.y}px)`);
  if (pose.scale) moves.push(`scale(${pose.scale})`);
  const frame = { transform: moves.length ? moves.join(' ') : 'none' };
  if (pose.opacity !== undefined) frame.opacity = pose.opacity;
  return frame;
}

function timingOf(op) {
  return {
    duration: op.animation.duration * 1000, delay: (op.animation.delay ?? 0) * 1000,
    easing: CURVES[op.animation.curve] ?? 'ease-in-out',
  };
}

/** Runs the entrance of the node `el` just inserted by `op`: it comes in from where the
 * transition starts it; a view a pop or a dismissal uncovers goes under the view leaving. */
export function enterNode(el, op, sceneHeight) {
  const form = CONTAINER_TRANSITIONS[op.animation.transition];
  if (form.underneath) {
    const leaving = [...el.parentElement.children].find((sibling) => sibling.classList.contains('exiting'));
    if (leaving) el.parentElement.insertBefore(el, leaving);
  }
  const reduced = reducedMotion?.matches;
  const pose = reduced ? { opacity: 0 } : form.enter;
  if (!Object.keys(pose).length) return;
  const opacity = getComputedStyle(el).opacity;
  const rest = { transform: 'none' };
  if (pose.opacity !== undefined) rest.opacity = opacity;
  el.animate([keyframe(el, pose, sceneHeight), rest], { ...timingOf(op), fill: 'backwards' });
}

/** Runs the exit of the node `el` that `op` removed: the page no longer has it as a node
 * (no id, no key, inert, hidden from assistive technology) but shows it going out as the
 * transition moves it, and takes it away when the motion ends. */
export function exitNode(el, op, sceneHeight) {
  const form = CONTAINER_TRANSITIONS[op.animation.transition];
  if (el.dataset.key !== undefined) el.dataset.exitingKey = el.dataset.key;
  for (const part of [el, ...el.querySelectorAll('[data-node-id]')]) {
    delete part.dataset.nodeId;
    delete part.dataset.key;
  }
  el.classList.add('exiting');
  el.inert = true;
  el.setAttribute('aria-hidden', 'true');
  const reduced = reducedMotion?.matches;
  const pose = reduced ? { opacity: 0 } : form.exit;
  const opacity = getComputedStyle(el).opacity;
  const start = { transform: 'none' };
  if (pose.opacity !== undefined) start.opacity = opacity;
  // A view that stays still underneath (the one a full-screen cover hides) is kept for the
  // same time, so that nothing shows through before the cover is in place.
  const frames = Object.keys(pose).length ? [start, keyframe(el, pose, sceneHeight)] : [start, start];
  const motion = el.animate(frames, { ...timingOf(op), fill: 'forwards' });
  motion.finished.then(() => el.remove(), () => el.remove());
}
