import { deflateSync } from 'node:zlib';

/** Tiny real PNG files for the demo catalogue, made without an image library. */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export type Rgb = readonly [number, number, number];

/**
 * A size×size RGB PNG: a disc of `color` (a piece of produce, lit from the top left) on a
 * pale background tinted with the same colour.
 */
export function producePng(color: Rgb, size = 64): Buffer {
  const background: Rgb = [
    Math.round(245 - (255 - color[0]) * 0.08),
    Math.round(245 - (255 - color[1]) * 0.08),
    Math.round(245 - (255 - color[2]) * 0.08),
  ];
  const center = (size - 1) / 2;
  const radius = size * 0.36;
  const rowLength = 1 + size * 3;
  const raw = Buffer.alloc(rowLength * size);
  for (let y = 0; y < size; y += 1) {
    raw[y * rowLength] = 0; // filter: none
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - center, y - center);
      let pixel: Rgb = background;
      if (distance <= radius) {
        // Brighter toward the top left, darker toward the rim.
        const light = 1.15 - 0.3 * ((x + y) / (2 * size)) - 0.25 * (distance / radius) ** 2;
        pixel = [
          Math.min(255, Math.round(color[0] * light)),
          Math.min(255, Math.round(color[1] * light)),
          Math.min(255, Math.round(color[2] * light)),
        ];
      }
      const offset = y * rowLength + 1 + x * 3;
      raw[offset] = pixel[0];
      raw[offset + 1] = pixel[1];
      raw[offset + 2] = pixel[2];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
