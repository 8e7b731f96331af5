import { describe, expect, it } from 'vitest';
import { validationErrorMap } from '../../lib/form-errors';
import type { VendorArticle } from './api/articles';
import {
  articleBody,
  articleFormSchema,
  articleFormValues,
  base64OfDataUrl,
  EMPTY_ARTICLE,
  MAX_PHOTO_BYTES,
  parsePrice,
  photoProblem,
  takePhotos,
} from './article-form';

function messages(value: unknown) {
  const result = articleFormSchema.safeParse(value, { error: validationErrorMap });
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

const filled = {
  sName: 'Ataulfo mango',
  sNameSp: '',
  sDescription: '',
  sDescriptionSp: '',
  sOrigin: ' Michoacán ',
  sCategoryId: 'cat-1',
  sSubcategoryId: 'sub-1',
  dPricePerBox: '18.5',
  iBoxesPerPallet: '80',
  iMinBoxes: '10',
  iStock: '0',
};

describe('article form', () => {
  it('requires the name, category, subcategory, price and the three counts', () => {
    expect(messages(EMPTY_ARTICLE)).toEqual({
      sName: 'profile:nameOneLanguage',
      sCategoryId: 'required',
      sSubcategoryId: 'required',
      dPricePerBox: 'required',
      iBoxesPerPallet: 'required',
      iMinBoxes: 'required',
      iStock: 'required',
    });
  });

  it('wants a price above 0 with at most 2 decimals, and whole counts in range', () => {
    expect(
      messages({
        ...filled,
        dPricePerBox: '18.555',
        iBoxesPerPallet: '0',
        iMinBoxes: '2.5',
        iStock: '1000001',
      }),
    ).toEqual({
      dPricePerBox: 'profile:money',
      iBoxesPerPallet: 'profile:atLeast:1',
      iMinBoxes: 'profile:wholeNumber',
      iStock: 'profile:atMost:1000000',
    });
    expect(messages({ ...filled, dPricePerBox: '0' })).toEqual({ dPricePerBox: 'profile:money' });
  });

  it('reads prices exactly', () => {
    expect(parsePrice('18.50')).toBe(1850n);
    expect(parsePrice('$1,234.5')).toBe(123450n);
    expect(parsePrice('1e3')).toBeUndefined();
    expect(parsePrice('-3')).toBeUndefined();
  });

  it('builds the body with numbers and an empty origin as null', () => {
    expect(articleBody(filled)).toEqual({
      sName: 'Ataulfo mango',
      sNameSp: null,
      sDescription: '',
      sDescriptionSp: null,
      sOrigin: 'Michoacán',
      sSubcategoryId: 'sub-1',
      dPricePerBox: 18.5,
      iBoxesPerPallet: 80,
      iMinBoxes: 10,
      iStock: 0,
    });
    expect(articleBody({ ...filled, sOrigin: '' }).sOrigin).toBeNull();
  });

  it('takes the name in either language or both', () => {
    expect(messages({ ...filled, sName: '', sNameSp: 'Mango Ataulfo' })).toEqual({});
    expect(messages({ ...filled, sName: ' ', sNameSp: '' })).toEqual({
      sName: 'profile:nameOneLanguage',
    });
    expect(
      articleBody({ ...filled, sName: '', sNameSp: ' Mango Ataulfo ', sDescriptionSp: 'Miel' }),
    ).toMatchObject({ sName: '', sNameSp: 'Mango Ataulfo', sDescriptionSp: 'Miel' });
  });

  it('fills the edit form from an article with the price in 2 decimals', () => {
    const article = {
      sArticleId: 'a1',
      sName: 'Lime',
      sDescription: 'Persian lime',
      sNameEn: 'Lime',
      sNameSp: 'Limón',
      sDescriptionEn: 'Persian lime',
      sDescriptionSp: null,
      sOrigin: null,
      sSubcategoryId: 'sub-2',
      sSubcategoryName: 'Limes',
      sCategoryId: 'cat-2',
      sCategoryName: 'Citrus',
      dPricePerBox: 12.5,
      iBoxesPerPallet: 60,
      iMinBoxes: 5,
      iStock: 300,
      bActive: true,
      aImages: [],
      created_at: '',
      updated_at: '',
    } satisfies VendorArticle;
    expect(articleFormValues(article)).toMatchObject({
      sName: 'Lime',
      sNameSp: 'Limón',
      sDescriptionSp: '',
      sOrigin: '',
      sCategoryId: 'cat-2',
      dPricePerBox: '12.50',
      iStock: '300',
    });
  });
});

describe('article photos', () => {
  it('takes JPEG, PNG and WebP up to 5 MB', () => {
    expect(photoProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(photoProblem({ type: 'image/webp', size: MAX_PHOTO_BYTES })).toBeUndefined();
    expect(photoProblem({ type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 })).toBe('size');
    expect(photoProblem({ type: 'image/gif', size: 10 })).toBe('type');
  });

  it('keeps at most 10 photos per article', () => {
    expect(takePhotos(['a', 'b', 'c'], 8)).toEqual({ taken: ['a', 'b'], leftOut: true });
    expect(takePhotos(['a'], 10)).toEqual({ taken: [], leftOut: true });
    expect(takePhotos(['a', 'b'], 0)).toEqual({ taken: ['a', 'b'], leftOut: false });
  });

  it('sends the base64 content without the data-URL prefix', () => {
    expect(base64OfDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
  });
});

describe('photo sniffing in the browser', () => {
  it('knows JPEG, PNG and WebP by their bytes, whatever the name says', async () => {
    const { checkPhotoFile, sniffPhotoType } = await import('./article-form');
    expect(sniffPhotoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffPhotoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(sniffPhotoType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffPhotoType(new TextEncoder().encode('not an image'))).toBeUndefined();
    const textNamedPng = new File(['not an image at all'], 'notes.png', { type: 'image/png' });
    expect(await checkPhotoFile(textNamedPng)).toBe('type');
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
      'photo.png',
      { type: 'image/png' },
    );
    expect(await checkPhotoFile(png)).toBeUndefined();
  });
});
