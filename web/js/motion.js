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
