import {
  addDays,
  calendarDateFromParts,
  calendarDateParts,
  compareDates,
  daysBetween,
  maskAccount,
  moneyToNumber,
  todayInTimeZone,
  type CalendarDate,
  type Language,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { renderJournalDescription } from '../../ledger/journal-description.js';
import { businessDates, startOfDay } from './business-day.js';
import { renderStatementPdf } from './statement-pdf.js';
// eslint-disable-next-line no-restricted-imports -- the statement's header names the enterprise as the receipt does
import { findEnterpriseName } from '../payments/payments.repository.js';
import * as repo from './statement.repository.js';

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
/** A statement covers at most this many days (a leap year). */
export const MAX_STATEMENT_DAYS = 366;

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

function toAnswer(statement: Statement): StatementAnswer {
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
    })),
  };
}

const ACCOUNT_OF: Record<StatementCurrency, repo.StatementAccountKind> = {
  USD: 'USD_AVAILABLE',
  MXN: 'MXN_AVAILABLE',
};

/** Without a page: the first MAX_STATEMENT_ENTRIES movements, as the PDF holds them. */
const FIRST_PAGE: StatementPage = { page: 1, limit: MAX_STATEMENT_ENTRIES };

/** Account statements built from the ledger postings of an available-balance account. */
export class StatementService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /**
   * The statement with its descriptions in `language` (English by default): the balances and
   * totals of the whole period, and the movements of the asked page (the first 5,000 without).
   */
  async statement(
    enterpriseId: string,
    query: StatementQuery,
    language: Language = 'en',
    page: StatementPage = FIRST_PAGE,
  ): Promise<StatementAnswer> {
    return toAnswer(await this.build(enterpriseId, query, language, page));
  }

  /** The same statement as a PDF file. */
  async statementPdf(
    enterpriseId: string,
    query: StatementQuery,
    language: Language,
  ): Promise<Buffer> {
    const statement = await this.build(enterpriseId, query, language, FIRST_PAGE);
    const enterpriseName = (await findEnterpriseName(this.db, enterpriseId)) ?? '';
    return renderStatementPdf(statement, enterpriseName, this.now(), language);
  }

  private async build(
    enterpriseId: string,
    query: StatementQuery,
    language: Language,
    page: StatementPage,
  ): Promise<Statement> {
    const { from, to } = this.period(query);
    const start = startOfDay(from);
    const end = startOfDay(addDays(to, 1));
    const offset = (page.page - 1) * page.limit;
    const accountId = await repo.findAccountId(this.db, enterpriseId, ACCOUNT_OF[query.currency]);
    const [sums, before, postings] = accountId
      ? await Promise.all([
          repo.periodSums(this.db, accountId, from, to),
          repo.sumOfFirstPostings(this.db, accountId, start, end, offset),
          repo.listPostings(this.db, accountId, start, end, { offset, limit: page.limit }),
        ])
      : [{ opening: 0n, debits: 0n, credits: 0n, count: 0 }, 0n, []];
    // Each line carries the balance after it: the opening, what the earlier pages moved, and
    // this page's lines up to it.
    let balance = sums.opening + before;
    const dateOf = businessDates();
    const lines = postings.map((posting): StatementLine => {
      balance += posting.amount;
      return {
        date: dateOf(posting.created_at),
        at: posting.created_at,
        description: renderJournalDescription(
          posting.description_code,
          posting.description_params,
          posting.description,
          language,
        ),
        type: posting.kind,
        debit: posting.amount < 0n ? -posting.amount : 0n,
        credit: posting.amount > 0n ? posting.amount : 0n,
        balance,
        reference: posting.reference,
        paidAccount:
          posting.paid_clabe === null
            ? null
            : `${posting.paid_bank_name ?? ''} ${maskAccount(posting.paid_clabe)}`.trim(),
      };
    });
    return {
      currency: query.currency,
      from,
      to,
      opening: sums.opening,
      closing: sums.opening - sums.debits + sums.credits,
      totalDebit: sums.debits,
      totalCredit: sums.credits,
      truncated: sums.count > MAX_STATEMENT_ENTRIES,
      total: sums.count,
      page,
      lines,
    };
  }

  private period(query: StatementQuery): { from: CalendarDate; to: CalendarDate } {
    const to = query.to ?? todayInTimeZone(this.now());
    const { year, month } = calendarDateParts(to);
    const from = query.from ?? calendarDateFromParts(year, month, 1);
    if (compareDates(from, to) > 0) throw new AppError('INVALID_INPUT', { field: 'from' });
    if (daysBetween(from, to) + 1 > MAX_STATEMENT_DAYS) {
      throw new AppError('INVALID_INPUT', { field: 'to' });
    }
    return { from, to };
  }
}
