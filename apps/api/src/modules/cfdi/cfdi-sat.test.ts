import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClabe } from '@app/domain';
import {
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
  spotQuote,
  type Customer,
} from '../../test/finance-fixtures.js';
import { startSatStatusServer, type SatStatusServer } from '../../test/sat-status-server.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiInvoice } from '../invoices/invoices.service.js';
import { readCfdiSample, type CfdiSampleFile } from './cfdi-samples.js';
import type { CfdiParseLine } from './cfdi.service.js';

let t: TestApp;
let sat: SatStatusServer;

const LIMONES = 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80';
const AGUACATES = '6F1C2B7A-4E3D-4A9B-9C21-7D5E8F0A1B23';
const HORTALIZAS = 'D48A2F6C-3B95-4E07-A1C8-92E6B5F3D710';
const TOMATES = '0B7E6D52-91A4-4C3F-B8D2-5E1F0A9C7D64';

function file(name: CfdiSampleFile) {
  return { sFileName: name, sContent: readCfdiSample(name) };
}

async function parse(customer: Customer, names: CfdiSampleFile[], lang: 'en' | 'sp' = 'en') {
  const response = await customer.call(
    'POST',
    'invoices/cfdi/parse',
    { files: names.map(file) },
    { lang },
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<{ results: CfdiParseLine[] }>(response).results;
}

function importItem(line: CfdiParseLine) {
  return {
    sUuid: line.sUuid,
    sContent: readCfdiSample(line.sFileName as CfdiSampleFile),
    sInvoice: line.sInvoice,
    dPurchaseDate: line.dPurchaseDate,
    dTotalAmount: line.dTotalAmount,
    dRateProtection: 18.75,
    iCreditPeriod: 30,
    newSupplier: {
      sName: line.sNombreEmisor,
      sTaxId: line.sRfcEmisor,
      sAccountNumber: makeClabe('072', '180', '00012345678'),
    },
  };
}

async function satStatusOf(uuid: string) {
  const row = await t.db
    .selectFrom('cfdi_imports')
    .select(['sat_status', 'sat_expression'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return row;
}

describe(`SAT status of CFDIs on ${TEST_ENGINE}`, () => {
  beforeAll(async () => {
    sat = await startSatStatusServer();
  });
  afterAll(async () => {
    await sat.close();
  });
  beforeEach(async () => {
    sat.answers.clear();
    t = await createTestApp({
      SAT_STATUS_CHECK: 'on',
      SAT_STATUS_URL: sat.url,
      // Long enough for a loaded test machine; the timeout case waits for it once.
      SAT_STATUS_TIMEOUT_MS: '2000',
    });
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('refuses a cancelled or unknown CFDI and warns when the SAT cannot be asked', async () => {
    const customer = await newCustomer(t);
    sat.answers.set(AGUACATES, 'cancelado');
    sat.answers.set(HORTALIZAS, 'no-encontrado');
    sat.answers.set(TOMATES, 'timeout');
    const lines = await parse(customer, [
      'cfdi40-limones-colima.xml',
      'cfdi40-aguacates-del-valle.xml',
      'cfdi40-hortalizas-del-norte.xml',
      'cfdi40-tomates-sinaloa-usd.xml',
    ]);
    expect(lines.map((line) => [line.sUuid, line.sStatus, line.sReasonCode])).toEqual([
      [LIMONES, 'READY', undefined],
      [AGUACATES, 'REFUSED', 'SAT_CANCELLED'],
      [HORTALIZAS, 'REFUSED', 'SAT_NOT_FOUND'],
      [TOMATES, 'READY', undefined],
    ]);
    expect(lines[3]?.aWarnings.map((warning) => warning.sCode)).toContain('SAT_STATUS_UNAVAILABLE');
    expect(sat.asked).toContain(`?re=LCO150820KJ3&rr=XEXX010101000&tt=135012.50&id=${LIMONES}`);
    const [, cancelled] = await parse(
      customer,
      ['cfdi40-limones-colima.xml', 'cfdi40-aguacates-del-valle.xml'],
      'sp',
    );
    expect(cancelled?.sReason).toBe(
      'El SAT informa que este CFDI fue cancelado por su emisor: no se puede importar. Pide al proveedor el CFDI que lo sustituye.',
    );
  });

  it('asks again at import, re-asks a failed call by job, and a CFDI cancelled since stops payment', async () => {
    const customer = await newCustomer(t, { usd: '20000.00' });
    sat.answers.set(TOMATES, 'error');
    const lines = await parse(customer, [
      'cfdi40-limones-colima.xml',
      'cfdi40-tomates-sinaloa-usd.xml',
      'cfdi40-aguacates-del-valle.xml',
    ]);
    // Cancelled between the review and the import: nothing is written.
    sat.answers.set(AGUACATES, 'cancelado');
    const before = await moneyTableCounts(t);
    const refused = await customer.call('POST', 'invoices/import', {
      invoices: lines.map(importItem),
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'CFDI_CANCELLED' });
    expect(await moneyTableCounts(t)).toEqual(before);

    const imported = await customer.call('POST', 'invoices/import', {
      invoices: lines.slice(0, 2).map(importItem),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const [limones] = json<{ invoices: ApiInvoice[] }>(imported).invoices;
    expect(await satStatusOf(LIMONES)).toMatchObject({ sat_status: 'VIGENTE' });
    expect(await satStatusOf(TOMATES)).toMatchObject({ sat_status: 'UNKNOWN' });

    // The issuer cancels the invoice after import; the SAT answers again for the other.
    sat.answers.set(LIMONES, 'cancelado');
    sat.answers.set(TOMATES, 'vigente');
    await t.db
      .updateTable('cfdi_imports')
      .set({ sat_checked_at: new Date(t.clock.now().getTime() - 7 * 3_600_000) })
      .where('uuid', '=', LIMONES)
      .execute();
    await t.app.jobs.add('cfdi.sat-status', {});
    await expect
      .poll(async () => (await satStatusOf(LIMONES))?.sat_status, { timeout: 10_000 })
      .toBe('CANCELADO');
    expect((await satStatusOf(TOMATES))?.sat_status).toBe('VIGENTE');

    const quote = await spotQuote(t, customer.enterpriseId);
    const payment = await customer.call('POST', 'payments/invoice', {
      sInvoiceId: limones?.sInvoiceId,
      sExchangeRateReference: quote.id,
    });
    expect(payment.statusCode).toBe(409);
    expect(json(payment)).toMatchObject({
      code: 'CFDI_CANCELLED',
      message:
        'The SAT reports this CFDI as cancelled by its issuer, or does not know it: it cannot be imported or paid. Ask the supplier for a valid CFDI.',
    });
  });
});
