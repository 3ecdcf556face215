// Pictures of the board to keep: a PNG of the position shown and an
// animated GIF of a whole game, drawn in the browser from the server's own
// drawing (the SVG the board shows), so the server does no raster work.
// The GIF has one fixed palette (6 reds × 7 greens × 6 blues), near enough
// for a board's flat colours, and each frame is LZW-coded as GIF89a asks.

/** `svg` (its text) drawn on white on a canvas of its size, or of `size`
 * ({width, height}) with the drawing at its top left. A data: address, as
 * the page's rules allow images only from the server or data. */
async function canvasOf(svg, size = null) {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size ? size.width : image.naturalWidth;
  canvas.height = size ? size.height : image.naturalHeight;
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0);
  return canvas;
}

/** A PNG of the SVG `svg`, as a Blob. */
export async function pngOf(svg) {
  const canvas = await canvasOf(svg);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser made no PNG'))), 'image/png');
  });
}

const LEVELS = [6, 7, 6];

/** The palette index nearest to a colour, level by level. */
function indexOf(red, green, blue) {
  const level = (value, levels) => Math.round((value * (levels - 1)) / 255);
  return (level(red, 6) * 7 + level(green, 7)) * 6 + level(blue, 6);
}

/** The palette: 252 colours, then black up to 256 entries. */
function palette() {
  const colours = new Uint8Array(256 * 3);
  let at = 0;
  for (let red = 0; red < LEVELS[0]; red += 1) {
    for (let green = 0; green < LEVELS[1]; green += 1) {
      for (let blue = 0; blue < LEVELS[2]; blue += 1) {
        colours.set([red, green, blue].map((level, n) => Math.round((level * 255) / (LEVELS[n] - 1))), at);
        at += 3;
      }
    }
  }
  return colours;
}

/** A growing run of bytes. */
class Bytes {
  constructor() {
    this.bytes = new Uint8Array(1 << 16);
    this.length = 0;
  }

  push(...values) {
    if (this.length + values.length > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2 + values.length);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(values, this.length);
    this.length += values.length;
  }

  word(value) {
    this.push(value & 255, value >> 8);
  }

  text(words) {
    this.push(...[...words].map((character) => character.charCodeAt(0)));
  }

  done() {
    return this.bytes.subarray(0, this.length);
  }
}

/** Writes `indices` (one palette index a pixel) to `out` as GIF's LZW
 * data: codes of 9 to 12 bits, the table cleared when full, in
 * sub-blocks of at most 255 bytes. */
function writeLzw(out, indices) {
  const MIN = 8;
  const CLEAR = 1 << MIN;
  const END = CLEAR + 1;
  const data = new Bytes();
  let size = MIN + 1;
  let next = END + 1;
  let table = new Map();
  let bits = 0;
  let held = 0;
  const emit = (code) => {
    bits |= code << held;
    held += size;
    while (held >= 8) {
      data.push(bits & 255);
      bits >>>= 8;
      held -= 8;
    }
  };
  emit(CLEAR);
  let prefix = indices[0];
  for (let at = 1; at < indices.length; at += 1) {
    const key = prefix * 256 + indices[at];
    const known = table.get(key);
    if (known !== undefined) {
      prefix = known;
      continue;
    }
    emit(prefix);
    if (next === 4096) {
      emit(CLEAR);
      table = new Map();
      size = MIN + 1;
      next = END + 1;
    } else {
      if (next >= 1 << size) {
        size += 1;
      }
      table.set(key, next);
      next += 1;
    }
    prefix = indices[at];
  }
  emit(prefix);
  emit(END);
  if (held > 0) {
    data.push(bits & 255);
  }
  out.push(MIN);
  const coded = data.done();
  for (let at = 0; at < coded.length; at += 255) {
    const block = coded.subarray(at, at + 255);
    out.push(block.length, ...block);
  }
  out.push(0);
}

/** The palette indices of a canvas's pixels. */
function indicesOf(canvas) {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const indices = new Uint8Array(canvas.width * canvas.height);
  for (let pixel = 0; pixel < indices.length; pixel += 1) {
    indices[pixel] = indexOf(data[pixel * 4], data[pixel * 4 + 1], data[pixel * 4 + 2]);
  }
  return indices;
}

/** The size of the SVG `svg` (its text), as its width and height say. */
function sizeOf(svg) {
  const number = (name) => Number((svg.match(new RegExp(`<svg[^>]*\\s${name}="([0-9.]+)"`)) || [])[1]) || 0;
  return { width: Math.ceil(number('width')), height: Math.ceil(number('height')) };
}

/** An animated GIF of the SVGs `svgs`, `delayMs` a frame and the last
 * held three times as long, looping; a Blob. Every frame is as large as
 * the largest drawing (the server's legend shortens as kinds of pieces
 * leave the board), each drawing at its top left. */
export async function gifOf(svgs, delayMs = 800) {
  const out = new Bytes();
  const sizes = svgs.map(sizeOf);
  const size = {
    width: Math.max(...sizes.map((one) => one.width)),
    height: Math.max(...sizes.map((one) => one.height)),
  };
  const first = await canvasOf(svgs[0], size);
  out.text('GIF89a');
  out.word(first.width);
  out.word(first.height);
  out.push(0xf7, 0, 0);
  out.push(...palette());
  out.push(0x21, 0xff, 11);
  out.text('NETSCAPE2.0');
  out.push(3, 1, 0, 0, 0);
  for (let frame = 0; frame < svgs.length; frame += 1) {
    const canvas = frame === 0 ? first : await canvasOf(svgs[frame], size);
    const delay = Math.round(delayMs / 10) * (frame === svgs.length - 1 ? 3 : 1);
    out.push(0x21, 0xf9, 4, 0x04);
    out.word(delay);
    out.push(0, 0);
    out.push(0x2c);
    out.word(0);
    out.word(0);
    out.word(first.width);
    out.word(first.height);
    out.push(0);
    writeLzw(out, indicesOf(canvas));
  }
  out.push(0x3b);
  return new Blob([out.done()], { type: 'image/gif' });
}

/** Has the browser save `blob` as `name`. */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}
