import {
  addDays,
  calendarDateFromParts,
  calendarDateParts,
  compareDates,
  convertMxnToUsd,
  daysBetween,
  moneyToDecimalString,
  todayInTimeZone,
  type CalendarDate,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import { ReportsDb } from '../../db/reports-db.js';
import { AppError } from '../../errors.js';
import { startOfDay } from '../statement/business-day.js';
import * as repo from './accounting-export.repository.js';

export const EXPORT_FORMATS = ['plain', 'qbo', 'xero'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * How amounts are written: `currency`, each journal as one entry per currency in that
 * currency; `usd`, each journal as one entry in dollars (for books kept in USD), pesos valued
 * at the journal's rate, a supplier payable at its invoices' protected rates, and the
 * difference on the FX gain/loss account.
 */
export const EXPORT_VALUATIONS = ['currency', 'usd'] as const;
export type ExportValuation = (typeof EXPORT_VALUATIONS)[number];

/** The longest period of one export, as for statements. */
const MAX_EXPORT_DAYS = 366;

/**
 * The accounts an export names, by the ledger account each line is on: the company's own
 * balances, and the other side of each movement (the house's bank, FX desk, supplier payout
 * clearing and fees; another company's account in a marketplace order).
 */
export const EXPORT_ACCOUNTS = {
  USD_BALANCE: 'USD balance',
  MXN_BALANCE: 'MXN balance',
  FORWARD_DEPOSITS: 'Forward deposits',
  MARKETPLACE_HELD: 'Marketplace funds held',
  BANK_USD: 'Bank transfers (USD)',
  BANK_MXN: 'Bank transfers (MXN)',
  CONVERSIONS: 'Currency conversions',
  SUPPLIER_PAYABLES: 'Supplier payables',
  FX_GAIN_LOSS: 'FX gain/loss',
  FEES: 'Fees',
  COUNTERPARTY: 'Marketplace counterparty',
} as const;
export type ExportAccount = keyof typeof EXPORT_ACCOUNTS;
export const EXPORT_ACCOUNT_KEYS = Object.keys(EXPORT_ACCOUNTS) as [
  ExportAccount,
  ...ExportAccount[],
];

/** The export account of each ledger account kind. */
const ACCOUNT_OF_KIND: Record<string, ExportAccount> = {
  USD_AVAILABLE: 'USD_BALANCE',
  MXN_AVAILABLE: 'MXN_BALANCE',
  USD_FORWARD_DEPOSIT: 'FORWARD_DEPOSITS',
  USD_ORDER_HELD: 'MARKETPLACE_HELD',
  HOUSE_BANK_USD: 'BANK_USD',
  HOUSE_BANK_MXN: 'BANK_MXN',
  HOUSE_FX_USD: 'CONVERSIONS',
  HOUSE_FX_MXN: 'CONVERSIONS',
  HOUSE_PAYOUT_CLEARING_MXN: 'SUPPLIER_PAYABLES',
  HOUSE_FEE_LOGISTICS_USD: 'FEES',
  HOUSE_FEE_BORDER_CROSSING_USD: 'FEES',
  HOUSE_FEE_INSURANCE_USD: 'FEES',
};

export interface ApiExportAccount {
  sKey: ExportAccount;
  sDefaultName: string;
  /** The company's account for it; null: the default name. */
  sAccount: string | null;
}

interface Line {
  date: CalendarDate;
  /** The entry the line belongs to: `<journal id>-<currency>`, or the journal id in USD. */
  entry: string;
  kind: string;
  account: string;
  /** The supplier of a payable line; empty otherwise. */
  name: string;
  currency: 'USD' | 'MXN';
  /** Positive: debit; negative: credit (in cents or centavos). */
  amount: bigint;
}

/** The supplier payment a journal is about, with the invoice parts it settled. */
interface JournalPayment {
  supplierName: string;
  /** Only on the payment's own journal: what each invoice part is worth at its protected rate. */
  invoiceParts: { amountMxn: bigint; protectedRateMicro: bigint }[];
}

/**
 * The company's ledger movements as journal entries an accounting system imports: each
 * journal of the period, split by currency, every line on a named account, debits equal to
 * credits per entry (the ledger balances every journal per currency). The lines on the
 * company's own balances add up to the statement's movements of the period.
 */
/** What an export is asked for: its layout, valuation and period (this month by default). */
interface ExportQuery {
  format: ExportFormat;
  valuation?: ExportValuation | undefined;
  from?: CalendarDate | undefined;
  to?: CalendarDate | undefined;
}

export class AccountingExportService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** Where the export reads its journals (a caught-up replica, else the primary). */
    private readonly reports: ReportsDb = new ReportsDb(db),
  ) {}

  /** The export's accounts with the company's names for them. */
  async accounts(enterpriseId: string): Promise<ApiExportAccount[]> {
    const names = await repo.findAccountNames(this.db, enterpriseId);
    return EXPORT_ACCOUNT_KEYS.map((key) => ({
      sKey: key,
      sDefaultName: EXPORT_ACCOUNTS[key],
      sAccount: names[key] ?? null,
    }));
  }

  /** Replaces the company's names (an account left out, or null, keeps its default). */
  async saveAccounts(
    enterpriseId: string,
    mapping: Partial<Record<ExportAccount, string | null>>,
  ): Promise<ApiExportAccount[]> {
    const names: Record<string, string> = {};
    for (const key of EXPORT_ACCOUNT_KEYS) {
      const name = mapping[key];
      if (name) names[key] = name;
    }
    await repo.saveAccountNames(this.db, enterpriseId, names);
    return this.accounts(enterpriseId);
  }

  export(enterpriseId: string, query: ExportQuery): Promise<{ csv: string; fileName: string }> {
    return this.reports.read((db) => this.exportFrom(db, enterpriseId, query));
  }

  private async exportFrom(
    db: Db,
    enterpriseId: string,
    query: ExportQuery,
  ): Promise<{ csv: string; fileName: string }> {
    const to = query.to ?? todayInTimeZone(this.now());
    const { year, month } = calendarDateParts(to);
    const from = query.from ?? calendarDateFromParts(year, month, 1);
    if (compareDates(from, to) > 0) throw new AppError('INVALID_INPUT', { field: 'from' });
    if (daysBetween(from, to) + 1 > MAX_EXPORT_DAYS) {
      throw new AppError('INVALID_INPUT', { field: 'to' });
    }
    const names = await repo.findAccountNames(db, enterpriseId);
    const nameOf = (key: ExportAccount) => names[key] ?? EXPORT_ACCOUNTS[key];
    const rows = await repo.journalLines(
      db,
      enterpriseId,
      startOfDay(from),
      startOfDay(addDays(to, 1)),
    );
    const payments = await this.journalPayments(db, enterpriseId, [
      ...new Set(rows.map((row) => row.journal_id)),
    ]);
    const accountOf = (row: repo.JournalLineRow): ExportAccount =>
      row.account_enterprise_id === enterpriseId || row.account_enterprise_id === null
        ? (ACCOUNT_OF_KIND[row.account_kind] ?? 'COUNTERPARTY')
        : 'COUNTERPARTY';
    const lines: Line[] = [];
    for (const journal of groupByJournal(rows)) {
      const first = journal[0]!;
      const payment = payments.get(first.journal_id);
      const base = {
        date: todayInTimeZone(new Date(first.created_at)),
        kind: first.journal_kind,
      };
      const nameOn = (account: ExportAccount) =>
        account === 'SUPPLIER_PAYABLES' ? (payment?.supplierName ?? '') : '';
      if (query.valuation === 'usd') {
        let balance = 0n;
        for (const row of journal) {
          const account = accountOf(row);
          const amount = usdValue(row, account === 'SUPPLIER_PAYABLES' ? payment : undefined);
          balance += amount;
          lines.push({
            ...base,
            entry: first.journal_id,
            account: nameOf(account),
            name: nameOn(account),
            currency: 'USD',
            amount,
          });
        }
        if (balance !== 0n) {
          lines.push({
            ...base,
            entry: first.journal_id,
            account: nameOf('FX_GAIN_LOSS'),
            name: '',
            currency: 'USD',
            amount: -balance,
          });
        }
      } else {
        for (const row of journal) {
          const account = accountOf(row);
          lines.push({
            ...base,
            entry: `${row.journal_id}-${row.currency}`,
            account: nameOf(account),
            name: nameOn(account),
            currency: row.currency,
            amount: BigInt(row.amount),
          });
        }
      }
    }
    const csv =
      query.format === 'qbo'
        ? qboCsv(lines)
        : query.format === 'xero'
          ? xeroCsv(lines)
          : plainCsv(lines);
    const suffix = query.valuation === 'usd' ? '-usd' : '';
    return { csv, fileName: `journal-${query.format}${suffix}-${from}-${to}.csv` };
  }

  private async journalPayments(
    db: Db,
    enterpriseId: string,
    journalIds: string[],
  ): Promise<Map<string, JournalPayment>> {
    const payments = new Map<string, JournalPayment>();
    for (const row of await repo.paymentsOfJournals(db, enterpriseId, journalIds)) {
      let payment = payments.get(row.journal_id);
      if (!payment) {
        payment = { supplierName: row.supplier_name, invoiceParts: [] };
        payments.set(row.journal_id, payment);
      }
      if (row.own_journal && row.invoice_amount_mxn !== null && row.protected_rate_micro) {
        payment.invoiceParts.push({
          amountMxn: BigInt(row.invoice_amount_mxn),
          protectedRateMicro: BigInt(row.protected_rate_micro),
        });
      }
    }
    return payments;
  }
}

/** The rows of each journal together, in the order they came (oldest journal first). */
function groupByJournal(rows: repo.JournalLineRow[]): repo.JournalLineRow[][] {
  const journals = new Map<string, repo.JournalLineRow[]>();
  for (const row of rows) {
    const journal = journals.get(row.journal_id);
    if (journal) journal.push(row);
    else journals.set(row.journal_id, [row]);
  }
  return [...journals.values()];
}

/**
 * A line's amount in US cents: dollars as they are; pesos at the journal's rate, except the
 * part of a supplier payable that settled invoices, which the books carry at each invoice's
 * protected rate (the rate the company agreed to pay).
 */
function usdValue(row: repo.JournalLineRow, payable: JournalPayment | undefined): bigint {
  const amount = BigInt(row.amount);
  if (row.currency === 'USD') return amount;
  if (row.rate_micro === null) throw new AppError('RATE_SOURCE_UNAVAILABLE');
  const rate = BigInt(row.rate_micro);
  const sign = amount < 0n ? -1n : 1n;
  let rest = amount * sign;
  let usd = 0n;
  for (const part of payable?.invoiceParts ?? []) {
    const settled = part.amountMxn < rest ? part.amountMxn : rest;
    usd += convertMxnToUsd(settled, part.protectedRateMicro);
    rest -= settled;
  }
  if (rest > 0n) usd += convertMxnToUsd(rest, rate);
  return sign * usd;
}

function cell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvOf(header: string[], records: string[][]): string {
  return [header, ...records].map((record) => record.map(cell).join(',')).join('\r\n') + '\r\n';
}

const debit = (line: Line) => (line.amount > 0n ? moneyToDecimalString(line.amount) : '');
const credit = (line: Line) => (line.amount < 0n ? moneyToDecimalString(-line.amount) : '');

/** Plain double entry: one row per line, debit or credit. */
function plainCsv(lines: Line[]): string {
  return csvOf(
    ['Date', 'Entry', 'Kind', 'Account', 'Supplier', 'Currency', 'Debit', 'Credit'],
    lines.map((line) => [
      line.date,
      line.entry,
      line.kind,
      line.account,
      line.name,
      line.currency,
      debit(line),
      credit(line),
    ]),
  );
}

/**
 * QuickBooks Online's journal-entry import layout (its columns, one row per line); `Name` is
 * the vendor QuickBooks asks for on an accounts-payable line.
 */
function qboCsv(lines: Line[]): string {
  return csvOf(
    [
      'Journal No',
      'Journal Date',
      'Currency',
      'Memo',
      'Account',
      'Debits',
      'Credits',
      'Description',
      'Name',
    ],
    lines.map((line) => [
      line.entry,
      line.date,
      line.currency,
      line.kind,
      line.account,
      debit(line),
      credit(line),
      line.kind,
      line.name,
    ]),
  );
}

/** Xero's manual-journal import: a signed amount per line (positive debit, negative credit). */
function xeroCsv(lines: Line[]): string {
  return csvOf(
    ['*Narration', '*Date', 'Description', '*AccountCode', '*TaxRate', '*Amount', 'Currency'],
    lines.map((line) => [
      line.entry,
      line.date,
      line.name ? `${line.kind} – ${line.name}` : line.kind,
      line.account,
      'Tax Exempt',
      line.amount < 0n
        ? `-${moneyToDecimalString(-line.amount)}`
        : moneyToDecimalString(line.amount),
      line.currency,
    ]),
  );
}
