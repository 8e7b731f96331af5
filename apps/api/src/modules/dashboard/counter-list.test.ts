import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_STATUS_IDS } from '@app/domain';
import { expectLedgerSound, newCustomer } from '../../test/finance-fixtures.js';
import {
  assignInvoice,
  insertConversion,
  insertInvoice,
  insertSupplier,
} from '../../test/payment-fixtures.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';

/** Each dashboard counter counts exactly the rows of the list its link opens. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('invoices pending assignment', () => {
  it('counts To pay and Parcial invoices, exactly the list its link opens', async () => {
    const customer = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const conversionId = await insertConversion(t, customer.enterpriseId, { mxn: '100000.00' });
    const invoice = (total: string) =>
      insertInvoice(t, customer.enterpriseId, supplierId, { total });
    const toPay = [await invoice('1000.00'), await invoice('2000.00'), await invoice('3000.00')];
    const parcial = [await invoice('4000.00'), await invoice('5000.00')];
    const assigned = await invoice('6000.00');
    for (const id of parcial) {
      await assignInvoice(t, customer.enterpriseId, conversionId, id, '100.00');
    }
    await assignInvoice(t, customer.enterpriseId, conversionId, assigned, '6000.00');

    const dashboard = json<{ unassignedInvoices: number }>(await customer.call('GET', 'dashboard'));
    const list = json<{
      invoices: Array<{ sInvoiceId: string; sStatusId: string }>;
      total: number;
    }>(await customer.call('POST', 'invoices/invoices', { bPendingAssignment: true }));
    expect(dashboard.unassignedInvoices).toBe(5);
    expect(list.total).toBe(dashboard.unassignedInvoices);
    expect(list.invoices.map((row) => row.sInvoiceId).sort()).toEqual(
      [...toPay, ...parcial].sort(),
    );
    expect(new Set(list.invoices.map((row) => row.sStatusId))).toEqual(
      new Set([INVOICE_STATUS_IDS.TO_PAY, INVOICE_STATUS_IDS.PARCIAL]),
    );

    // Parcial has a place of its own in the status filter.
    const onlyParcial = json<{ total: number }>(
      await customer.call('POST', 'invoices/invoices', { sStatusId: INVOICE_STATUS_IDS.PARCIAL }),
    );
    expect(onlyParcial.total).toBe(2);
    await expectLedgerSound(t);
  });
});

describe('conversions available and active forwards', () => {
  it('count exactly the rows of /balance and /forwards', async () => {
    const customer = await newCustomer(t);
    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const withPesos = [
      await insertConversion(t, customer.enterpriseId, { mxn: '1000.00' }),
      await insertConversion(t, customer.enterpriseId, { mxn: '2000.00' }),
    ];
    // Partly assigned still has pesos to pay; wholly assigned and paid has none.
    const partlyAssigned = await insertConversion(t, customer.enterpriseId, { mxn: '3000.00' });
    const invoice = await insertInvoice(t, customer.enterpriseId, supplierId, { total: '500.00' });
    await assignInvoice(t, customer.enterpriseId, partlyAssigned, invoice, '500.00');
    const spent = await insertConversion(t, customer.enterpriseId, { mxn: '700.00' });
    await t.db
      .updateTable('conversions')
      .set({ paid_mxn: 70_000n })
      .where('id', '=', spent)
      .execute();
    const forwards = [
      await insertConversion(t, customer.enterpriseId, { mxn: '4000.00', kind: 'ACTIVE_FORWARD' }),
      await insertConversion(t, customer.enterpriseId, { mxn: '5000.00', kind: 'ACTIVE_FORWARD' }),
    ];

    const dashboard = json<{ transactionsAvailable: number; forwardsActive: number }>(
      await customer.call('GET', 'dashboard'),
    );
    // The pages ask exactly this (apps/web conversions-api): no filter, the default page.
    const balance = json<{ transactions: Array<{ sTransactionId: string }> }>(
      await customer.call('GET', 'transactions'),
    );
    const active = json<{ forwards: Array<{ sTransactionId: string }> }>(
      await customer.call('GET', 'transactions/getForwardsActive'),
    );
    expect(dashboard.transactionsAvailable).toBe(3);
    expect(balance.transactions.length).toBe(dashboard.transactionsAvailable);
    expect(balance.transactions.map((row) => row.sTransactionId).sort()).toEqual(
      [...withPesos, partlyAssigned].sort(),
    );
    expect(dashboard.forwardsActive).toBe(2);
    expect(active.forwards.length).toBe(dashboard.forwardsActive);
    expect(active.forwards.map((row) => row.sTransactionId).sort()).toEqual([...forwards].sort());
  });
});
