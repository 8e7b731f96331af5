import {
  addDays,
  calendarDateFromParts,
  calendarDateParts,
  compareDates,
  daysBetween,
  moneyToNumber,
  todayInTimeZone,
  type CalendarDate,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { businessDates, startOfDay } from '../statement/business-day.js';
import * as repo from './house-income.repository.js';

/** The longest period one report covers, as a statement. */
export const MAX_HOUSE_INCOME_DAYS = 366;

/** The house's fee income by kind, in USD cents. */
export interface FeeIncome {
  freight: bigint;
  coldStorage: bigint;
  borderCrossing: bigint;
  insurance: bigint;
}

const NONE: FeeIncome = { freight: 0n, coldStorage: 0n, borderCrossing: 0n, insurance: 0n };

function add(a: FeeIncome, b: FeeIncome): FeeIncome {
  return {
    freight: a.freight + b.freight,
    coldStorage: a.coldStorage + b.coldStorage,
    borderCrossing: a.borderCrossing + b.borderCrossing,
    insurance: a.insurance + b.insurance,
  };
}

function totalOf(income: FeeIncome): bigint {
  return income.freight + income.coldStorage + income.borderCrossing + income.insurance;
}

const ORDER_REFERENCE = /^order:([0-9a-f-]{36})$/;

type OrderWithLines = Awaited<ReturnType<typeof repo.ordersWithLines>>[number];

/**
 * What one journal earned the house, by kind. Freight and cold storage (in/out) share one
 * ledger account, charged per box: the freight part is read from the order's lines (all
 * boxes at checkout, the boxes never delivered given back at release), and cold storage is the
 * rest of what the account moved, so the kinds always add up to the ledger to the cent.
 */
function journalIncome(
  journal: Awaited<ReturnType<typeof repo.feeJournals>>[number],
  order: OrderWithLines | undefined,
): FeeIncome {
  let freight = 0n;
  if (order !== undefined && journal.kind === 'ORDER_HOLD') {
    for (const line of order.lines) {
      freight += line.logistic_cost_per_box_cents * BigInt(line.quantity_boxes);
    }
  } else if (order !== undefined && journal.kind === 'ORDER_REFUND') {
    for (const line of order.lines) {
      const undelivered = line.quantity_boxes - (line.delivered_boxes ?? line.quantity_boxes);
      freight -= line.logistic_cost_per_box_cents * BigInt(undelivered);
    }
  }
  return {
    freight,
    coldStorage: journal.logistics - freight,
    borderCrossing: journal.crossing,
    insurance: journal.insurance,
  };
}

export interface HouseIncomeQuery {
  from?: CalendarDate | undefined;
  to?: CalendarDate | undefined;
}

/** The back office's view of what the marketplace's fees earned the house. */
export class HouseIncomeService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** GET ops/house-income: per day and per order in the period, and the ledger's own sums. */
  async report(query: HouseIncomeQuery) {
    const to = query.to ?? todayInTimeZone(this.now());
    const { year, month } = calendarDateParts(to);
    const from = query.from ?? calendarDateFromParts(year, month, 1);
    if (compareDates(from, to) > 0) throw new AppError('INVALID_INPUT', { field: 'from' });
    if (daysBetween(from, to) + 1 > MAX_HOUSE_INCOME_DAYS) {
      throw new AppError('INVALID_INPUT', { field: 'from' });
    }
    const start = startOfDay(from);
    const end = startOfDay(addDays(to, 1));
    const [journals, ledger] = await Promise.all([
      repo.feeJournals(this.db, start, end),
      repo.feeAccountSums(this.db, start, end),
    ]);
    const orderIdOf = (reference: string | null) => ORDER_REFERENCE.exec(reference ?? '')?.[1];
    const orderIds = [...new Set(journals.map((j) => orderIdOf(j.reference)).filter(isString))];
    const orders = new Map(
      (await repo.ordersWithLines(this.db, orderIds)).map((order) => [order.id, order]),
    );

    const dateOf = businessDates();
    const days = new Map<CalendarDate, { income: FeeIncome; orders: Set<string> }>();
    const byOrder = new Map<string, { date: CalendarDate; income: FeeIncome }>();
    let totals = NONE;
    for (const journal of journals) {
      const orderId = orderIdOf(journal.reference);
      const income = journalIncome(journal, orderId ? orders.get(orderId) : undefined);
      const date = dateOf(journal.created_at);
      const day = days.get(date) ?? { income: NONE, orders: new Set<string>() };
      day.income = add(day.income, income);
      if (orderId) day.orders.add(orderId);
      days.set(date, day);
      if (orderId) {
        const row = byOrder.get(orderId) ?? { date, income: NONE };
        row.income = add(row.income, income);
        byOrder.set(orderId, row);
      }
      totals = add(totals, income);
    }

    const ledgerLogistics = ledger.get('HOUSE_FEE_LOGISTICS_USD') ?? 0n;
    const ledgerCrossing = ledger.get('HOUSE_FEE_BORDER_CROSSING_USD') ?? 0n;
    const ledgerInsurance = ledger.get('HOUSE_FEE_INSURANCE_USD') ?? 0n;
    return {
      dFrom: from,
      dTo: to,
      totals: incomeAnswer(totals),
      ledger: {
        dFreightAndColdStorage: moneyToNumber(ledgerLogistics),
        dBorderCrossing: moneyToNumber(ledgerCrossing),
        dInsurance: moneyToNumber(ledgerInsurance),
        dTotal: moneyToNumber(ledgerLogistics + ledgerCrossing + ledgerInsurance),
      },
      days: [...days.entries()]
        .sort(([a], [b]) => compareDates(a, b))
        .map(([date, day]) => ({
          dDate: date,
          iOrders: day.orders.size,
          ...incomeAnswer(day.income),
        })),
      orders: [...byOrder.entries()]
        .sort(([, a], [, b]) => compareDates(a.date, b.date))
        .map(([orderId, row]) => {
          const order = orders.get(orderId);
          return {
            sOrderId: orderId,
            iTrackingId: Number(order?.tracking_id ?? 0),
            sBuyerName: order?.buyer_name ?? '',
            sVendorName: order?.vendor_name ?? '',
            dDate: row.date,
            ...incomeAnswer(row.income),
          };
        }),
    };
  }
}

function incomeAnswer(income: FeeIncome) {
  return {
    dFreight: moneyToNumber(income.freight),
    dColdStorage: moneyToNumber(income.coldStorage),
    dBorderCrossing: moneyToNumber(income.borderCrossing),
    dInsurance: moneyToNumber(income.insurance),
    dTotal: moneyToNumber(totalOf(income)),
  };
}

function isString(value: string | undefined): value is string {
  return value !== undefined;
}
