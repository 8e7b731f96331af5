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
  sDescription: '',
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
      sName: 'required',
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
      sDescription: '',
      sOrigin: 'Michoacán',
      sSubcategoryId: 'sub-1',
      dPricePerBox: 18.5,
      iBoxesPerPallet: 80,
      iMinBoxes: 10,
      iStock: 0,
    });
    expect(articleBody({ ...filled, sOrigin: '' }).sOrigin).toBeNull();
  });

  it('fills the edit form from an article with the price in 2 decimals', () => {
    const article = {
      sArticleId: 'a1',
      sName: 'Lime',
      sDescription: 'Persian lime',
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
