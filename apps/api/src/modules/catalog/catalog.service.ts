import { moneyToNumber, type Language } from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './catalog.repository.js';
import type { ArticleFilters, ArticleSort } from './catalog.repository.js';

/** Where prices are quoted: the border cold storage after the crossing. */
export const PRICE_BASIS = 'FOB McAllen';
/** Article photos are public and never change under one key, so caches may keep them. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const LIST_CAP = 200;
/** Storefront articles shown with a vendor; the rest through the article search. */
const STOREFRONT_ARTICLES = 100;

const ARTICLE_IMAGE_KEY = /^articles\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
const CONTENT_TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The public address of a stored file (the files route serves it). */
export function fileUrl(storageKey: string): string {
  return `/api/v1/en/files/${storageKey}`;
}

function nameIn(language: Language, row: { name_en: string; name_sp: string }): string {
  return language === 'sp' ? row.name_sp : row.name_en;
}

/** An article's text in the reader's language, else in the other one, else the fallback. */
export function articleTextIn(
  language: Language,
  row: {
    name: string;
    description: string;
    name_en: string | null;
    name_sp: string | null;
    description_en: string | null;
    description_sp: string | null;
  },
): { name: string; description: string } {
  const [name, otherName, description, otherDescription] =
    language === 'sp'
      ? [row.name_sp, row.name_en, row.description_sp, row.description_en]
      : [row.name_en, row.name_sp, row.description_en, row.description_sp];
  return {
    name: name || otherName || row.name,
    description: description || otherDescription || row.description,
  };
}

function ratingOf(row: { rating_avg: string | null; rating_count: string | number | null }) {
  const count = Number(row.rating_count ?? 0);
  return { dRating: count > 0 && row.rating_avg !== null ? Number(row.rating_avg) : null, count };
}

export interface CatalogArticle {
  sArticleId: string;
  sName: string;
  sDescription: string;
  sOrigin: string | null;
  sVendorId: string;
  sVendorName: string;
  bVendorVerified: boolean;
  dPricePerBox: number;
  sPriceBasis: string;
  iBoxesPerPallet: number;
  iMinBoxes: number;
  iStock: number;
  sSubcategoryId: string;
  sCategoryId: string;
  aImages: string[];
  dVendorRating: number | null;
  iVendorRatings: number;
  created_at: string;
}

/** The public catalogue (no session): categories, articles, vendors' storefronts, photos. */
export class CatalogService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  async categories(language: Language) {
    const rows = await repo.listCategories(this.db, LIST_CAP);
    return {
      categories: rows.map((row) => ({
        sCategoryId: row.id,
        sName: nameIn(language, row),
        sImageUrl: row.image_path,
        iSubcategories: Number(row.subcategories ?? 0),
      })),
    };
  }

  async subcategories(categoryId: string, language: Language) {
    const category = isUuid(categoryId) ? await repo.findCategory(this.db, categoryId) : undefined;
    if (!category) throw new AppError('NOT_FOUND');
    const rows = await repo.listSubcategories(this.db, categoryId, LIST_CAP);
    return {
      category: { sCategoryId: category.id, sName: nameIn(language, category) },
      subcategories: rows.map((row) => ({
        sSubcategoryId: row.id,
        sCategoryId: row.category_id,
        sName: nameIn(language, row),
        sImageUrl: row.image_path,
        iArticles: Number(row.articles ?? 0),
      })),
    };
  }

  async searchArticles(
    filters: ArticleFilters,
    sort: ArticleSort,
    page: number,
    limit: number,
    language: Language = 'en',
  ): Promise<{ articles: CatalogArticle[]; total: number; page: number; limit: number }> {
    // A malformed id matches nothing; it never reaches the database.
    for (const id of [filters.subcategoryId, filters.categoryId, filters.vendorId]) {
      if (id !== undefined && !isUuid(id)) return { articles: [], total: 0, page, limit };
    }
    const [rows, total] = await Promise.all([
      repo.searchArticles(this.db, filters, sort, { offset: (page - 1) * limit, limit }),
      repo.countArticles(this.db, filters),
    ]);
    const images = await this.imageUrlsOf(rows.map((row) => row.id));
    return {
      articles: rows.map((row) => {
        const rating = ratingOf(row);
        const text = articleTextIn(language, row);
        return {
          sArticleId: row.id,
          sName: text.name,
          sDescription: text.description,
          sOrigin: row.origin,
          sVendorId: row.vendor_id,
          sVendorName: row.vendor_name,
          bVendorVerified: row.vendor_verified,
          dPricePerBox: moneyToNumber(row.price_per_box_cents),
          sPriceBasis: PRICE_BASIS,
          iBoxesPerPallet: row.boxes_per_pallet,
          iMinBoxes: row.min_boxes,
          iStock: row.stock_boxes,
          sSubcategoryId: row.subcategory_id,
          sCategoryId: row.category_id,
          aImages: images.get(row.id) ?? [],
          dVendorRating: rating.dRating,
          iVendorRatings: rating.count,
          created_at: row.created_at.toISOString(),
        };
      }),
      total,
      page,
      limit,
    };
  }

  async article(articleId: string, language: Language) {
    const row = isUuid(articleId) ? await repo.findPublicArticle(this.db, articleId) : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    const images = await this.imageUrlsOf([row.id]);
    const rating = ratingOf(row);
    const text = articleTextIn(language, row);
    return {
      article: {
        sArticleId: row.id,
        sName: text.name,
        sDescription: text.description,
        sOrigin: row.origin,
        dPricePerBox: moneyToNumber(row.price_per_box_cents),
        sPriceBasis: PRICE_BASIS,
        iBoxesPerPallet: row.boxes_per_pallet,
        iMinBoxes: row.min_boxes,
        iStock: row.stock_boxes,
        aImages: images.get(row.id) ?? [],
        category: { sCategoryId: row.category_id, sName: nameIn(language, categoryNames(row)) },
        subcategory: {
          sSubcategoryId: row.subcategory_id,
          sName: nameIn(language, subcategoryNames(row)),
        },
        vendor: {
          sVendorId: row.vendor_id,
          sName: row.vendor_name,
          sDescription: row.vendor_description,
          bVerified: row.vendor_verified,
          dRating: rating.dRating,
          iRatings: rating.count,
        },
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      },
    };
  }

  async vendors(page: number, limit: number) {
    const [rows, total] = await Promise.all([
      repo.listVendors(this.db, { offset: (page - 1) * limit, limit }),
      repo.countVendors(this.db),
    ]);
    return {
      vendors: rows.map((row) => {
        const rating = ratingOf(row);
        return {
          sVendorId: row.id,
          sName: row.name,
          sDescription: row.description,
          bVerified: row.verified,
          dRating: rating.dRating,
          iRatings: rating.count,
          iArticles: Number(row.article_count ?? 0),
        };
      }),
      total,
      page,
      limit,
    };
  }

  /**
   * A vendor's storefront: the company and its newest active articles. The grower itself
   * (`asOwner`) also sees the articles buyers do not see, because the back office has not
   * verified it (or withdrew its verification): the preview of what buyers will see once it
   * is listed (`bListed`).
   */
  async vendor(vendorId: string, language: Language = 'en', asOwner = false) {
    const row = isUuid(vendorId) ? await repo.findVendor(this.db, vendorId) : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    const rating = ratingOf(row);
    const { articles, total } = await this.searchArticles(
      { vendorId, includeUnlisted: asOwner },
      'newest',
      1,
      STOREFRONT_ARTICLES,
      language,
    );
    return {
      vendor: {
        sVendorId: row.id,
        sName: row.name,
        sDescription: row.description,
        bVerified: row.verified,
        sPacaLicense: row.paca_license,
        sBlueBookNumber: row.blue_book_number,
        dRating: rating.dRating,
        iRatings: rating.count,
        iArticles: total,
        created_at: row.created_at.toISOString(),
        bListed: row.listed === true,
      },
      articles,
    };
  }

  /** A stored article photo, or undefined when the key is not one or there is no file. */
  async articleImage(
    key: string,
  ): Promise<{ bytes: Buffer; contentType: string; cacheControl: string } | undefined> {
    const match = ARTICLE_IMAGE_KEY.exec(key);
    const contentType = match?.[1] ? CONTENT_TYPE_OF_EXTENSION[match[1]] : undefined;
    if (!contentType) return undefined;
    const bytes = await this.storage.get(key);
    if (!bytes) return undefined;
    return { bytes, contentType, cacheControl: IMAGE_CACHE_CONTROL };
  }

  private async imageUrlsOf(articleIds: readonly string[]): Promise<Map<string, string[]>> {
    const urls = new Map<string, string[]>();
    for (const image of await repo.listImagesOf(this.db, articleIds)) {
      const list = urls.get(image.article_id) ?? [];
      list.push(fileUrl(image.storage_key));
      urls.set(image.article_id, list);
    }
    return urls;
  }
}

function categoryNames(row: { category_name_en: string; category_name_sp: string }) {
  return { name_en: row.category_name_en, name_sp: row.category_name_sp };
}

function subcategoryNames(row: { subcategory_name_en: string; subcategory_name_sp: string }) {
  return { name_en: row.subcategory_name_en, name_sp: row.subcategory_name_sp };
}
