import {
  addDays,
  calendarDateFromParts,
  calendarDateParts,
  compareDates,
  daysBetween,
  maskAccount,
  todayInTimeZone,
  type CalendarDate,
  type Language,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import type { ReportsDb } from '../../db/reports-db.js';
import { AppError } from '../../errors.js';
import { renderJournalDescription } from '../../ledger/journal-description.js';
import { fixOfDay } from '../rates/banxico-source.js';
import { businessDates, startOfDay } from './business-day.js';
import { renderStatementPdf } from './statement-pdf.js';
// eslint-disable-next-line no-restricted-imports -- the statement's header names the enterprise and its clock as the receipt does
import { findEnterpriseHeading } from '../payments/payments.repository.js';
import * as repo from './statement.repository.js';
import {
  MAX_STATEMENT_ENTRIES,
  toAnswer,
  type Statement,
  type StatementAnswer,
  type StatementCurrency,
  type StatementLine,
  type StatementPage,
  type StatementQuery,
} from './statement.view.js';

/** A statement covers at most this many days (a leap year). */
export const MAX_STATEMENT_DAYS = 366;

const ACCOUNT_OF: Record<StatementCurrency, repo.StatementAccountKind> = {
  USD: 'USD_AVAILABLE',
  MXN: 'MXN_AVAILABLE',
};

/** Without a page: the first MAX_STATEMENT_ENTRIES movements, as the PDF holds them. */
const FIRST_PAGE: StatementPage = { page: 1, limit: MAX_STATEMENT_ENTRIES };

/** Account statements built from the ledger postings of an available-balance account. */
export class StatementService {
  constructor(
    private readonly reports: ReportsDb,
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
    return this.reports.read(async (db) =>
      toAnswer(await this.build(db, enterpriseId, query, language, page)),
    );
  }

  /** The same statement as a PDF file. */
  async statementPdf(
    enterpriseId: string,
    query: StatementQuery,
    language: Language,
  ): Promise<Buffer> {
    const { statement, company } = await this.reports.read(async (db) => ({
      statement: await this.build(db, enterpriseId, query, language, FIRST_PAGE),
      company: await findEnterpriseHeading(db, enterpriseId),
    }));
    return renderStatementPdf(statement, company, this.now(), language);
  }

  private async build(
    db: Db,
    enterpriseId: string,
    query: StatementQuery,
    language: Language,
    page: StatementPage,
  ): Promise<Statement> {
    const { from, to } = this.period(query);
    const start = startOfDay(from);
    const end = startOfDay(addDays(to, 1));
    const offset = (page.page - 1) * page.limit;
    const accountId = await repo.findAccountId(db, enterpriseId, ACCOUNT_OF[query.currency]);
    const [sums, before, postings] = accountId
      ? await Promise.all([
          repo.periodSums(db, accountId, from, to),
          repo.sumOfFirstPostings(db, accountId, start, end, offset),
          repo.listPostings(db, accountId, start, end, { offset, limit: page.limit }),
        ])
      : [{ opening: 0n, debits: 0n, credits: 0n, count: 0 }, 0n, []];
    // Each line carries the balance after it: the opening, what the earlier pages moved, and
    // this page's lines up to it.
    let balance = sums.opening + before;
    const dateOf = businessDates();
    const fixOf = fixesOfDays(db);
    const lines: StatementLine[] = [];
    for (const posting of postings) {
      balance += posting.amount;
      const date = dateOf(posting.created_at);
      lines.push({
        date,
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
        rateMicro: posting.rate_micro,
        referenceFix: posting.rate_micro === null ? null : await fixOf(date),
      });
    }
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

/** The FIX in force on each day, read once per day of a statement. */
function fixesOfDays(db: Db): (date: CalendarDate) => Promise<StatementLine['referenceFix']> {
  const fixes = new Map<CalendarDate, Promise<StatementLine['referenceFix']>>();
  return (date) => {
    let fix = fixes.get(date);
    if (!fix) {
      fix = fixOfDay(db, date);
      fixes.set(date, fix);
    }
    return fix;
  };
}
