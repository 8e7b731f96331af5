import type { LightMyRequestResponse } from 'fastify';
import { parseMoney } from '@app/domain';
import { expect } from 'vitest';
import { ledgerInvariantViolations } from '../ledger/ledger.repository.js';
import { dashboardCountViolations } from '../modules/dashboard/dashboard.repository.js';
import { bearer, signUp, type TestApp } from './test-app.js';

export interface Customer {
  token: string;
  enterpriseId: string;
  userId: string;
  /** Calls /api/v1/{lang}/<path> as this customer. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    options?: { lang?: 'en' | 'sp'; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

let bankReferenceCounter = 0;

/** A freshly signed-up customer company, optionally funded with USD through a deposit. */
export async function newCustomer(t: TestApp, options: { usd?: string } = {}): Promise<Customer> {
  const account = await signUp(t.app, 'customer');
  const customer: Customer = {
    token: account.token,
    enterpriseId: account.enterpriseId,
    userId: account.userId,
    call: (method, path, body, callOptions = {}) =>
      t.app.inject({
        method,
        url: `/api/v1/${callOptions.lang ?? 'en'}/${path}`,
        headers: { ...bearer(account.token), ...callOptions.headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      }),
  };
  if (options.usd) await fundUsd(t, customer.enterpriseId, options.usd);
  return customer;
}

export async function fundUsd(t: TestApp, enterpriseId: string, usd: string): Promise<void> {
  bankReferenceCounter += 1;
  await t.app.finance.funds.creditDeposit({
    enterpriseId,
    amountUsd: parseMoney(usd),
    bankReference: `TEST-WIRE-${Date.now()}-${bankReferenceCounter}`,
  });
}

/** A live spot quote for the enterprise (what GET dashboard hands the client). */
export function spotQuote(t: TestApp, enterpriseId: string) {
  return t.app.finance.rates.spotQuote(enterpriseId);
}

export async function balancesOf(t: TestApp, enterpriseId: string) {
  return t.app.finance.ledger.balances(t.db, enterpriseId);
}

/**
 * Journals balance, cached balances equal their postings, no customer balance is negative,
 * and the dashboard's stored counts equal the live counts.
 */
export async function expectLedgerSound(t: TestApp): Promise<void> {
  expect(await ledgerInvariantViolations(t.db)).toEqual([]);
  expect(await dashboardCountViolations(t.db)).toEqual([]);
}

/** Row counts of the tables money writes touch, to prove a refusal wrote nothing. */
export async function moneyTableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = [
    'journals',
    'postings',
    'conversions',
    'conversion_invoices',
    'payments',
    'payment_invoices',
    'invoices',
    'payment_recipients',
    'deposits',
    'idempotency_keys',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
