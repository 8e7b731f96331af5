import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import {
  expectError,
  newArticle,
  newCategory,
  newVendor,
  pngBase64,
  rowCount,
} from '../test/marketplace-fixtures.js';
import { jpegBytes, pngHeaderBytes, webpBytes } from '../test/image-fixtures.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/test-app.js';
import { checkImage } from './image-check.js';

describe('image size from the header', () => {
  it('reads PNG, JPEG and WebP sizes without decoding, and refuses too many pixels', () => {
    expect(checkImage(pngHeaderBytes(8000, 5000), 40_000_000)).toBe('image/png');
    expect(checkImage(jpegBytes(8000, 5000), 40_000_000)).toBe('image/jpeg');
    expect(checkImage(webpBytes(8000, 5000), 40_000_000)).toBe('image/webp');
    for (const bytes of [
      pngHeaderBytes(50_000, 50_000),
      jpegBytes(8001, 5000),
      webpBytes(10_000, 10_000),
    ]) {
      expect(() => checkImage(bytes, 40_000_000)).toThrow(
        expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', field: 'sContentBase64' }),
      );
    }
  });

  it('refuses an image whose header does not read', () => {
    const truncated = pngHeaderBytes(10, 10).subarray(0, 12);
    expect(() => checkImage(truncated, 100)).toThrow(AppError);
    expect(() => checkImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 100)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
  });
});

describe(`image uploads are bounded in pixels on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  afterEach(async () => t.close());

  async function uploadAsVendor(bytes: Buffer) {
    const vendor = await newVendor(t);
    const [subcategory] = (
      await newCategory(t, {
        en: 'Citrus',
        sp: 'Cítricos',
        subcategories: [{ en: 'Limes', sp: 'Limones' }],
      })
    ).subcategoryIds;
    const article = await newArticle(vendor, subcategory ?? '');
    return vendor.call('POST', `vendor/articles/${article}/images`, {
      sFileName: 'bomb.png',
      sContentBase64: bytes.toString('base64'),
    });
  }

  it('refuses a 50000 × 50000 PNG header in the public catalogue, storing nothing', async () => {
    t = await createTestApp();
    const bomb = await uploadAsVendor(pngHeaderBytes(50_000, 50_000));
    expectError(bomb, 413, 'PAYLOAD_TOO_LARGE', 'sContentBase64');
    expect(await rowCount(t, 'article_images')).toBe(0);
  });

  it('takes its limit from MAX_IMAGE_PIXELS', async () => {
    t = await createTestApp({ MAX_IMAGE_PIXELS: '255' });
    // The 16 × 16 photo has 256 pixels.
    const photo = await uploadAsVendor(Buffer.from(pngBase64(), 'base64'));
    expectError(photo, 413, 'PAYLOAD_TOO_LARGE', 'sContentBase64');
  });
});
