import { DomainInputError, moneyToDecimalString, moneyToNumber, parseMoney } from '@app/domain';
import { z } from 'zod';
import type { ArticleBody, VendorArticle } from './api/articles';

/** The server's limits (vendor-articles.routes.ts). */
export const MAX_ARTICLE_PHOTOS = 10;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const MAX_BOXES = 1_000_000;
const MAX_BOXES_PER_PALLET = 10_000;

/** The price as typed: a positive amount with at most 2 decimals, read exactly. */
export function parsePrice(value: string): bigint | undefined {
  const text = value.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  try {
    const cents = parseMoney(text);
    return cents > 0n ? cents : undefined;
  } catch (error) {
    if (error instanceof DomainInputError) return undefined;
    throw error;
  }
}

function wholeNumber(min: number, max: number) {
  return z.string().superRefine((value, ctx) => {
    const text = value.trim();
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message, input: value });
    if (text === '') return issue('required');
    if (!/^\d+$/.test(text)) return issue('profile:wholeNumber');
    const number = Number(text);
    if (number < min) return issue(`profile:atLeast:${min}`);
    if (number > max) return issue(`profile:atMost:${max}`);
  });
}

export const articleFormSchema = z
  .object({
    sName: z.string().trim().max(200),
    sNameSp: z.string().trim().max(200),
    sDescription: z.string().trim().max(4000),
    sDescriptionSp: z.string().trim().max(4000),
    sOrigin: z.string().trim().max(200),
    sCategoryId: z.string().min(1),
    sSubcategoryId: z.string().min(1),
    dPricePerBox: z.string().superRefine((value, ctx) => {
      if (value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: 'required', input: value });
      } else if (parsePrice(value) === undefined) {
        ctx.addIssue({ code: 'custom', message: 'profile:money', input: value });
      }
    }),
    iBoxesPerPallet: wholeNumber(1, MAX_BOXES_PER_PALLET),
    iMinBoxes: wholeNumber(1, MAX_BOXES),
    iStock: wholeNumber(0, MAX_BOXES),
  })
  // The grower names the article in either language or both.
  .refine((values) => values.sName.trim() !== '' || values.sNameSp.trim() !== '', {
    path: ['sName'],
    message: 'profile:nameOneLanguage',
    // Said together with the other fields' problems, not only once they are fixed.
    when: () => true,
  });
export type ArticleFormValues = z.input<typeof articleFormSchema>;

export const EMPTY_ARTICLE: ArticleFormValues = {
  sName: '',
  sNameSp: '',
  sDescription: '',
  sDescriptionSp: '',
  sOrigin: '',
  sCategoryId: '',
  sSubcategoryId: '',
  dPricePerBox: '',
  iBoxesPerPallet: '',
  iMinBoxes: '',
  iStock: '',
};

export function articleFormValues(article: VendorArticle): ArticleFormValues {
  return {
    sName: article.sNameEn ?? '',
    sNameSp: article.sNameSp ?? '',
    sDescription: article.sDescriptionEn ?? '',
    sDescriptionSp: article.sDescriptionSp ?? '',
    sOrigin: article.sOrigin ?? '',
    sCategoryId: article.sCategoryId,
    sSubcategoryId: article.sSubcategoryId,
    dPricePerBox: moneyToDecimalString(parseMoney(article.dPricePerBox)),
    iBoxesPerPallet: String(article.iBoxesPerPallet),
    iMinBoxes: String(article.iMinBoxes),
    iStock: String(article.iStock),
  };
}

/** Only for values the schema accepted. */
export function articleBody(values: ArticleFormValues): ArticleBody {
  const cents = parsePrice(values.dPricePerBox);
  if (cents === undefined) throw new RangeError('The price was not validated');
  const origin = values.sOrigin.trim();
  return {
    sName: values.sName.trim(),
    sNameSp: values.sNameSp.trim() || null,
    sDescription: values.sDescription.trim(),
    sDescriptionSp: values.sDescriptionSp.trim() || null,
    sOrigin: origin === '' ? null : origin,
    sSubcategoryId: values.sSubcategoryId,
    dPricePerBox: moneyToNumber(cents),
    iBoxesPerPallet: Number(values.iBoxesPerPallet.trim()),
    iMinBoxes: Number(values.iMinBoxes.trim()),
    iStock: Number(values.iStock.trim()),
  };
}

export type PhotoProblem = 'type' | 'size';

/** Why a chosen file cannot be a photo: not JPEG/PNG/WebP, or above 5 MB. */
export function photoProblem(file: { type: string; size: number }): PhotoProblem | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_PHOTO_BYTES) return 'size';
  return undefined;
}

/**
 * The image type of a file's first bytes (JPEG, PNG or WebP), as the server sniffs it; the
 * name and the type the browser guesses from it are not trusted (a text file named .png).
 */
export function sniffPhotoType(head: Uint8Array): (typeof PHOTO_TYPES)[number] | undefined {
  const starts = (bytes: number[], offset = 0) =>
    bytes.every((byte, index) => head[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(reader.result instanceof ArrayBuffer ? reader.result : new ArrayBuffer(0));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Why a chosen file cannot be a photo, from its size and its first bytes. */
export async function checkPhotoFile(
  file: Blob & { type: string },
): Promise<PhotoProblem | undefined> {
  const problem = photoProblem(file);
  if (problem) return problem;
  const head = new Uint8Array(await readBytes(file.slice(0, 12)));
  return sniffPhotoType(head) ? undefined : 'type';
}

/** The files that fit in the photos left, and whether some were left out. */
export function takePhotos<T>(files: T[], photosSoFar: number): { taken: T[]; leftOut: boolean } {
  const room = Math.max(0, MAX_ARTICLE_PHOTOS - photosSoFar);
  return { taken: files.slice(0, room), leftOut: files.length > room };
}

/** A file as a data URL: its preview, and its base64 content after the comma. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The base64 content of a data URL, as POST vendor/articles/{id}/images wants it. */
export function base64OfDataUrl(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}
