// Images (docs/protocol.md, "Images"): an `image` prop names the bytes by hash; the page
// loads them from compd-web's `images/<hash>`, which browsers cache for good. An original
// image is an <img>; a template image is a box masked by the image and filled with its
// tint. `contentMode` places either in the node, as UIKit's image view does.

/** The URL of an image's bytes (relative, like the page's other files). */
export function imageURL(image) {
  return `images/${image.hash}`;
}

/** CSS object-fit / mask-size of the scaling content modes. */
const SCALING = { scaleToFill: 'fill', redraw: 'fill', scaleAspectFit: 'contain', scaleAspectFill: 'cover' };
/** Where the fixed-size content modes put the image: [x, y] as 0 (start), 0.5, 1 (end). */
const ANCHOR = {
  center: [0.5, 0.5], top: [0.5, 0], bottom: [0.5, 1], left: [0, 0.5], right: [1, 0.5],
  topLeft: [0, 0], topRight: [1, 0], bottomLeft: [0, 1], bottomRight: [1, 1],
};

/** Makes an image node's elements: an <img> for originals and a masked box for templates. */
export function makeImage(el, entry) {
  entry.image = document.createElement('img');
  entry.image.alt = '';
  entry.image.addEventListener('error', () => el.classList.add('missing'));
  entry.image.addEventListener('load', () => el.classList.remove('missing'));
  entry.mask = document.createElement('span');
  entry.mask.className = 'template';
  el.append(entry.image, entry.mask);
}

/** Shows `image` (the wire prop, or undefined) in `target` with `contentMode`. */
export function paintImage(el, entry, image, contentMode = 'scaleToFill') {
  const { image: img, mask } = entry;
  el.dataset.contentMode = contentMode;
  if (!image || !image.hash) {
    // No bytes (a placeholder, or no image): the hatched box, titled with the name.
    img.removeAttribute('src');
    mask.style.display = 'none';
    img.style.display = 'none';
    el.classList.toggle('missing', !!image);
    if (image?.name) { el.title = image.name; el.dataset.image = image.name; } else { el.removeAttribute('title'); delete el.dataset.image; }
    delete el.dataset.hash;
    return;
  }
  el.classList.remove('missing');
  el.dataset.hash = image.hash;
  if (image.name) el.dataset.image = image.name; else delete el.dataset.image;
  const url = imageURL(image);
  const box = image.template ? mask : img;
  const other = image.template ? img : mask;
  other.style.display = 'none';
  if (!image.template) other.removeAttribute?.('src');
  box.style.display = '';
  place(box, image, contentMode);
  if (image.template) {
    const value = `url("${url}")`;
    if (mask.style.maskImage !== value) {
      mask.style.maskImage = value;
      mask.style.webkitMaskImage = value;
    }
    mask.style.backgroundColor = image.tint ?? '#007affff';
    const size = SCALING[contentMode] === 'fill' || !SCALING[contentMode] ? '100% 100%' : SCALING[contentMode];
    mask.style.maskSize = size;
    mask.style.webkitMaskSize = size;
    el.dataset.tint = image.tint ?? '';
  } else {
    if (img.getAttribute('src') !== url) img.src = url;
    img.style.objectFit = SCALING[contentMode] ?? 'fill';
    delete el.dataset.tint;
  }
}

/** Sizes `box` for the content mode: the whole node for the scaling modes (object-fit or
 * mask-size does the rest), the image's size in points at its anchor for the others. */
function place(box, image, contentMode) {
  const anchor = ANCHOR[contentMode];
  const style = box.style;
  if (!anchor) {
    style.left = '0'; style.top = '0'; style.width = '100%'; style.height = '100%';
    return;
  }
  const [ax, ay] = anchor;
  style.width = `${image.width}px`;
  style.height = `${image.height}px`;
  style.left = `calc(${ax * 100}% - ${ax * image.width}px)`;
  style.top = `calc(${ay * 100}% - ${ay * image.height}px)`;
}

/** Places a button's title at `frame` (its `titleFrame`), or back over the whole button. */
function placeTitle(text, frame) {
  if (frame) {
    Object.assign(text.style, {
      inset: 'auto', left: `${frame.x}px`, top: `${frame.y}px`,
      width: `${frame.width}px`, height: `${frame.height}px`,
    });
  } else {
    Object.assign(text.style, { inset: '', left: '', top: '', width: '', height: '' });
  }
}

/** A configured button's activity indicator: a spinner in the title's colour at
 * `imageFrame`, while `activityIndicator` is true. */
function paintBusy(entry, props) {
  if (!props.activityIndicator) {
    if (entry.busy) entry.busy.style.display = 'none';
    return;
  }
  if (!entry.busy) {
    entry.busy = document.createElement('span');
    entry.busy.className = 'busy';
    entry.el.appendChild(entry.busy);
  }
  const frame = props.imageFrame ?? { x: 0, y: 0, width: 20, height: 20 };
  Object.assign(entry.busy.style, {
    display: '', left: `${frame.x}px`, top: `${frame.y}px`, width: `${frame.width}px`,
    height: `${frame.height}px`, color: props.titleColor ?? '#007affff',
  });
}

/** A button's image at `imageFrame` and its title at `titleFrame` (where compd's layout put
 * them: beside each other, a tab's image above its title, a menu entry's at its edges). */
export function paintButtonImage(el, entry, props) {
  placeTitle(entry.text, props.titleFrame);
  paintBusy(entry, props);
  if (!props.image) {
    if (entry.image) {
      entry.image.style.display = 'none';
      entry.mask.style.display = 'none';
      delete el.dataset.hash;
    }
    return;
  }
  if (!entry.image) {
    makeImage(el, entry);
    entry.image.classList.add('button-image');
    entry.mask.classList.add('button-image');
  }
  paintImage(el, entry, props.image, 'scaleToFill');
  const frame = props.imageFrame ?? { x: 0, y: 0, width: props.image.width, height: props.image.height };
  const box = props.image.template ? entry.mask : entry.image;
  Object.assign(box.style, {
    left: `${frame.x}px`, top: `${frame.y}px`, width: `${frame.width}px`, height: `${frame.height}px`,
  });
}
