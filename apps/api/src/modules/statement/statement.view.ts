import { moneyToNumber, rateToNumber, type CalendarDate } from '@app/domain';

/*
 * The statement's shapes: the one the service builds in minor units (for the answer and the
 * PDF, which both read it from here) and the answer the route sends.
 */

export type StatementCurrency = 'USD' | 'MXN';

export interface StatementQuery {
  currency: StatementCurrency;
  /** First day, in the business time zone; the first of `to`'s month by default. */
  from?: CalendarDate | undefined;
  /** Last day (included); today by default. */
  to?: CalendarDate | undefined;
}

/** A page of the period's movements, in posting order (1-based; limit ≤ MAX_STATEMENT_ENTRIES). */
export interface StatementPage {
  page: number;
  limit: number;
}

export interface StatementEntry {
  /** The day of the movement in the business time zone. */
  dDate: CalendarDate;
  created_at: string;
  sDescription: string;
  /** The journal kind: ADD_FUNDS, FOREX, PAY_NOW, SUPPLIER_PAYMENT, … */
  sType: string;
  /** Money out. */
  dDebit: number;
  /** Money in. */
  dCredit: number;
  /** The balance after this movement. */
  dBalance: number;
  /** Bank reference, SPEI tracking key, … */
  sReference: string | null;
  /** A payment's account as it was paid: its bank and masked CLABE. */
  sPaidAccount: string | null;
  /** The rate the movement was converted at (MXN per USD); null for a movement without one. */
  dRate: number | null;
  /** Banxico's FIX in force on the movement's day, beside the applied rate, when recorded. */
  referenceFix: { dDate: CalendarDate; dRate: number } | null;
}

export interface StatementAnswer {
  sCurrency: StatementCurrency;
  dFrom: CalendarDate;
  dTo: CalendarDate;
  openingBalance: number;
  closingBalance: number;
  dTotalDebit: number;
  dTotalCredit: number;
  /**
   * More movements than MAX_STATEMENT_ENTRIES: one answer cannot hold them all (the rest are
   * there by page); the balances and totals cover the whole period.
   */
  truncated: boolean;
  /** How many movements the period holds (every page). */
  total: number;
  page: number;
  limit: number;
  entries: StatementEntry[];
}

export const MAX_STATEMENT_ENTRIES = 5_000;

/** A statement in minor units, for the answer and the PDF. */
export interface StatementLine {
  date: CalendarDate;
  at: Date;
  description: string;
  type: string;
  debit: bigint;
  credit: bigint;
  balance: bigint;
  reference: string | null;
  /** A payment's account as it was paid: its bank and masked CLABE. */
  paidAccount: string | null;
  /** The applied rate (MXN per USD, micro) of a converting movement. */
  rateMicro: bigint | null;
  /** The published FIX of the movement's day (or the banking day before), when recorded. */
  referenceFix: { date: CalendarDate; rateMicro: bigint } | null;
}

export interface Statement {
  currency: StatementCurrency;
  from: CalendarDate;
  to: CalendarDate;
  opening: bigint;
  closing: bigint;
  totalDebit: bigint;
  totalCredit: bigint;
  truncated: boolean;
  /** Movements in the period; `lines` are those of `page`. */
  total: number;
  page: StatementPage;
  lines: StatementLine[];
}

export function toAnswer(statement: Statement): StatementAnswer {
  return {
    sCurrency: statement.currency,
    dFrom: statement.from,
    dTo: statement.to,
    openingBalance: moneyToNumber(statement.opening),
    closingBalance: moneyToNumber(statement.closing),
    dTotalDebit: moneyToNumber(statement.totalDebit),
    dTotalCredit: moneyToNumber(statement.totalCredit),
    truncated: statement.truncated,
    total: statement.total,
    page: statement.page.page,
    limit: statement.page.limit,
    entries: statement.lines.map((line) => ({
      dDate: line.date,
      created_at: line.at.toISOString(),
      sDescription: line.description,
      sType: line.type,
      dDebit: moneyToNumber(line.debit),
      dCredit: moneyToNumber(line.credit),
      dBalance: moneyToNumber(line.balance),
      sReference: line.reference,
      sPaidAccount: line.paidAccount,
      dRate: line.rateMicro === null ? null : rateToNumber(line.rateMicro),
      referenceFix: line.referenceFix
        ? { dDate: line.referenceFix.date, dRate: rateToNumber(line.referenceFix.rateMicro) }
        : null,
    })),
  };
}
