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

/** The dashboard's 'Invoices pending assignment' counts exactly what its link lists. */

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
