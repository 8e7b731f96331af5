import {
  convertUsdToMxn,
  moneyToDecimalString,
  moneyToNumber,
  rateToNumber,
  type Language,
} from '@app/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FinanceServices } from '../finance.js';
import { isUuid } from '../rates/rates.service.js';
import { deliveredLineTotal, feeLabel, loadTransports, palletsFor } from './order-pricing.js';
import {
  isDelivered,
  isOrderStatus,
  nextVendorStatus,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  type OrderStatus,
  type OrderTab,
  type PaymentMethod,
} from './order-statuses.js';
import * as repo from './orders.repository.js';
import type { OrderParty } from './orders.repository.js';
import type { OrderSettlementService } from './order-settlement.service.js';
import { HOUR_MS, RATE_LOCK_HOURS } from './order-records.js';
import { orderSchedule, vendorMoney } from './order-schedule.js';
import { agreedUnitPrice, pendingPriceChangeOf } from './order-price-change.service.js';
import {
  isMoneySecured,
  maskClabe,
  toSummary,
  type ApiHeldFunds,
  type ApiOrder,
  type ApiOrderLine,
  type ApiOrderSummary,
  type ApiVendorPayout,
} from './order.view.js';

export const ORDER_PAGE_MAX = 100;
const PAYOUT_LIST_MAX = 500;
const HELD_LIST_MAX = 500;

/**
 * The read model of orders: the lists by tab, one order in full (lines, fees, timeline,
 * transports, payment and money), the grower's payouts and the back office's held funds.
 * A read first finishes the party's orders whose dispute window has closed, so what it
 * shows is never behind the clock.
 */
export class OrderReadsService {
  constructor(
    private readonly db: Db,
    private readonly finance: FinanceServices,
    private readonly config: Pick<
      Config,
      | 'TRUCK_PALLETS'
      | 'DISPUTE_WINDOW_HOURS'
      | 'FREIGHT_BASE_PER_PALLET_CENTS'
      | 'FREIGHT_PER_100KM_PER_PALLET_CENTS'
    >,
    private readonly now: () => Date,
    private readonly settlement: OrderSettlementService,
  ) {}

  // -------------------------------------------------------------------------------------
  // Reads

  async list(
    party: OrderParty,
    tab: OrderTab,
    page: { page: number; limit: number },
    language: Language,
  ): Promise<{ orders: ApiOrderSummary[]; total: number; page: number; limit: number }> {
    await this.settlement.finishDue(party);
    const limit = Math.min(page.limit, ORDER_PAGE_MAX);
    const [views, total] = await Promise.all([
      repo.listOrderViews(this.db, party, tab, { offset: (page.page - 1) * limit, limit }),
      repo.countOrders(this.db, party, tab),
    ]);
    return {
      orders: views.map((view) => toSummary(view, language, party.side)),
      total,
      page: page.page,
      limit,
    };
  }

  /** One order as `shown` sees it: the party's own side unless a caller asks otherwise. */
  async get(
    party: OrderParty,
    orderId: string,
    language: Language,
    shown: OrderParty['side'] = party.side,
  ): Promise<ApiOrder> {
    await this.settlement.finishDue(party);
    if (!isUuid(orderId)) throw new AppError('NOT_FOUND', { field: 'sOrderId' });
    const view = await repo.findOrderView(this.db, party, orderId.toLowerCase());
    if (!view) throw new AppError('NOT_FOUND', { field: 'sOrderId' });
    const [lines, fees, events, rating, payout] = await Promise.all([
      repo.findLines(this.db, view.id),
      repo.findFees(this.db, view.id),
      repo.findEvents(this.db, view.id),
      repo.findRating(this.db, view.id),
      shown === 'vendor' ? repo.findVendorPayout(this.db, view.id) : undefined,
    ]);
    let forwardDate: string | null = null;
    let forward: { depositCents: bigint; date: string | null } | null = null;
    if (view.payment_method === 'FORWARD' && view.conversion_id) {
      const conversion = await this.finance.conversions.requireConversion(
        this.db,
        view.buyer_enterprise_id,
        view.conversion_id,
      );
      forwardDate = conversion.forward_date;
      forward = { depositCents: conversion.deposit_usd, date: conversion.forward_date };
    }
    const status = view.status as OrderStatus;
    const reachedAt = new Map<string, Date>();
    for (const event of events)
      if (!reachedAt.has(event.status)) reachedAt.set(event.status, event.created_at);
    const summary = toSummary(view, language, shown);
    // The grower's answer carries its own money only: never the buyer's freight, fees,
    // total or payment.
    const buyer = shown === 'buyer';
    const apiLines: ApiOrderLine[] = lines.map((line) => {
      const totalPerBox =
        line.unit_price_cents + line.logistic_cost_per_box_cents + line.in_out_per_box_cents;
      const delivered =
        line.delivered_boxes !== null && line.delivered_unit_price_cents !== null
          ? deliveredLineTotal({
              deliveredBoxes: line.delivered_boxes,
              deliveredUnitPriceCents: line.delivered_unit_price_cents,
              logisticPerBoxCents: line.logistic_cost_per_box_cents,
              inOutPerBoxCents: line.in_out_per_box_cents,
            })
          : null;
      return {
        sLineId: line.id,
        sProductId: line.article_id,
        sProductName: line.product_name,
        sName: view.vendor_name,
        dQuantity: line.quantity_boxes,
        dBoxesPerPallet: line.boxes_per_pallet,
        dPallets: palletsFor(line.quantity_boxes, line.boxes_per_pallet),
        dUnitPriceUSD: moneyToNumber(line.unit_price_cents),
        sLogisticCost: buyer ? moneyToDecimalString(line.logistic_cost_per_box_cents) : null,
        dTotalInOutPerBox: buyer ? moneyToNumber(line.in_out_per_box_cents) : null,
        sTotalPerBox: buyer ? moneyToDecimalString(totalPerBox) : null,
        sTotal: buyer ? moneyToDecimalString(totalPerBox * BigInt(line.quantity_boxes)) : null,
        dDeliveredQuantity: line.delivered_boxes,
        dDeliveredUnitPrice:
          line.delivered_unit_price_cents === null
            ? null
            : moneyToNumber(line.delivered_unit_price_cents),
        dAgreedUnitPrice: moneyToNumber(agreedUnitPrice(line)),
        dReceivedQuantity: line.received_boxes,
        dVendorDeliveredQuantity: line.vendor_delivered_boxes,
        dFinalPrice: buyer && delivered !== null ? moneyToNumber(delivered) : null,
      };
    });
    const loads = loadTransports(
      lines.map((line) => palletsFor(line.quantity_boxes, line.boxes_per_pallet)),
      this.config.TRUCK_PALLETS,
    );
    const windowEnd =
      view.delivered_at === null
        ? null
        : new Date(view.delivered_at.getTime() + this.config.DISPUTE_WINDOW_HOURS * HOUR_MS);
    const priceChange = await pendingPriceChangeOf(this.db, view);
    const now = this.now();
    const openToDispute =
      status === 'DELIVERED' && view.disputed_at === null && windowEnd !== null && now < windowEnd;
    const deliveredBoxes = lines.every((line) => line.delivered_boxes !== null)
      ? lines.reduce((sum, line) => sum + (line.delivered_boxes ?? 0), 0)
      : null;
    return {
      ...summary,
      warehouse: {
        sWarehouseId: view.warehouse_id,
        sName: view.warehouse_name,
        sAddress: view.warehouse_address,
        sCity: view.warehouse_city,
        sState: view.warehouse_state,
        sCountry: view.warehouse_country,
        sPostalCode: view.warehouse_postal_code,
        sPhone: view.warehouse_phone,
        sEmail: view.warehouse_email,
        sManager: view.warehouse_manager,
        sNotes: view.warehouse_notes,
      },
      lines: apiLines,
      fees: (buyer ? fees : []).map((fee) => ({
        sFeeId: fee.id,
        sFeeKey: fee.name,
        sFeeName: feeLabel(fee.name, language),
        dTotal: moneyToNumber(fee.total_cents),
      })),
      timeline: ORDER_STATUSES.map((step) => {
        const at = reachedAt.get(step);
        return {
          sStatus: step,
          sName: ORDER_STATUS_LABELS[language][step],
          sNameEn: ORDER_STATUS_LABELS.en[step],
          sNameSp: ORDER_STATUS_LABELS.sp[step],
          created_at: at ? at.toISOString() : null,
          bReached: at !== undefined,
          bCurrent: step === status,
        };
      }),
      transports: loads.map((load) => ({
        iNumber: load.number,
        iPallets: load.pallets,
        lines: load.lines.map((part) => ({
          sLineId: lines[part.index]!.id,
          sProductName: lines[part.index]!.product_name,
          iPallets: part.pallets,
        })),
      })),
      payment: buyer
        ? {
            sMethod: view.payment_method as PaymentMethod,
            sMethodName: PAYMENT_METHOD_LABELS[language][view.payment_method as PaymentMethod],
            sStatus: view.payment_status,
            sPaymentId: view.payment_id,
            sTransactionId: view.conversion_id,
            dAmountUsd: moneyToNumber(view.total_cents),
            dAmountMxn:
              view.rate_micro === null
                ? null
                : moneyToNumber(convertUsdToMxn(view.total_cents, view.rate_micro)),
            dExchangeRate: view.rate_micro === null ? null : rateToNumber(view.rate_micro),
            sExchangeRateReference: view.quote_id,
            rate_locked_until:
              view.payment_method === 'DEFERRED' && view.rate_locked_at !== null
                ? new Date(view.rate_locked_at.getTime() + RATE_LOCK_HOURS * HOUR_MS).toISOString()
                : null,
            dForwardDate: forwardDate,
            paid_at: view.paid_at?.toISOString() ?? null,
          }
        : null,
      iOrderedBoxes: lines.reduce((sum, line) => sum + line.quantity_boxes, 0),
      iDeliveredBoxes: deliveredBoxes,
      rating: rating
        ? {
            iStars: rating.stars,
            sComment: rating.comment,
            created_at: rating.created_at.toISOString(),
          }
        : null,
      sNextStatus: isOrderStatus(status) ? nextVendorStatus(status) : null,
      dispute_deadline: windowEnd?.toISOString() ?? null,
      bCanAccept: status === 'DELIVERED' && view.disputed_at === null && priceChange === null,
      bCanRate: isDelivered(status) && !rating,
      bCanDispute: openToDispute,
      priceChange,
      money: {
        dGoods: moneyToNumber(view.goods_cents),
        dHeld: moneyToNumber(view.held_cents),
        dRefunded: moneyToNumber(view.refunded_cents),
        dPayoutUsd: view.payout_usd_cents === null ? null : moneyToNumber(view.payout_usd_cents),
        dPayoutMxn:
          view.payout_usd_cents === null || view.rate_micro === null
            ? null
            : moneyToNumber(convertUsdToMxn(view.payout_usd_cents, view.rate_micro)),
        released_at: view.released_at?.toISOString() ?? null,
        dPayoutHeldUntil: view.payout_held_until?.toISOString() ?? null,
        bSecured: isMoneySecured(view),
      },
      schedule: orderSchedule({
        side: shown,
        method: view.payment_method,
        paid: view.payment_status === 'PAID',
        paidAt: view.paid_at,
        createdAt: view.created_at,
        totalCents: view.total_cents,
        forward,
      }),
      vendorMoney: buyer
        ? null
        : vendorMoney(
            view.goods_cents,
            view.rate_micro,
            lines.map((line) => ({
              id: line.id,
              goodsCents: agreedUnitPrice(line) * BigInt(line.quantity_boxes),
            })),
            payout
              ? {
                  amountUsdCents: payout.amount_usd,
                  amountMxnCents: payout.amount_mxn,
                  rateMicro: payout.rate_micro,
                  status: payout.status,
                  trackingKey: payout.tracking_key,
                  createdAt: payout.created_at,
                }
              : null,
          ),
    };
  }
  /** GET vendor/payouts: the grower's payouts, newest first. */
  async vendorPayouts(vendorEnterpriseId: string): Promise<{ payouts: ApiVendorPayout[] }> {
    await this.settlement.finishDue({ side: 'vendor', enterpriseId: vendorEnterpriseId });
    const rows = await repo.listVendorPayouts(this.db, vendorEnterpriseId, PAYOUT_LIST_MAX);
    return {
      payouts: rows.map((row) => ({
        sOrderId: row.order_id,
        iTrackingId: Number(row.tracking_id),
        dAmountUsd: moneyToNumber(row.amount_usd),
        dAmountMxn: moneyToNumber(row.amount_mxn),
        dExchangeRate: rateToNumber(row.rate_micro),
        sStatus: row.status as ApiVendorPayout['sStatus'],
        sTrackingKey: row.tracking_key,
        sClabeMasked: maskClabe(row.clabe),
        created_at: row.created_at.toISOString(),
      })),
    };
  }
  /** The back office's held order funds: the total and each order still holding money. */
  async heldFunds(language: Language): Promise<ApiHeldFunds> {
    const [sum, rows] = await Promise.all([
      repo.sumHeld(this.db),
      repo.listHeldOrders(this.db, HELD_LIST_MAX),
    ]);
    return {
      dTotal: moneyToNumber(sum.total),
      iOrders: sum.count,
      orders: rows.map((row) => ({
        sOrderId: row.id,
        iTrackingId: Number(row.tracking_id),
        sStatus: row.status as OrderStatus,
        sStatusName: ORDER_STATUS_LABELS[language][row.status as OrderStatus],
        sBuyerName: row.buyer_name,
        sVendorName: row.vendor_name,
        dHeld: moneyToNumber(row.held_cents),
        bDisputed: row.disputed_at !== null,
        created_at: row.created_at.toISOString(),
      })),
    };
  }
}
