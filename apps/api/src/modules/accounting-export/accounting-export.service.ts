import {
  addDays,
  calendarDateFromParts,
  calendarDateParts,
  compareDates,
  daysBetween,
  moneyToDecimalString,
  todayInTimeZone,
  type CalendarDate,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { startOfDay } from '../statement/business-day.js';
import * as repo from './accounting-export.repository.js';

export const EXPORT_FORMATS = ['plain', 'qbo', 'xero'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

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
  journalId: string;
  kind: string;
  account: string;
  currency: 'USD' | 'MXN';
  /** Positive: debit; negative: credit (in cents or centavos). */
  amount: bigint;
}

/**
 * The company's ledger movements as journal entries an accounting system imports: each
 * journal of the period, split by currency, every line on a named account, debits equal to
 * credits per entry (the ledger balances every journal per currency). The lines on the
 * company's own balances add up to the statement's movements of the period.
 */
export class AccountingExportService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
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

  async export(
    enterpriseId: string,
    query: { format: ExportFormat; from?: CalendarDate | undefined; to?: CalendarDate | undefined },
  ): Promise<{ csv: string; fileName: string }> {
    const to = query.to ?? todayInTimeZone(this.now());
    const { year, month } = calendarDateParts(to);
    const from = query.from ?? calendarDateFromParts(year, month, 1);
    if (compareDates(from, to) > 0) throw new AppError('INVALID_INPUT', { field: 'from' });
    if (daysBetween(from, to) + 1 > MAX_EXPORT_DAYS) {
      throw new AppError('INVALID_INPUT', { field: 'to' });
    }
    const names = await repo.findAccountNames(this.db, enterpriseId);
    const nameOf = (key: ExportAccount) => names[key] ?? EXPORT_ACCOUNTS[key];
    const rows = await repo.journalLines(
      this.db,
      enterpriseId,
      startOfDay(from),
      startOfDay(addDays(to, 1)),
    );
    const lines: Line[] = rows.map((row) => ({
      date: todayInTimeZone(new Date(row.created_at)),
      journalId: row.journal_id,
      kind: row.journal_kind,
      account: nameOf(
        row.account_enterprise_id === enterpriseId || row.account_enterprise_id === null
          ? (ACCOUNT_OF_KIND[row.account_kind] ?? 'COUNTERPARTY')
          : 'COUNTERPARTY',
      ),
      currency: row.currency,
      amount: BigInt(row.amount),
    }));
    const csv =
      query.format === 'qbo'
        ? qboCsv(lines)
        : query.format === 'xero'
          ? xeroCsv(lines)
          : plainCsv(lines);
    return { csv, fileName: `journal-${query.format}-${from}-${to}.csv` };
  }
}

function cell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvOf(header: string[], records: string[][]): string {
  return [header, ...records].map((record) => record.map(cell).join(',')).join('\r\n') + '\r\n';
}

const debit = (line: Line) => (line.amount > 0n ? moneyToDecimalString(line.amount) : '');
const credit = (line: Line) => (line.amount < 0n ? moneyToDecimalString(-line.amount) : '');

/** One entry per journal and currency: `<journal id>-USD`. */
const entryOf = (line: Line) => `${line.journalId}-${line.currency}`;

/** Plain double entry: one row per line, debit or credit. */
function plainCsv(lines: Line[]): string {
  return csvOf(
    ['Date', 'Entry', 'Kind', 'Account', 'Currency', 'Debit', 'Credit'],
    lines.map((line) => [
      line.date,
      entryOf(line),
      line.kind,
      line.account,
      line.currency,
      debit(line),
      credit(line),
    ]),
  );
}

/** QuickBooks Online's journal-entry import layout (its columns, one row per line). */
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
    ],
    lines.map((line) => [
      entryOf(line),
      line.date,
      line.currency,
      line.kind,
      line.account,
      debit(line),
      credit(line),
      line.kind,
    ]),
  );
}

/** Xero's manual-journal import: a signed amount per line (positive debit, negative credit). */
function xeroCsv(lines: Line[]): string {
  return csvOf(
    ['*Narration', '*Date', 'Description', '*AccountCode', '*TaxRate', '*Amount', 'Currency'],
    lines.map((line) => [
      entryOf(line),
      line.date,
      line.kind,
      line.account,
      'Tax Exempt',
      line.amount < 0n
        ? `-${moneyToDecimalString(-line.amount)}`
        : moneyToDecimalString(line.amount),
      line.currency,
    ]),
  );
}
