import { randomUUID } from 'node:crypto';
import { moneyToNumber, type Language } from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import {
  checkImage,
  decodeImageUpload,
  DEFAULT_MAX_IMAGE_PIXELS,
  EXTENSION_OF_IMAGE_TYPE,
} from '../../storage/image-check.js';
// eslint-disable-next-line no-restricted-imports -- the article's photos are the catalogue's rows
import { listImagesOf } from '../catalog/catalog.repository.js';
import { articleTextIn, fileUrl } from '../catalog/catalog.service.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './vendor-articles.repository.js';
import type { ArticleFields, VendorArticleFilters } from './vendor-articles.repository.js';

export type { ArticleFields } from './vendor-articles.repository.js';

export const MAX_ARTICLE_IMAGES = 10;

export interface VendorArticleAnswer {
  sArticleId: string;
  sName: string;
  sDescription: string;
  sNameEn: string | null;
  sNameSp: string | null;
  sDescriptionEn: string | null;
  sDescriptionSp: string | null;
  sOrigin: string | null;
  sSubcategoryId: string;
  sSubcategoryName: string;
  sCategoryId: string;
  sCategoryName: string;
  dPricePerBox: number;
  iBoxesPerPallet: number;
  iMinBoxes: number;
  iStock: number;
  bActive: boolean;
  aImages: Array<{ sImageId: string; sUrl: string }>;
  created_at: string;
  updated_at: string;
}

type ArticleRow = NonNullable<Awaited<ReturnType<typeof repo.findVendorArticle>>>;

/** The grower names the article in English, Spanish or both, never in neither. */
function requireName(fields: ArticleFields): void {
  if (!fields.name && !fields.nameSp) throw new AppError('INVALID_INPUT', { field: 'sName' });
}

/** A vendor's own articles: create, edit, deactivate, photos. Another vendor's is 404. */
export class VendorArticlesService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly now: () => Date,
    private readonly maxImagePixels: number = DEFAULT_MAX_IMAGE_PIXELS,
  ) {}

  async list(
    vendorId: string,
    filters: VendorArticleFilters,
    page: number,
    limit: number,
    language: Language,
  ) {
    const [rows, total] = await Promise.all([
      repo.listVendorArticles(this.db, vendorId, filters, { offset: (page - 1) * limit, limit }),
      repo.countVendorArticles(this.db, vendorId, filters),
    ]);
    return { articles: await this.toAnswers(rows, language), total, page, limit };
  }

  async get(vendorId: string, articleId: string, language: Language): Promise<VendorArticleAnswer> {
    const row = isUuid(articleId)
      ? await repo.findVendorArticle(this.db, vendorId, articleId)
      : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    const [answer] = await this.toAnswers([row], language);
    if (!answer) throw new AppError('NOT_FOUND');
    return answer;
  }

  async create(
    vendorId: string,
    fields: ArticleFields,
    language: Language,
  ): Promise<VendorArticleAnswer> {
    requireName(fields);
    await this.requireSubcategory(fields.subcategoryId);
    const id = randomUUID();
    await repo.insertArticle(this.db, { id, vendorId, now: this.now(), ...fields });
    return this.get(vendorId, id, language);
  }

  async update(
    vendorId: string,
    articleId: string,
    fields: ArticleFields,
    language: Language,
  ): Promise<VendorArticleAnswer> {
    if (!isUuid(articleId)) throw new AppError('NOT_FOUND');
    if (!(await repo.findVendorArticle(this.db, vendorId, articleId))) {
      throw new AppError('NOT_FOUND');
    }
    requireName(fields);
    await this.requireSubcategory(fields.subcategoryId);
    const updated = await repo.updateArticle(this.db, vendorId, articleId, fields, this.now());
    if (updated === 0) throw new AppError('NOT_FOUND');
    return this.get(vendorId, articleId, language);
  }

  /** Hides the article from the catalogue (or shows it again); carts show it unavailable. */
  async setActive(
    vendorId: string,
    articleId: string,
    active: boolean,
    language: Language,
  ): Promise<VendorArticleAnswer> {
    if (!isUuid(articleId)) throw new AppError('NOT_FOUND');
    const updated = await repo.setArticleActive(this.db, vendorId, articleId, active, this.now());
    if (updated === 0) throw new AppError('NOT_FOUND');
    return this.get(vendorId, articleId, language);
  }

  /** Stores a photo (type from its bytes, at most 10 per article). */
  async addImage(
    vendorId: string,
    articleId: string,
    contentBase64: string,
  ): Promise<{ sImageId: string; sUrl: string }> {
    if (!isUuid(articleId)) throw new AppError('NOT_FOUND');
    const bytes = decodeImageUpload(contentBase64);
    const contentType = checkImage(bytes, this.maxImagePixels);
    const imageId = randomUUID();
    const storageKey = `articles/${articleId}/${imageId}.${EXTENSION_OF_IMAGE_TYPE[contentType]}`;
    let stored = false;
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!(await repo.lockVendorArticle(trx, vendorId, articleId))) {
          throw new AppError('NOT_FOUND');
        }
        const stats = await repo.imageStats(trx, articleId);
        if (stats.count >= MAX_ARTICLE_IMAGES) {
          throw new AppError('INVALID_STATE', { field: 'aImages' });
        }
        await repo.insertArticleImage(trx, {
          id: imageId,
          articleId,
          storageKey,
          contentType,
          position: stats.maxPosition + 1,
          createdAt: this.now(),
        });
        await this.storage.put(storageKey, bytes, contentType);
        stored = true;
      });
    } catch (error) {
      if (stored) await this.storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
    return { sImageId: imageId, sUrl: fileUrl(storageKey) };
  }

  async removeImage(vendorId: string, articleId: string, imageId: string): Promise<void> {
    if (!isUuid(articleId) || !isUuid(imageId)) throw new AppError('NOT_FOUND');
    const storageKey = await repo.deleteArticleImage(this.db, vendorId, articleId, imageId);
    if (!storageKey) throw new AppError('NOT_FOUND');
    await this.storage.delete(storageKey);
  }

  private async requireSubcategory(subcategoryId: string): Promise<void> {
    if (!isUuid(subcategoryId) || !(await repo.subcategoryExists(this.db, subcategoryId))) {
      throw new AppError('INVALID_INPUT', { field: 'sSubcategoryId' });
    }
  }

  private async toAnswers(
    rows: readonly ArticleRow[],
    language: Language,
  ): Promise<VendorArticleAnswer[]> {
    const images = new Map<string, Array<{ sImageId: string; sUrl: string }>>();
    for (const image of await listImagesOf(
      this.db,
      rows.map((row) => row.id),
    )) {
      const list = images.get(image.article_id) ?? [];
      list.push({ sImageId: image.id, sUrl: fileUrl(image.storage_key) });
      images.set(image.article_id, list);
    }
    const sp = language === 'sp';
    return rows.map((row) => ({
      sArticleId: row.id,
      sName: articleTextIn(language, row).name,
      sDescription: articleTextIn(language, row).description,
      sNameEn: row.name_en,
      sNameSp: row.name_sp,
      sDescriptionEn: row.description_en,
      sDescriptionSp: row.description_sp,
      sOrigin: row.origin,
      sSubcategoryId: row.subcategory_id,
      sSubcategoryName: sp ? row.subcategory_name_sp : row.subcategory_name_en,
      sCategoryId: row.category_id,
      sCategoryName: sp ? row.category_name_sp : row.category_name_en,
      dPricePerBox: moneyToNumber(row.price_per_box_cents),
      iBoxesPerPallet: row.boxes_per_pallet,
      iMinBoxes: row.min_boxes,
      iStock: row.stock_boxes,
      bActive: row.active,
      aImages: images.get(row.id) ?? [],
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }));
  }
}
