import { imageSize } from 'image-size';
import { AppError } from '../errors.js';
import { MAX_IMAGE_BYTES, sniffImageType } from './file-storage.js';

/** The default largest image, in pixels (40 megapixels: 8000 × 5000). */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;

export type ImageType = NonNullable<ReturnType<typeof sniffImageType>>;

/**
 * An upload's image type (from its first bytes, never from what the client says), once its
 * width and height, read from its header by image-size (nothing is decoded), are within
 * `maxPixels`: a 50000 × 50000 PNG of a few kilobytes would take gigabytes to decode in a
 * browser or a thumbnailer. An image whose header does not read is INVALID_INPUT; one with
 * too many pixels is PAYLOAD_TOO_LARGE.
 */
export function checkImage(bytes: Buffer, maxPixels: number, field = 'sContentBase64'): ImageType {
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('INVALID_INPUT', { field });
  let width: number;
  let height: number;
  try {
    ({ width, height } = imageSize(bytes));
  } catch (error) {
    throw new AppError('INVALID_INPUT', { field, cause: error });
  }
  if (!(width > 0 && height > 0)) throw new AppError('INVALID_INPUT', { field });
  if (width * height > maxPixels) throw new AppError('PAYLOAD_TOO_LARGE', { field });
  return type;
}

/** The file extension an image is stored under, by its sniffed type. */
export const EXTENSION_OF_IMAGE_TYPE = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const satisfies Record<ImageType, string>;

const DATA_URL_PREFIX = /^data:[\w.+/-]*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * An upload's bytes from its base64 body (a data: URL prefix and whitespace are allowed), at
 * most MAX_IMAGE_BYTES: too long is PAYLOAD_TOO_LARGE before anything is decoded, and text
 * that is not base64 is INVALID_INPUT.
 */
export function decodeImageUpload(contentBase64: string, field = 'sContentBase64'): Buffer {
  const text = contentBase64.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (text.length > Math.ceil(MAX_IMAGE_BYTES / 3) * 4) {
    throw new AppError('PAYLOAD_TOO_LARGE', { field });
  }
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) {
    throw new AppError('INVALID_INPUT', { field });
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', { field });
  return bytes;
}
