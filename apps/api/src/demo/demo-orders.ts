import { addDays, nextSettlementDay, parseMoney, todayInTimeZone } from '@app/domain';
import type { MarketplaceServices } from '../modules/marketplace.js';
import type { OrderStatus, PaymentMethod } from '../modules/orders/order-statuses.js';
import type { Caller } from '../modules/orders/order-records.js';
import type { ApiOrder } from '../modules/orders/order.view.js';
import type { Db } from '../db/database.js';
import type { SeedClock } from './demo-finance.js';
import { producePng } from './demo-png.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

async function callerOf(db: Db, email: string): Promise<Caller | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'enterprise_id'])
    .where('email', '=', email)
    .executeTakeFirst();
  return row ? { enterpriseId: row.enterprise_id, userId: row.id } : undefined;
}

/**
 * The vendor's active articles whose names start with the prefixes, in that order (any
 * other active article of the vendor stands in for a name the catalogue lacks).
 */
async function articlesOf(db: Db, vendorId: string, prefixes: string[]) {
  const rows = await db
    .selectFrom('articles')
    .select(['id', 'name', 'boxes_per_pallet', 'min_boxes', 'stock_boxes'])
    .where('vendor_enterprise_id', '=', vendorId)
    .where('active', '=', true)
    .orderBy('created_at')
    .execute();
  return prefixes.map(
    (prefix, index) => rows.find((row) => row.name.startsWith(prefix)) ?? rows[index % rows.length],
  );
}

/**
 * Past orders of demo@demo.test in every tab, written through the orders and disputes
 * services with the app's clock moved, after the demo catalogue: finalized orders (one
 * accepted, one finished when its dispute window closed, both rated), orders in process
 * at different statuses and with each payment method, and a delivered order under
 * dispute with a photo and the grower's answer.
 */
export async function seedDemoOrders(
  services: MarketplaceServices,
  clock: SeedClock,
): Promise<void> {
  const { db, orders, disputes, cart, finance } = services;
  const [buyer, grower, berries] = await Promise.all([
    callerOf(db, 'demo@demo.test'),
    callerOf(db, 'vendor@demo.test'),
    callerOf(db, 'vendor2@demo.test'),
  ]);
  if (!buyer || !grower || !berries) return;
  const warehouse = await db
    .selectFrom('warehouses')
    .select('id')
    .where('enterprise_id', '=', buyer.enterpriseId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
  if (!warehouse) return;
  const present = Date.now();
  const at = (time: number) => clock.travelTo(new Date(time));

  /** Puts whole pallets of articles in the cart and checks out; answers the order. */
  const place = async (
    time: number,
    vendor: Caller,
    lines: Array<[string, number]>,
    method: PaymentMethod,
  ): Promise<ApiOrder> => {
    at(time);
    const articles = await articlesOf(
      db,
      vendor.enterpriseId,
      lines.map(([prefix]) => prefix),
    );
    for (const [index, article] of articles.entries()) {
      if (!article) continue;
      const wanted = article.boxes_per_pallet * (lines[index]?.[1] ?? 1);
      const boxes = Math.min(Math.max(wanted, article.min_boxes), article.stock_boxes);
      await cart.addItem(buyer.enterpriseId, article.id, boxes);
    }
    const spot = await finance.rates.spotQuote(buyer.enterpriseId);
    let quoteId = spot.id;
    let forwardDate: string | undefined;
    if (method === 'FORWARD') {
      forwardDate = nextSettlementDay(addDays(todayInTimeZone(new Date(time)), 30));
      quoteId = (await finance.conversions.forwardRate(buyer.enterpriseId, spot.id, forwardDate))
        .uuid;
    }
    return orders.checkout(
      buyer,
      {
        vendorId: vendor.enterpriseId,
        warehouseId: warehouse.id,
        paymentMethod: method,
        quoteId,
        forwardDate,
      },
      undefined,
      'en',
    );
  };

  /** The vendor moves the order a step every `stepHours` until `until`; answers the last time. */
  const track = async (
    order: ApiOrder,
    vendor: Caller,
    until: OrderStatus,
    from: number,
    stepHours: number,
  ): Promise<number> => {
    let current = order;
    let time = from;
    while (current.sStatus !== until && current.sNextStatus) {
      time += stepHours * HOUR_MS;
      at(time);
      current = await orders.advance(
        vendor,
        current.sOrderId,
        { status: current.sNextStatus },
        'en',
      );
    }
    return time;
  };

  try {
    // Finalized: delivered short, accepted by the buyer and rated; the grower paid for the
    // boxes accepted, the rest (goods and their freight) refunded to the buyer.
    let time = present - 30 * DAY_MS;
    const accepted = await place(
      time,
      grower,
      [
        ['Hass avocado 60ct', 2],
        ['Persian lime 150ct', 2],
      ],
      'PAY_NOW',
    );
    time = await track(accepted, grower, 'ON_DELIVERY_ROUTE', time, 8);
    time += 8 * HOUR_MS;
    at(time);
    const limes = accepted.lines.find((line) => line.sProductName.startsWith('Persian'));
    await orders.advance(
      grower,
      accepted.sOrderId,
      {
        status: 'DELIVERED',
        lines: limes ? [{ lineId: limes.sLineId, deliveredBoxes: limes.dQuantity - 10 }] : [],
      },
      'en',
    );
    at(time + 2 * HOUR_MS);
    await orders.accept(buyer, accepted.sOrderId, [], 'en');
    await orders.rate(buyer, accepted.sOrderId, {
      stars: 5,
      comment: 'Great dry matter, on time at our dock; 10 boxes of lime short, refunded.',
    });

    // Finalized: delivered a little short, finished when its dispute window closed.
    time = present - 20 * DAY_MS;
    const windowClosed = await place(
      time,
      grower,
      [
        ['Roma tomato', 3],
        ['Jalapeño', 2],
      ],
      'CONVERT_MXN',
    );
    time = await track(windowClosed, grower, 'ON_DELIVERY_ROUTE', time, 7);
    at(time + 7 * HOUR_MS);
    const tomatoes = windowClosed.lines.find((line) => line.sProductName.startsWith('Roma'));
    await orders.advance(
      grower,
      windowClosed.sOrderId,
      {
        status: 'DELIVERED',
        lines: tomatoes
          ? [{ lineId: tomatoes.sLineId, deliveredBoxes: tomatoes.dQuantity - 12 }]
          : [],
      },
      'en',
    );
    at(time + 7 * HOUR_MS + 10 * HOUR_MS);
    await orders.rate(buyer, windowClosed.sOrderId, {
      stars: 4,
      comment: 'Good colour; 12 boxes of Roma short, credited on the final price.',
    });

    // Disputed and resolved by the back office: the held goods split between the buyer's
    // refund and the grower's payout.
    time = present - 12 * DAY_MS;
    const split = await place(time, grower, [['Hass avocado 60ct', 1]], 'PAY_NOW');
    time = await track(split, grower, 'DELIVERED', time, 8);
    at(time + 2 * HOUR_MS);
    const splitDispute = await disputes.open(
      buyer.enterpriseId,
      {
        orderId: split.sOrderId,
        category: 'QUALITY_CONDITION',
        subcategory: 'DECAY',
        description: 'A quarter of the pallet arrived with stem-end rot.',
      },
      'en',
    );
    await disputes.addImage(
      { side: 'buyer', enterpriseId: buyer.enterpriseId },
      splitDispute.sDisputeId,
      {
        fileName: 'stem-end-rot.png',
        contentBase64: producePng([70, 90, 40], 96).toString('base64'),
      },
      'en',
    );
    at(time + 20 * HOUR_MS);
    const splitGoods = parseMoney(split.money.dHeld);
    const refundCents = splitGoods / 4n;
    await disputes.resolve(
      splitDispute.sDisputeId,
      {
        resolution: 'USDA inspection confirmed decay on a quarter of the boxes: 25 % refunded.',
        inCharge: 'Back office (ops@demo.test)',
        split: { refundCents, releaseCents: splitGoods - refundCents },
      },
      'en',
    );

    // In process, paid later: a deferred payment paid the next day at the locked rate.
    time = present - 5 * DAY_MS;
    const deferred = await place(time, grower, [['Ataulfo mango', 2]], 'DEFERRED');
    at(time + 20 * HOUR_MS);
    await orders.pay(buyer, deferred.sOrderId, {}, undefined, 'en');
    await track(deferred, grower, 'BORDER_WAREHOUSE', time + 20 * HOUR_MS, 9);

    // In process on the berry grower's side: converted to MXN, and a forward not yet paid.
    time = present - 4 * DAY_MS;
    const converted = await place(time, berries, [['Blueberries 12 x 6 oz', 1]], 'CONVERT_MXN');
    await track(converted, berries, 'ON_DELIVERY_ROUTE', time, 10);
    time = present - 1 * DAY_MS;
    // The forward holds only its deposit until its settlement day: the grower waits to ship.
    await place(time, berries, [['Raspberries', 1]], 'FORWARD');

    // In process: on its way to the border, and just received (deferred, rate locked).
    time = present - 3 * DAY_MS;
    const inTransit = await place(time, grower, [['Hass avocado 70ct', 2]], 'PAY_NOW');
    await track(inTransit, grower, 'IN_TRANSIT', time, 12);
    await place(present - 2 * HOUR_MS, grower, [['Persian lime 110ct', 3]], 'DEFERRED');

    // Disputed: delivered three hours ago, rejected in part within the PACA window.
    time = present - 6 * DAY_MS;
    const disputed = await place(time, grower, [['Persian lime 175ct', 4]], 'PAY_NOW');
    await track(disputed, grower, 'ON_DELIVERY_ROUTE', time, 12);
    at(present - 3 * HOUR_MS);
    await orders.advance(grower, disputed.sOrderId, { status: 'DELIVERED' }, 'en');
    at(present - 2 * HOUR_MS);
    const dispute = await disputes.open(
      buyer.enterpriseId,
      {
        orderId: disputed.sOrderId,
        category: 'QUALITY_CONDITION',
        subcategory: 'TEMPERATURE',
        description:
          'Pallets 3 and 4 arrived at 52 °F with yellowing and soft limes; the reefer log shows a 6-hour gap.',
      },
      'en',
    );
    await disputes.addImage(
      { side: 'buyer', enterpriseId: buyer.enterpriseId },
      dispute.sDisputeId,
      {
        fileName: 'pallet-3.png',
        contentBase64: producePng([150, 170, 60], 96).toString('base64'),
      },
      'en',
    );
    at(present - 1 * HOUR_MS);
    await disputes.answer(
      grower.enterpriseId,
      dispute.sDisputeId,
      'The load left Martínez de la Torre at 45 °F; we are checking the transfer carrier’s log.',
      'en',
    );
  } finally {
    clock.backToPresent();
  }
  // Orders whose dispute window has closed are released to their growers.
  await orders.releaseDueOrders();
  await finance.payments.settleDuePayouts();
}
