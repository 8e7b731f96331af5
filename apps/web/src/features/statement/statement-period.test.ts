import { describe, expect, it } from 'vitest';
import type { Statement } from './api/statement';
import { defaultPeriod, periodErrors } from './statement-period';
import { statementExcelLines, statementRows } from './statement-rows';

describe('statement period', () => {
  it('defaults to the first of the month through today, in Mexico City', () => {
    expect(defaultPeriod(new Date('2026-11-21T18:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-21',
    });
    // 03:00 UTC on Dec 1 is still Nov 30 in Mexico City.
    expect(defaultPeriod(new Date('2026-12-01T03:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('is ready only with two real dates in order, 366 days at most', () => {
    expect(periodErrors({ from: '2026-11-01', to: '2026-11-21' })).toEqual({ ready: true });
    expect(periodErrors({ from: '', to: '2026-11-21' })).toEqual({ ready: false });
    expect(periodErrors({ from: '2026-11-22', to: '2026-11-21' })).toEqual({
      ready: false,
      from: 'fromAfterTo',
    });
    expect(periodErrors({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ ready: true });
    expect(periodErrors({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
      ready: false,
      to: 'rangeTooLong',
    });
  });
});

const statement: Statement = {
  sCurrency: 'USD',
  dFrom: '2026-11-01',
  dTo: '2026-11-21',
  openingBalance: 100,
  closingBalance: 130.5,
  dTotalDebit: 20,
  dTotalCredit: 50.5,
  truncated: false,
  total: 2,
  page: 1,
  limit: 50,
  entries: [
    {
      dDate: '2026-11-02',
      created_at: '2026-11-02T15:00:00Z',
      sDescription: 'Wire received',
      sType: 'ADD_FUNDS',
      dDebit: 0,
      dCredit: 50.5,
      dBalance: 150.5,
      sReference: 'W-1',
      sPaidAccount: null,
      dRate: null,
      referenceFix: null,
    },
    {
      dDate: '2026-11-03',
      created_at: '2026-11-03T15:00:00Z',
      sDescription: 'Pay now',
      sType: 'PAY_NOW',
      dDebit: 20,
      dCredit: 0,
      dBalance: 130.5,
      sReference: null,
      sPaidAccount: 'BBVA MEXICO ********9719',
      dRate: 18.05,
      referenceFix: { dDate: '2026-11-02', dRate: 18.1234 },
    },
  ],
};

describe('statement rows', () => {
  it('numbers the entries for the table', () => {
    expect(statementRows(statement).map((row) => row.id)).toEqual([0, 1]);
    expect(statementRows(undefined)).toEqual([]);
  });

  it('numbers a later page from its place in the period', () => {
    const third = { ...statement, total: 102, page: 3, limit: 50 };
    expect(statementRows(third).map((row) => row.id)).toEqual([100, 101]);
  });

  it('frames the Excel lines with the opening line and the closing line with totals', () => {
    const lines = statementExcelLines(statement, {
      opening: 'Opening',
      closing: 'Closing',
      date: (date) => `d:${date}`,
      type: (kind) => `t:${kind}`,
    });
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual({ date: 'd:2026-11-01', description: 'Opening', balance: 100 });
    expect(lines[1]).toMatchObject({ type: 't:ADD_FUNDS', debit: 0, credit: 50.5, balance: 150.5 });
    expect(lines[3]).toEqual({
      date: 'd:2026-11-21',
      description: 'Closing',
      debit: 20,
      credit: 50.5,
      balance: 130.5,
    });
    expect(
      statementExcelLines(undefined, { opening: '', closing: '', date: String, type: String }),
    ).toEqual([]);
  });
});
