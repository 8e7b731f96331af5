import { describe, expect, it } from 'vitest';
import { imageName } from '../../lib/disputes/dispute-photos';
import { checkPickedImages, MAX_IMAGE_BYTES } from './dispute-images';

const png = (name: string, size = 1000) => ({ name, type: 'image/png', size });

describe('photos picked for a dispute', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    const files = [
      { name: 'a.jpg', type: 'image/jpeg', size: 10 },
      png('b.png', MAX_IMAGE_BYTES),
      { name: 'c.webp', type: 'image/webp', size: 10 },
    ];
    expect(checkPickedImages(files, 0)).toEqual({ accepted: files, rejected: [] });
  });

  it('refuses other types and files over 5 MB', () => {
    const result = checkPickedImages(
      [{ name: 'a.gif', type: 'image/gif', size: 10 }, png('big.png', MAX_IMAGE_BYTES + 1)],
      0,
    );
    expect(result.accepted).toEqual([]);
    expect(result.rejected).toEqual([
      { name: 'a.gif', reason: 'badType' },
      { name: 'big.png', reason: 'tooLarge' },
    ]);
  });

  it('stops at 15 photos, counting those the dispute has', () => {
    const result = checkPickedImages([png('1.png'), png('2.png'), png('3.png')], 13);
    expect(result.accepted.map((file) => file.name)).toEqual(['1.png', '2.png']);
    expect(result.rejected).toEqual([{ name: '3.png', reason: 'tooMany' }]);
  });

  it('names a photo by its file, else by its position', () => {
    expect(imageName({ sFileName: 'pallet-3.png' }, 0)).toBe('pallet-3.png');
    expect(imageName({ sFileName: null }, 1)).toBe('#2');
  });
});
