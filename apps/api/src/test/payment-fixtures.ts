import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  addDays,
  convertMxnToUsd,
  deriveInvoiceStatus,
  dueDate,
  forwardDeposit,
  makeClabe,
  moneyToDecimalString,
  parseMoney,
  parseRate,
  todayInTimeZone,
} from '@app/domain';
import { fundUsd } from './finance-fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * Rows the payments, dashboard and statement tests need, written straight to the tables
 * (and, for money, through the ledger), so those tests depend on no other module's routes.
 */

let counter = 0;

export async function insertSupplier(
  t: TestApp,
  enterpriseId: string,
  overrides: { name?: string; deleted?: boolean } = {},
): Promise<string> {
  counter += 1;
  const id = randomUUID();
  await t.db
    .insertInto('payment_recipients')
    .values({
      id,
      enterprise_id: enterpriseId,
      name: overrides.name ?? `Agrícola del Valle ${counter}`,
      email: `pagos${counter}@agricola.test`,
      bank_name: 'BBVA MEXICO',
      clabe: makeClabe('012', '180', String(counter).padStart(11, '0')),
      payments_held_until: null,
      tax_id: 'AVA010101AB1',
      entity_business: 'COMPANY',
      created_at: t.clock.now(),
      deleted_at: overrides.deleted ? t.clock.now() : null,
    })
    .execute();
  return id;
}

export async function insertInvoice(
  t: TestApp,
  enterpriseId: string,
  recipientId: string,
  options: { total: string; rateProtection?: string; name?: string; deleted?: boolean },
): Promise<string> {
  counter += 1;
  const id = randomUUID();
  const purchaseDate = addDays(todayInTimeZone(t.clock.now()), -10);
  await t.db
    .insertInto('invoices')
    .values({
      id,
      enterprise_id: enterpriseId,
      payment_recipient_id: recipientId,
      invoice_name: options.name ?? `F-${counter}`,
      purchase_date: purchaseDate,
      credit_period_days: 30,
      due_date: dueDate(purchaseDate, 30),
      total_mxn: parseMoney(options.total),
      rate_protection_micro: parseRate(options.rateProtection ?? '19.00'),
      status: 'TO_PAY',
      created_at: t.clock.now(),
      deleted_at: options.deleted ? t.clock.now() : null,
    })
    .execute();
  return id;
}

/**
 * A conversion as the conversions module makes it: a settled forex (USD deposited, then
 * converted, MXN available) or an active forward (its 5 % deposit held).
 */
export async function insertConversion(
  t: TestApp,
  enterpriseId: string,
  options: { mxn: string; rate?: string; kind?: 'FOREX' | 'ACTIVE_FORWARD' },
): Promise<string> {
  const mxn = parseMoney(options.mxn);
  const rate = parseRate(options.rate ?? '18.00');
  const usd = convertMxnToUsd(mxn, rate);
  const forward = options.kind === 'ACTIVE_FORWARD';
  const deposit = forward ? forwardDeposit(usd) : 0n;
  const usdNeeded = forward ? deposit : usd;
  await fundUsd(t, enterpriseId, moneyToDecimalString(usdNeeded));
  const id = randomUUID();
  const now = t.clock.now();
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('conversions')
      .values({
        id,
        enterprise_id: enterpriseId,
        type: forward ? 'FORWARD' : 'FOREX',
        status: forward ? 'ACTIVE' : 'SETTLED',
        usd_cents: usd,
        mxn_cents: mxn,
        rate_micro: rate,
        quote_id: null,
        forward_date: forward ? addDays(todayInTimeZone(now), 30) : null,
        deposit_usd: deposit,
        created_at: now,
        settled_at: forward ? null : now,
      })
      .execute();
    await t.app.finance.ledger.post(trx, {
      enterpriseId,
      kind: forward ? 'FORWARD_BOOKING' : 'FOREX',
      description: forward ? 'Forward deposit (test)' : 'Forex (test)',
      rateMicro: rate,
      createdAt: now,
      lines: forward
        ? [
            { account: { enterpriseId, kind: 'USD_AVAILABLE' }, amount: -deposit },
            { account: { enterpriseId, kind: 'USD_FORWARD_DEPOSIT' }, amount: deposit },
          ]
        : [
            { account: { enterpriseId, kind: 'USD_AVAILABLE' }, amount: -usd },
            { account: { house: 'HOUSE_FX_USD' }, amount: usd },
            { account: { house: 'HOUSE_FX_MXN' }, amount: -mxn },
            { account: { enterpriseId, kind: 'MXN_AVAILABLE' }, amount: mxn },
          ],
    });
  });
  return id;
}

/** Attaches MXN of an invoice to a conversion, as `POST transactions/invoice` does. */
export async function assignInvoice(
  t: TestApp,
  enterpriseId: string,
  conversionId: string,
  invoiceId: string,
  amount: string,
): Promise<void> {
  const amountMxn = parseMoney(amount);
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('conversion_invoices')
      .values({
        conversion_id: conversionId,
        invoice_id: invoiceId,
        enterprise_id: enterpriseId,
        amount_mxn: amountMxn,
        created_at: t.clock.now(),
      })
      .execute();
    await trx
      .updateTable('conversions')
      .set((eb) => ({ assigned_mxn: eb('assigned_mxn', '+', amountMxn) }))
      .where('id', '=', conversionId)
      .execute();
    const invoice = await trx
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    const assigned = invoice.assigned_mxn + amountMxn;
    await trx
      .updateTable('invoices')
      .set({
        assigned_mxn: assigned,
        status: deriveInvoiceStatus({
          totalMxnCents: invoice.total_mxn,
          assignedMxnCents: assigned,
          paidMxnCents: invoice.paid_mxn,
        }),
      })
      .where('id', '=', invoiceId)
      .execute();
  });
  // Assignments are ordered by age: keep each one's time distinct.
  t.clock.advanceMinutes(1);
}

export async function invoiceRow(t: TestApp, invoiceId: string) {
  return t.db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
}

export async function conversionRow(t: TestApp, conversionId: string) {
  return t.db
    .selectFrom('conversions')
    .selectAll()
    .where('id', '=', conversionId)
    .executeTakeFirstOrThrow();
}

export async function paymentRow(t: TestApp, paymentId: string) {
  return t.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
}

/**
 * The text a PDF shows, as `pdftotext -layout` (poppler) extracts it: what a reader copying
 * from the document would get, whatever fonts it embeds.
 */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  });
}
