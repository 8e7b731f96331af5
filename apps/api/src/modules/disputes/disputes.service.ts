import { randomUUID } from 'node:crypto';
import { moneyToNumber, type Language } from '@app/domain';
import type { Db, Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import {
  checkImage,
  decodeImageUpload,
  DEFAULT_MAX_IMAGE_PIXELS,
  EXTENSION_OF_IMAGE_TYPE,
} from '../../storage/image-check.js';
import type { OrdersService } from '../orders/orders.service.js';
import { isUuid } from '../rates/rates.service.js';
import {
  categoryLabel,
  DISPUTE_CATEGORIES,
  DISPUTE_CATEGORY_KEYS,
  DISPUTE_STATUS_LABELS,
  isSubcategoryOf,
  MAX_DISPUTE_IMAGES,
  subcategoryLabel,
  type DisputeCategory,
  type DisputeTab,
} from './dispute-categories.js';
import * as repo from './disputes.repository.js';
import type { DisputeView, DisputeViewer } from './disputes.repository.js';
import { publishDisputeEvent } from '../events/event-sources.js';

export type { DisputeViewer } from './disputes.repository.js';

/** An order as the orders module hands it over, locked in the caller's transaction. */
type OrderRow = Awaited<ReturnType<OrdersService['lockOrder']>>;

export const DISPUTE_PAGE_MAX = 100;

export interface ApiDisputeImage {
  sImageId: string;
  sFileName: string | null;
  sContentType: string;
  iSize: number;
  /** Served only to the dispute's parties (and the back office), with the session token. */
  sUrl: string;
  created_at: string;
  /** Who added it: the buyer (evidence) or the grower (with its answer). */
  sUploadedBy: 'buyer' | 'vendor';
}

export interface ApiDisputeSummary {
  sDisputeId: string;
  iTrackingId: number;
  sOrderId: string;
  iOrderTrackingId: number;
  sStatus: 'IN_PROCESS' | 'FINALIZED';
  sStatusName: string;
  sCategory: string;
  sCategoryName: string;
  sSubcategory: string;
  sSubcategoryName: string;
  sBuyerName: string;
  sVendorName: string;
  iImages: number;
  created_at: string;
  /** When the dispute was resolved; null while in process. */
  dFinalDate: string | null;
}

export interface ApiDispute extends ApiDisputeSummary {
  sDescription: string;
  images: ApiDisputeImage[];
  sInCharge: string | null;
  sResolution: string | null;
  sVendorAnswer: string | null;
  vendor_answered_at: string | null;
  /** The order's goods money still held (what a resolution splits). */
  dHeld: number;
  /** After a resolution: what went back to the buyer and what was paid to the grower. */
  dRefunded: number | null;
  dReleased: number | null;
}

export interface ApiDisputeCategory {
  sKey: DisputeCategory;
  sName: string;
  subcategories: Array<{ sKey: string; sName: string }>;
}

/**
 * Disputes a buyer opens on a delivered order within the PACA rejection window, with
 * photos, the vendor's answer and the back office's resolution.
 */
export class DisputesService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly storage: FileStorage,
    private readonly now: () => Date,
    private readonly maxImagePixels: number = DEFAULT_MAX_IMAGE_PIXELS,
  ) {}

  categories(language: Language): ApiDisputeCategory[] {
    return DISPUTE_CATEGORY_KEYS.map((key) => ({
      sKey: key,
      sName: DISPUTE_CATEGORIES[key].labels[language],
      subcategories: Object.entries(DISPUTE_CATEGORIES[key].subcategories).map(([sub, labels]) => ({
        sKey: sub,
        sName: labels[language],
      })),
    }));
  }

  /** POST disputes: one open dispute per delivered order, within the dispute window. */
  async open(
    buyerEnterpriseId: string,
    input: { orderId: string; category: DisputeCategory; subcategory: string; description: string },
    language: Language,
  ): Promise<ApiDispute> {
    if (!isSubcategoryOf(input.category, input.subcategory)) {
      throw new AppError('INVALID_INPUT', { field: 'sSubcategory' });
    }
    const disputeId = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      const now = this.now();
      const order = await this.orders.lockOrderToDispute(trx, buyerEnterpriseId, input.orderId);
      await this.insertOpened(trx, order, disputeId, input, now);
    });
    return this.get({ side: 'buyer', enterpriseId: buyerEnterpriseId }, disputeId, language);
  }

  /**
   * Opens a dispute on a delivered order the caller has locked in its transaction: the
   * orders module's acceptance, when the buyer's count differs from the grower's.
   */
  async openOnLockedOrder(
    trx: Trx,
    order: OrderRow,
    input: { category: DisputeCategory; subcategory: string; description: string },
    at: Date,
  ): Promise<string> {
    const disputeId = randomUUID();
    await this.insertOpened(trx, order, disputeId, input, at);
    return disputeId;
  }

  private async insertOpened(
    trx: Trx,
    order: OrderRow,
    disputeId: string,
    input: { category: DisputeCategory; subcategory: string; description: string },
    now: Date,
  ): Promise<void> {
    if (await repo.findOpenDispute(trx, order.id)) {
      throw new AppError('DISPUTE_ALREADY_OPENED', { field: 'sOrderId' });
    }
    await repo.insertDispute(trx, {
      id: disputeId,
      order_id: order.id,
      buyer_enterprise_id: order.buyer_enterprise_id,
      vendor_enterprise_id: order.vendor_enterprise_id,
      category: input.category,
      subcategory: input.subcategory,
      description: input.description,
      status: 'IN_PROCESS',
      created_at: now,
    });
    await this.orders.markDisputed(trx, order.id, now);
    await publishDisputeEvent(trx, disputeId, 'dispute.opened', now);
  }

  async list(
    viewer: DisputeViewer,
    tab: DisputeTab,
    page: { page: number; limit: number },
    language: Language,
  ): Promise<{ disputes: ApiDisputeSummary[]; total: number; page: number; limit: number }> {
    const limit = Math.min(page.limit, DISPUTE_PAGE_MAX);
    const [views, total] = await Promise.all([
      repo.listDisputeViews(this.db, viewer, tab, { offset: (page.page - 1) * limit, limit }),
      repo.countDisputes(this.db, viewer, tab),
    ]);
    return {
      disputes: views.map((view) => toSummary(view, language)),
      total,
      page: page.page,
      limit,
    };
  }

  async get(viewer: DisputeViewer, disputeId: string, language: Language): Promise<ApiDispute> {
    const view = isUuid(disputeId)
      ? await repo.findDisputeView(this.db, viewer, disputeId.toLowerCase())
      : undefined;
    if (!view) throw new AppError('NOT_FOUND', { field: 'sDisputeId' });
    const images = await repo.findImages(this.db, view.id);
    return {
      ...toSummary(view, language),
      sDescription: view.description,
      images: images.map((image) => ({
        sImageId: image.id,
        sFileName: image.file_name,
        sContentType: image.content_type,
        iSize: image.size_bytes,
        sUrl: `/api/v1/${language}/disputes/${view.id}/images/${image.id}`,
        created_at: image.created_at.toISOString(),
        sUploadedBy: image.uploaded_by,
      })),
      sInCharge: view.in_charge,
      sResolution: view.resolution,
      sVendorAnswer: view.vendor_answer,
      vendor_answered_at: view.vendor_answered_at?.toISOString() ?? null,
      dHeld: moneyToNumber(view.order_held_cents),
      dRefunded:
        view.order_payout_usd_cents === null ? null : moneyToNumber(view.order_refunded_cents),
      dReleased:
        view.order_payout_usd_cents === null ? null : moneyToNumber(view.order_payout_usd_cents),
    };
  }

  /**
   * POST disputes/:id/images: a JPEG, PNG or WebP photo (the type read from its bytes) of
   * at most 5 MB, at most 15 per side of the dispute, while the dispute is in process.
   */
  async addImage(
    party: { side: 'buyer' | 'vendor'; enterpriseId: string },
    disputeId: string,
    input: { fileName: string; contentBase64: string },
    language: Language,
  ): Promise<ApiDisputeImage> {
    if (!isUuid(disputeId)) throw new AppError('NOT_FOUND', { field: 'sDisputeId' });
    const id = disputeId.toLowerCase();
    const bytes = decodeImageUpload(input.contentBase64);
    const contentType = checkImage(bytes, this.maxImagePixels);
    const imageId = randomUUID();
    const storageKey = `disputes/${id}/${imageId}.${EXTENSION_OF_IMAGE_TYPE[contentType]}`;
    const now = this.now();
    let stored = false;
    try {
      await this.db.transaction().execute(async (trx) => {
        const dispute = await repo.findDispute(trx, party, id, { forUpdate: true });
        if (!dispute) throw new AppError('NOT_FOUND', { field: 'sDisputeId' });
        if (dispute.status !== 'IN_PROCESS') {
          throw new AppError('DISPUTE_NOT_OPEN', { field: 'sDisputeId' });
        }
        // Each side has its own allowance, so the buyer's photos never crowd out the grower's.
        if ((await repo.countImages(trx, id, party.side)) >= MAX_DISPUTE_IMAGES) {
          throw new AppError('TOO_MANY_IMAGES', { field: 'images' });
        }
        await repo.insertImage(trx, {
          id: imageId,
          dispute_id: id,
          storage_key: storageKey,
          content_type: contentType,
          size_bytes: bytes.length,
          file_name: input.fileName,
          created_at: now,
          uploaded_by: party.side,
        });
        await this.storage.put(storageKey, bytes, contentType);
        stored = true;
      });
    } catch (error) {
      if (stored) await this.storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
    return {
      sImageId: imageId,
      sFileName: input.fileName,
      sContentType: contentType,
      iSize: bytes.length,
      sUrl: `/api/v1/${language}/disputes/${id}/images/${imageId}`,
      created_at: now.toISOString(),
      sUploadedBy: party.side,
    };
  }

  /** GET disputes/:id/images/:imageId: the photo's bytes, for the parties only. */
  async image(
    viewer: DisputeViewer,
    disputeId: string,
    imageId: string,
  ): Promise<{ bytes: Buffer; contentType: string }> {
    if (!isUuid(disputeId) || !isUuid(imageId)) throw new AppError('NOT_FOUND');
    const dispute = await repo.findDispute(this.db, viewer, disputeId.toLowerCase());
    const image = dispute
      ? await repo.findImage(this.db, dispute.id, imageId.toLowerCase())
      : undefined;
    const bytes = image ? await this.storage.get(image.storage_key) : undefined;
    if (!image || !bytes) throw new AppError('NOT_FOUND');
    return { bytes, contentType: image.content_type };
  }

  /** POST vendor/disputes/:id/answer: the vendor's side, while the dispute is in process. */
  async answer(
    vendorEnterpriseId: string,
    disputeId: string,
    answer: string,
    language: Language,
  ): Promise<ApiDispute> {
    const viewer: DisputeViewer = { side: 'vendor', enterpriseId: vendorEnterpriseId };
    if (!isUuid(disputeId)) throw new AppError('NOT_FOUND', { field: 'sDisputeId' });
    await this.db.transaction().execute(async (trx) => {
      const dispute = await repo.findDispute(trx, viewer, disputeId.toLowerCase(), {
        forUpdate: true,
      });
      if (!dispute) throw new AppError('NOT_FOUND', { field: 'sDisputeId' });
      if (dispute.status !== 'IN_PROCESS')
        throw new AppError('INVALID_STATE', { field: 'sDisputeId' });
      await repo.updateDispute(trx, dispute.id, {
        vendor_answer: answer,
        vendor_answered_at: this.now(),
      });
    });
    return this.get(viewer, disputeId, language);
  }

  /**
   * POST ops/disputes/:id/resolve: the back office records the resolution and who was in
   * charge; the dispute is finalized and its delivered order finished.
   */
  async resolve(
    disputeId: string,
    input: {
      resolution: string;
      inCharge: string;
      /** The split of the held goods money; without it, released as an acceptance. */
      split?: { refundCents: bigint; releaseCents: bigint } | undefined;
    },
    language: Language,
  ): Promise<ApiDispute> {
    const viewer: DisputeViewer = { side: 'operator' };
    if (!isUuid(disputeId)) throw new AppError('NOT_FOUND', { field: 'sDisputeId' });
    const id = disputeId.toLowerCase();
    const payout = await this.db.transaction().execute(async (trx) => {
      const now = this.now();
      const found = await repo.findDispute(trx, viewer, id);
      if (!found) throw new AppError('NOT_FOUND', { field: 'sDisputeId' });
      // Order first, then the dispute: the order a dispute is opened on is locked first too.
      await this.orders.lockOrder(
        trx,
        { side: 'buyer', enterpriseId: found.buyer_enterprise_id },
        found.order_id,
      );
      const dispute = await repo.findDispute(trx, viewer, id, { forUpdate: true });
      if (!dispute || dispute.status !== 'IN_PROCESS') {
        throw new AppError('INVALID_STATE', { field: 'sDisputeId' });
      }
      await repo.updateDispute(trx, dispute.id, {
        status: 'FINALIZED',
        resolution: input.resolution,
        in_charge: input.inCharge,
        final_date: now,
      });
      await publishDisputeEvent(trx, dispute.id, 'dispute.resolved', now);
      return this.orders.finishAfterDispute(
        trx,
        { side: 'buyer', enterpriseId: dispute.buyer_enterprise_id },
        dispute.order_id,
        now,
        input.split,
      );
    });
    await this.orders.submitPayout(payout);
    return this.get(viewer, id, language);
  }
}

function toSummary(view: DisputeView, language: Language): ApiDisputeSummary {
  return {
    sDisputeId: view.id,
    iTrackingId: Number(view.tracking_id),
    sOrderId: view.order_id,
    iOrderTrackingId: Number(view.order_tracking_id),
    sStatus: view.status,
    sStatusName: DISPUTE_STATUS_LABELS[language][view.status],
    sCategory: view.category,
    sCategoryName: categoryLabel(view.category, language),
    sSubcategory: view.subcategory,
    sSubcategoryName: subcategoryLabel(view.category, view.subcategory, language),
    sBuyerName: view.buyer_name,
    sVendorName: view.vendor_name,
    iImages: Number(view.image_count ?? 0),
    created_at: view.created_at.toISOString(),
    dFinalDate: view.final_date?.toISOString() ?? null,
  };
}
