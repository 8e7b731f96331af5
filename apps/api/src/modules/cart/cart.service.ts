import { moneyToNumber, type Language } from '@app/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './cart.repository.js';

/** One line of a buyer's cart with the article's current data (for checkout too). */
export interface CartLine {
  articleId: string;
  vendorEnterpriseId: string;
  vendorName: string;
  name: string;
  quantityBoxes: number;
  boxesPerPallet: number;
  /** The article's current price per box, cents (FOB McAllen). */
  pricePerBoxCents: bigint;
  stockBoxes: number;
  minBoxes: number;
  active: boolean;
  /** Whether the back office has verified the grower: only then can the line be bought. */
  vendorVerified: boolean;
  /** What the buyer last saw (when added or last updated). */
  pricePerBoxCentsSeen: bigint;
  stockBoxesSeen: number;
}

export type CartChange = 'PRICE' | 'STOCK' | 'UNAVAILABLE' | 'NOT_VERIFIED';

export const CART_CHANGED_MESSAGE: Record<Language, string> = {
  en: 'An item in your cart changed; please review your cart',
  sp: 'Un artículo de tu carrito cambió; por favor revisa tu carrito',
};

export interface CartProductAnswer {
  sProductId: string;
  sName: string;
  dQuantity: number;
  dPallets: number;
  dBoxesPerPallet: number;
  dPricePerBox: number;
  dTotal: number;
  iStock: number;
  iMinBoxes: number;
  bChanged: boolean;
  sChange: CartChange | null;
}

export interface ProviderCartAnswer {
  sProviderId: string;
  sProviderName: string;
  aProducts: CartProductAnswer[];
  dTotal: number;
  dPallets: number;
  bChanged: boolean;
}

export interface CartAnswer {
  results: ProviderCartAnswer[];
  bChanged: boolean;
  sMessage: string | null;
}

/**
 * What changed since the buyer last saw the line: a grower no longer verified first (the
 * line cannot be bought at all), then unavailable, then price, then stock.
 */
export function changeOf(line: CartLine): CartChange | null {
  if (!line.vendorVerified) return 'NOT_VERIFIED';
  if (!line.active || line.stockBoxes < line.minBoxes) return 'UNAVAILABLE';
  if (line.pricePerBoxCents !== line.pricePerBoxCentsSeen) return 'PRICE';
  if (line.stockBoxes !== line.stockBoxesSeen) return 'STOCK';
  return null;
}

/** Pallets, 2 decimals, from boxes (no floats on money; this is a count). */
export function palletsOf(boxes: number, boxesPerPallet: number): number {
  return Math.round((boxes * 100) / boxesPerPallet) / 100;
}

function toLine(row: Awaited<ReturnType<typeof repo.listCartLines>>[number]): CartLine {
  return {
    articleId: row.article_id,
    vendorEnterpriseId: row.vendor_enterprise_id,
    vendorName: row.vendor_name,
    name: row.name,
    quantityBoxes: row.quantity_boxes,
    boxesPerPallet: row.boxes_per_pallet,
    pricePerBoxCents: row.price_per_box_cents,
    stockBoxes: row.stock_boxes,
    minBoxes: row.min_boxes,
    active: row.active,
    vendorVerified: row.vendor_verified,
    pricePerBoxCentsSeen: row.price_per_box_cents_seen,
    stockBoxesSeen: row.stock_boxes_seen,
  };
}

/**
 * The buyer's carts, one per vendor, kept on the server. Quantities are boxes; the
 * minimum purchase and the stock are enforced on every write.
 */
export class CartService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /**
   * The cart lines of one vendor with the articles' current data. Pass `forUpdate` inside
   * a transaction to lock the cart and article rows (checkout).
   */
  async vendorCart(
    trx: Executor,
    buyerEnterpriseId: string,
    vendorEnterpriseId: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<CartLine[]> {
    if (!isUuid(vendorEnterpriseId)) return [];
    const rows = await repo.listCartLines(trx, buyerEnterpriseId, {
      vendorEnterpriseId,
      forUpdate: options.forUpdate ?? false,
    });
    return rows.map(toLine);
  }

  /** Empties the buyer's cart of one vendor (after checkout, or on request). */
  async clearVendorCart(
    trx: Executor,
    buyerEnterpriseId: string,
    vendorEnterpriseId: string,
  ): Promise<number> {
    if (!isUuid(vendorEnterpriseId)) return 0;
    return repo.deleteVendorCart(trx, buyerEnterpriseId, vendorEnterpriseId);
  }

  async allLines(buyerEnterpriseId: string): Promise<CartLine[]> {
    return (await repo.listCartLines(this.db, buyerEnterpriseId)).map(toLine);
  }

  /** The carts grouped by vendor, with the "changed" flags and message. */
  async carts(buyerEnterpriseId: string, language: Language): Promise<CartAnswer> {
    const lines = await this.allLines(buyerEnterpriseId);
    const byVendor = new Map<
      string,
      ProviderCartAnswer & { totalCents: bigint; pallets: number }
    >();
    for (const line of lines) {
      let cart = byVendor.get(line.vendorEnterpriseId);
      if (!cart) {
        cart = {
          sProviderId: line.vendorEnterpriseId,
          sProviderName: line.vendorName,
          aProducts: [],
          dTotal: 0,
          dPallets: 0,
          bChanged: false,
          totalCents: 0n,
          pallets: 0,
        };
        byVendor.set(line.vendorEnterpriseId, cart);
      }
      const change = changeOf(line);
      const totalCents = line.pricePerBoxCents * BigInt(line.quantityBoxes);
      const pallets = palletsOf(line.quantityBoxes, line.boxesPerPallet);
      cart.aProducts.push({
        sProductId: line.articleId,
        sName: line.name,
        dQuantity: line.quantityBoxes,
        dPallets: pallets,
        dBoxesPerPallet: line.boxesPerPallet,
        dPricePerBox: moneyToNumber(line.pricePerBoxCents),
        dTotal: moneyToNumber(totalCents),
        iStock: line.stockBoxes,
        iMinBoxes: line.minBoxes,
        bChanged: change !== null,
        sChange: change,
      });
      cart.totalCents += totalCents;
      cart.pallets += line.quantityBoxes / line.boxesPerPallet;
      if (change !== null) cart.bChanged = true;
    }
    const results = [...byVendor.values()].map(({ totalCents, pallets, ...cart }) => ({
      ...cart,
      dTotal: moneyToNumber(totalCents),
      dPallets: Math.round(pallets * 100) / 100,
    }));
    const changed = results.some((cart) => cart.bChanged);
    return {
      results,
      bChanged: changed,
      sMessage: changed ? CART_CHANGED_MESSAGE[language] : null,
    };
  }

  /** Adds boxes of an article (to an existing line too). */
  async addItem(buyerEnterpriseId: string, articleId: string, boxes: number): Promise<void> {
    if (!isUuid(articleId)) throw new AppError('NOT_FOUND', { field: 'sProductId' });
    await this.db.transaction().execute(async (trx) => {
      await repo.lockBuyerCart(trx, buyerEnterpriseId);
      const article = await repo.findArticleForCart(trx, articleId);
      if (!article || !article.active) throw new AppError('NOT_FOUND', { field: 'sProductId' });
      if (article.vendor_verified !== true) {
        throw new AppError('GROWER_NOT_VERIFIED', { field: 'sProductId' });
      }
      if (article.vendor_enterprise_id === buyerEnterpriseId) {
        throw new AppError('INVALID_STATE', { field: 'sProductId' });
      }
      const existing = await repo.findCartItem(trx, buyerEnterpriseId, articleId, {
        forUpdate: true,
      });
      const inCart = existing?.quantity_boxes ?? 0;
      checkQuantity(inCart + boxes, article.min_boxes, article.stock_boxes, inCart);
      const quantity = inCart + boxes;
      await repo.upsertCartItem(trx, {
        buyerEnterpriseId,
        vendorEnterpriseId: article.vendor_enterprise_id,
        articleId,
        quantityBoxes: quantity,
        priceSeen: article.price_per_box_cents,
        stockSeen: article.stock_boxes,
        addedAt: this.now(),
      });
    });
  }

  /** Sets a line's boxes; also acknowledges changes (the seen price and stock are updated). */
  async setQuantity(buyerEnterpriseId: string, articleId: string, boxes: number): Promise<void> {
    if (!isUuid(articleId)) throw new AppError('NOT_FOUND');
    await this.db.transaction().execute(async (trx) => {
      await repo.lockBuyerCart(trx, buyerEnterpriseId);
      const existing = await repo.findCartItem(trx, buyerEnterpriseId, articleId, {
        forUpdate: true,
      });
      if (!existing) throw new AppError('NOT_FOUND');
      const article = await repo.findArticleForCart(trx, articleId);
      if (!article || !article.active) throw new AppError('INVALID_STATE', { field: 'sProductId' });
      if (article.vendor_verified !== true) {
        throw new AppError('GROWER_NOT_VERIFIED', { field: 'sProductId' });
      }
      checkQuantity(boxes, article.min_boxes, article.stock_boxes);
      await repo.upsertCartItem(trx, {
        buyerEnterpriseId,
        vendorEnterpriseId: article.vendor_enterprise_id,
        articleId,
        quantityBoxes: boxes,
        priceSeen: article.price_per_box_cents,
        stockSeen: article.stock_boxes,
        addedAt: existing.added_at,
      });
    });
  }

  async removeItem(buyerEnterpriseId: string, articleId: string): Promise<void> {
    if (!isUuid(articleId)) throw new AppError('NOT_FOUND');
    const removed = await repo.deleteCartItem(this.db, buyerEnterpriseId, articleId);
    if (removed === 0) throw new AppError('NOT_FOUND');
  }

  /** Removes the cart of one vendor; removing an empty cart again is not an error. */
  async removeVendorCart(buyerEnterpriseId: string, vendorEnterpriseId: string): Promise<void> {
    if (!isUuid(vendorEnterpriseId)) throw new AppError('INVALID_INPUT', { field: 'sVendorId' });
    await repo.deleteVendorCart(this.db, buyerEnterpriseId, vendorEnterpriseId);
  }
}

/**
 * The line's boxes must reach the article's minimum and stay within its stock; each
 * refusal says the numbers (inCart: boxes already in the cart when adding, else 0).
 */
function checkQuantity(quantity: number, minBoxes: number, stockBoxes: number, inCart = 0): void {
  if (quantity > stockBoxes) {
    throw new AppError('OVER_STOCK', {
      field: 'dQuantity',
      params: { inCart, available: Math.max(0, stockBoxes - inCart) },
    });
  }
  if (quantity < minBoxes) {
    throw new AppError('UNDER_MINIMUM', {
      field: 'dQuantity',
      params: { minimum: minBoxes, inCart },
    });
  }
}
