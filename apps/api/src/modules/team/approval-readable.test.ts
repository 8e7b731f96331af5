import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClabe } from '@app/domain';
import { newCustomer, spotQuote, type Customer } from '../../test/finance-fixtures.js';
import { insertInvoice, insertSupplier } from '../../test/payment-fixtures.js';
import { addTeamMember, approvalCount } from '../../test/team-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

interface Details {
  sWhat: string;
  bMovesMoney: boolean;
  aPayees: Array<{ sName: string; sClabe: string }>;
  aInvoices: string[];
  dAmountUsd: number | null;
  dAmountMxn: number | null;
  dExchangeRate: number | null;
  aLines: Array<{ sPayee: string; sClabe: string; sInvoice: string | null; dAmountMxn: number }>;
  aChanges: Array<{ sField: string; sFrom: string | null; sTo: string }>;
}

interface Approval {
  sApprovalId: string;
  sStatus: string;
  sFailureCode: string | null;
  oDetails: Details;
}

let t: TestApp;
let admin: Customer;
let preparer: Customer;
let supplierId: string;

async function read(caller: Customer, approvalId: string, lang?: 'sp'): Promise<Approval> {
  const response = await caller.call(
    'GET',
    `approvals/${approvalId}`,
    undefined,
    lang ? { lang } : {},
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<{ approval: Approval }>(response).approval;
}

function heldId(response: { statusCode: number; body: string }): string {
  expect(response.statusCode, response.body).toBe(202);
  return json<{ approval: { sApprovalId: string } }>(response as never).approval.sApprovalId;
}

describe(
  `approvals people can read, checked when asked, on ${TEST_ENGINE}`,
  { timeout: 120_000 },
  () => {
    beforeAll(async () => {
      t = await createTestApp({ PAYOUT_SETTLE_SECONDS: '3600' });
      admin = await newCustomer(t, { usd: '1000.00' });
      preparer = await addTeamMember(t, admin, 'PREPARER');
      supplierId = await insertSupplier(t, admin.enterpriseId, { name: 'Berries del Norte' });
    }, 300_000);
    afterAll(async () => {
      await t.close();
    });

    it('refuses an impossible payment when it is asked, as the direct call would, and queues nothing', async () => {
      const before = await approvalCount(t, admin.enterpriseId);
      const quote = await spotQuote(t, admin.enterpriseId);
      const tooMuch = await preparer.call('POST', 'payments/sendPayNow', {
        dDesAmount: 1_000_000_000,
        comment: 'Pago',
        sPaymentRecipientId: supplierId,
        sExchangeRateReference: quote.id,
      });
      expect(tooMuch.statusCode, tooMuch.body).toBe(409);
      expect(json(tooMuch)).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });

      const gone = await insertSupplier(t, admin.enterpriseId, { deleted: true });
      const toDeleted = await preparer.call('POST', 'payments/sendPayNow', {
        dAmount: 10,
        comment: 'Pago',
        sPaymentRecipientId: gone,
        sExchangeRateReference: quote.id,
      });
      expect(toDeleted.statusCode, toDeleted.body).toBe(409);
      expect(json(toDeleted)).toMatchObject({ code: 'SUPPLIER_DELETED' });

      const batch = await preparer.call('POST', 'payments/batch', {
        sExchangeRateReference: quote.id,
        items: [
          { sPaymentRecipientId: supplierId, dDesAmount: 100, comment: 'Uno' },
          { sPaymentRecipientId: supplierId, dDesAmount: 90_000_000, comment: 'Dos' },
        ],
      });
      expect(batch.statusCode, batch.body).toBe(409);
      expect(json(batch)).toMatchObject({ code: 'INSUFFICIENT_FUNDS', field: 'items.1' });
      expect(await approvalCount(t, admin.enterpriseId)).toBe(before);
    });

    it('a refusal at approval tells the maker and the checker why, by e-mail', async () => {
      const quote = await spotQuote(t, admin.enterpriseId);
      const invoiceId = await insertInvoice(t, admin.enterpriseId, supplierId, {
        total: '1000.00',
      });
      const approvalId = heldId(
        await preparer.call('POST', 'payments/invoice', {
          sInvoiceId: invoiceId,
          sExchangeRateReference: quote.id,
        }),
      );
      // Meanwhile the invoice is no longer To pay.
      await t.db
        .updateTable('invoices')
        .set({ status: 'PAID' })
        .where('id', '=', invoiceId)
        .execute();
      const fresh = await admin.call('POST', `approvals/${approvalId}/quote`);
      const answer = await admin.call('POST', `approvals/${approvalId}/approve`, {
        sExchangeRateReference: json<{ quote: { sExchangeRateReference: string } }>(fresh).quote
          .sExchangeRateReference,
      });
      expect(json<{ approval: Approval }>(answer).approval).toMatchObject({
        sStatus: 'FAILED',
        sFailureCode: 'INVALID_STATE',
      });
      const mails = await t.db
        .selectFrom('outbox_emails')
        .select(['to_address', 'subject', 'body_text'])
        .where('subject', 'like', '%not carried out%')
        .execute();
      const emails = await t.db
        .selectFrom('users')
        .select('email')
        .where('id', 'in', [admin.userId, preparer.userId])
        .execute();
      for (const { email } of emails) {
        const mail = mails.find((row) => row.to_address === email);
        expect(mail?.body_text).toContain('This operation is not allowed in the current state');
      }
    });

    it('shows what a payment asks: supplier, masked CLABE, USD and MXN, no ids or field names', async () => {
      const quote = await spotQuote(t, admin.enterpriseId);
      const approvalId = heldId(
        await preparer.call('POST', 'payments/sendPayNow', {
          dDesAmount: 5000,
          comment: 'Fresas de abril',
          sPaymentRecipientId: supplierId,
          sExchangeRateReference: quote.id,
        }),
      );
      const approval = await read(admin, approvalId);
      expect(approval.oDetails).toMatchObject({
        sWhat: 'Send USD to a supplier now',
        bMovesMoney: true,
        aPayees: [{ sName: 'Berries del Norte', sClabe: expect.stringMatching(/^\*{8}\d{4}$/) }],
        dAmountMxn: 5000,
      });
      expect(approval.oDetails.dAmountUsd).toBeGreaterThan(200);
      expect(JSON.stringify(approval.oDetails)).not.toContain(supplierId);
      expect(JSON.stringify(approval.oDetails)).not.toMatch(/sPaymentRecipientId|dDesAmount/);
      expect((await read(admin, approvalId, 'sp')).oDetails.sWhat).toBe(
        'Enviar USD a un proveedor ahora',
      );
    });

    it("lists a batch's lines with their invoices", async () => {
      const quote = await spotQuote(t, admin.enterpriseId);
      const invoiceId = await insertInvoice(t, admin.enterpriseId, supplierId, {
        total: '2000.00',
        name: 'F-BATCH-77',
      });
      const approvalId = heldId(
        await preparer.call('POST', 'payments/batch', {
          sExchangeRateReference: quote.id,
          items: [
            { sInvoiceId: invoiceId },
            { sPaymentRecipientId: supplierId, dDesAmount: 300, comment: 'Anticipo' },
          ],
        }),
      );
      const { oDetails } = await read(admin, approvalId);
      expect(oDetails.aInvoices).toEqual(['F-BATCH-77']);
      expect(oDetails.aLines).toMatchObject([
        { sPayee: 'Berries del Norte', sInvoice: 'F-BATCH-77', dAmountMxn: 2000 },
        { sPayee: 'Berries del Norte', sInvoice: null, dAmountMxn: 300 },
      ]);
      expect(oDetails.dAmountMxn).toBe(2300);
    });

    it('a supplier change says what changes, old and new, and that no money moves; the list shows it pending', async () => {
      const newClabe = makeClabe('072', '180', '00000000077');
      const approvalId = heldId(
        await preparer.call('PUT', 'payment-recipient', {
          sPaymentRecipientId: supplierId,
          sName: 'Berries del Norte',
          sEmail: 'pagos@berries.test',
          sBankName: 'BANORTE',
          sAccountNumber: newClabe,
          sEntityBusiness: 'COMPANY',
          sTaxId: 'AVA010101AB1',
        }),
      );
      const { oDetails } = await read(admin, approvalId, 'sp');
      expect(oDetails.bMovesMoney).toBe(false);
      expect(oDetails.aChanges).toEqual(
        expect.arrayContaining([
          { sField: 'Banco', sFrom: 'BBVA MEXICO', sTo: 'BANORTE' },
          {
            sField: 'CLABE',
            sFrom: expect.stringMatching(/^\*{8}/),
            sTo: `********${newClabe.slice(-4)}`,
          },
        ]),
      );
      expect(oDetails.aChanges.map((change) => change.sField)).not.toContain('Nombre');

      const created = heldId(
        await preparer.call('POST', 'payment-recipient', {
          sName: 'Aguacates Uruapan',
          sEmail: 'pagos@aguacates.test',
          sBankName: 'BANORTE',
          sAccountNumber: makeClabe('072', '180', '00000000078'),
          sEntityBusiness: 'COMPANY',
          sTaxId: 'SAT970701NN3',
        }),
      );
      const list = json<{
        paymentRecipients: Array<{ sName: string }>;
        aPendingApproval: Array<{
          sApprovalId: string;
          sChange: string;
          sName: string;
          sAccountNumber: string;
        }>;
      }>(await preparer.call('GET', 'payment-recipient'));
      expect(list.paymentRecipients.map((row) => row.sName)).not.toContain('Aguacates Uruapan');
      expect(list.aPendingApproval).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            sApprovalId: created,
            sChange: 'NEW',
            sName: 'Aguacates Uruapan',
          }),
          expect.objectContaining({ sApprovalId: approvalId, sChange: 'BANK_ACCOUNT' }),
        ]),
      );
      expect(list.aPendingApproval[0]!.sAccountNumber).toMatch(/^\*{8}\d{4}$/);

      // Approved, it leaves the pending list and joins the suppliers.
      await admin.call('POST', `approvals/${created}/approve`, {});
      const after = json<{
        paymentRecipients: Array<{ sName: string }>;
        aPendingApproval: Array<{ sApprovalId: string }>;
      }>(await preparer.call('GET', 'payment-recipient'));
      expect(after.paymentRecipients.map((row) => row.sName)).toContain('Aguacates Uruapan');
      expect(after.aPendingApproval.map((row) => row.sApprovalId)).not.toContain(created);
    });
  },
);
