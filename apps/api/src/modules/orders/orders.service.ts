import type { Language } from '@app/domain';
import type { Config } from '../../config.js';
import type { Db, Trx } from '../../db/database.js';
import type { CartService } from '../cart/cart.service.js';
import type { FinanceServices } from '../finance.js';
import type { PayoutOrder } from '../payments/payout-rail.js';
import type { WarehousesService } from '../warehouses/warehouses.service.js';
import type { DisputeSplit } from './order-money.js';
import { OrderCheckoutService } from './order-checkout.service.js';
import { OrderFulfilmentService } from './order-fulfilment.service.js';
import { OrderReadsService } from './order-reads.service.js';
import { OrderPriceChangeService } from './order-price-change.service.js';
import type { ReceivedLineInput } from './order-receiving.js';
import type { Caller, CheckoutInput, DeliveredLineInput } from './order-records.js';
import { OrderSettlementService } from './order-settlement.service.js';
import type { OrderTab } from './order-statuses.js';
import type { OrderParty, OrderRow } from './orders.repository.js';
import type {
  ApiHeldFunds,
  ApiOrder,
  ApiOrderSummary,
  ApiPreview,
  ApiVendorPayout,
} from './order.view.js';

/**
 * Marketplace orders, one service per operation: checkout (and the later payment of a
 * deferred or forward order), fulfilment (the trip, delivery, acceptance, rating),
 * settlement (hold, release, payouts, the disputes module's hooks) and the read model.
 * This class builds them over one set of dependencies and is what routes and other
 * modules hold, so each of them names the operation it calls, not the file it lives in.
 */
export class OrdersService {
  readonly settlement: OrderSettlementService;
  readonly reads: OrderReadsService;
  readonly checkoutService: OrderCheckoutService;
  readonly fulfilment: OrderFulfilmentService;
  readonly priceChanges: OrderPriceChangeService;

  constructor(
    private readonly db: Db,
    finance: FinanceServices,
    cart: CartService,
    warehouses: WarehousesService,
    config: Pick<
      Config,
      | 'TRUCK_PALLETS'
      | 'DISPUTE_WINDOW_HOURS'
      | 'FREIGHT_BASE_PER_PALLET_CENTS'
      | 'FREIGHT_PER_100KM_PER_PALLET_CENTS'
    >,
    now: () => Date,
  ) {
    this.settlement = new OrderSettlementService(db, finance, config, now);
    this.reads = new OrderReadsService(db, finance, config, now, this.settlement);
    this.checkoutService = new OrderCheckoutService(
      db,
      finance,
      cart,
      warehouses,
      config,
      now,
      this.settlement,
      this.reads,
    );
    this.fulfilment = new OrderFulfilmentService(db, finance, now, this.settlement, this.reads);
    this.priceChanges = new OrderPriceChangeService(db, finance, now, this.reads);
  }

  // Checkout
  checkout(
    caller: Caller,
    input: CheckoutInput,
    idempotencyKey: string | undefined,
    language: Language,
  ): Promise<ApiOrder> {
    return this.checkoutService.checkout(caller, input, idempotencyKey, language);
  }

  checkInTransaction(trx: Trx, caller: Caller, input: CheckoutInput, now: Date): Promise<void> {
    return this.checkoutService.checkInTransaction(trx, caller, input, now);
  }

  pay(
    caller: Caller,
    orderId: string,
    input: { quoteId?: string | undefined },
    idempotencyKey: string | undefined,
    language: Language,
  ): Promise<ApiOrder> {
    return this.checkoutService.pay(caller, orderId, input, idempotencyKey, language);
  }

  preview(caller: Caller, input: CheckoutInput, language: Language): Promise<ApiPreview> {
    return this.checkoutService.preview(caller, input, language);
  }

  // Reads
  list(
    party: OrderParty,
    tab: OrderTab,
    page: { page: number; limit: number },
    language: Language,
  ): Promise<{ orders: ApiOrderSummary[]; total: number; page: number; limit: number }> {
    return this.reads.list(party, tab, page, language);
  }

  get(party: OrderParty, orderId: string, language: Language): Promise<ApiOrder> {
    return this.reads.get(party, orderId, language);
  }

  /**
   * The order as its trade documents print it (the purchase order is one paper for both
   * parties), read only by a party the order belongs to.
   */
  getForDocuments(party: OrderParty, orderId: string, language: Language): Promise<ApiOrder> {
    return this.reads.get(party, orderId, language, 'buyer');
  }

  vendorPayouts(vendorEnterpriseId: string): Promise<{ payouts: ApiVendorPayout[] }> {
    return this.reads.vendorPayouts(vendorEnterpriseId);
  }

  heldFunds(language: Language): Promise<ApiHeldFunds> {
    return this.reads.heldFunds(language);
  }

  // Fulfilment
  advance(
    caller: Caller,
    orderId: string,
    input: { status: string; lines?: DeliveredLineInput[] | undefined },
    language: Language,
  ): Promise<ApiOrder> {
    return this.fulfilment.advance(caller, orderId, input, language);
  }

  recordDelivery(
    caller: Caller,
    orderId: string,
    lines: DeliveredLineInput[],
    language: Language,
  ): Promise<ApiOrder> {
    return this.fulfilment.recordDelivery(caller, orderId, lines, language);
  }

  accept(
    caller: Caller,
    orderId: string,
    received: ReceivedLineInput[],
    language: Language,
  ): Promise<ApiOrder> {
    return this.fulfilment.accept(caller, orderId, received, language);
  }

  rate(
    caller: Caller,
    orderId: string,
    input: { stars: number; comment: string | null },
  ): Promise<{ sOrderId: string; iStars: number; sComment: string | null; created_at: string }> {
    return this.fulfilment.rate(caller, orderId, input);
  }

  // Settlement, and the disputes module's hooks (its transaction, the order locked)
  releaseHeldPayouts(): Promise<number> {
    return this.settlement.releaseHeldPayouts();
  }

  releaseDueOrders(): Promise<number> {
    return this.settlement.releaseDueOrders();
  }

  lockOrderToDispute(trx: Trx, buyerEnterpriseId: string, orderId: string): Promise<OrderRow> {
    return this.settlement.lockOrderToDispute(trx, buyerEnterpriseId, orderId);
  }

  markDisputed(trx: Trx, orderId: string, at: Date): Promise<void> {
    return this.settlement.markDisputed(trx, orderId, at);
  }

  finishAfterDispute(
    trx: Trx,
    party: OrderParty,
    orderId: string,
    at: Date,
    split?: DisputeSplit,
  ): Promise<PayoutOrder | undefined> {
    return this.settlement.finishAfterDispute(trx, party, orderId, at, split);
  }

  submitPayout(payout: PayoutOrder | undefined): Promise<void> {
    return this.settlement.submitPayout(payout);
  }

  heldOf(trx: Trx, party: OrderParty, orderId: string): Promise<bigint> {
    return this.settlement.heldOf(trx, party, orderId);
  }

  lockOrder(trx: Trx, party: OrderParty, orderId: string): Promise<OrderRow> {
    return this.settlement.lockOrder(trx, party, orderId);
  }
}
