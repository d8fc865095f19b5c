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
