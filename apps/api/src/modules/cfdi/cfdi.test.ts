import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_STATUS_IDS, makeClabe } from '@app/domain';
import {
  expectLedgerSound,
  moneyTableCounts,
  newCustomer,
  type Customer,
} from '../../test/finance-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiInvoice } from '../invoices/invoices.service.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { demoCsd, sealCfdi } from '../../test/cfdi-signing.js';
import { readCfdiSample, type CfdiSampleFile } from './cfdi-samples.js';
import type { CfdiParseLine } from './cfdi.service.js';

let t: TestApp;
/** The text last sent for each file name, which the import sends back. */
const sentContents = new Map<string, string>();

/** Real CFDIs published by a CFDI library (fixtures/SOURCE.md), as they are. */
function fixture(name: 'cfdi40-real.xml' | 'cfdi40-valid.xml'): string {
  return readFileSync(fileURLToPath(new URL(`fixtures/${name}`, import.meta.url)), 'utf8');
}

const CLABE = makeClabe('072', '180', '00012345678');

function files(...names: CfdiSampleFile[]) {
  return names.map((name) => ({ sFileName: name, sContent: readCfdiSample(name) }));
}

async function parse(
  customer: Customer,
  body: { files: Array<{ sFileName: string; sContent: string }> },
  lang: 'en' | 'sp' = 'en',
) {
  for (const file of body.files) sentContents.set(file.sFileName, file.sContent);
  const response = await customer.call('POST', 'invoices/cfdi/parse', body, { lang });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ results: CfdiParseLine[] }>(response).results;
}

async function addSupplier(customer: Customer, taxId: string, name: string) {
  const response = await customer.call('POST', 'payment-recipient/', {
    sName: name,
    sEmail: 'pagos@proveedor.mx',
    sBankName: 'BANORTE',
    sAccountNumber: CLABE,
    sEntityBusiness: 'COMPANY',
    sTaxId: taxId,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ paymentRecipient: { sPaymentRecipientId: string } }>(response).paymentRecipient
    .sPaymentRecipientId;
}

async function setCompanyTaxId(customer: Customer, taxId: string) {
  await t.db
    .updateTable('enterprises')
    .set({ tax_id: taxId })
    .where('id', '=', customer.enterpriseId)
    .execute();
}

/**
 * A stamped credit note of Limones Colima lowering `invoiceUuid` by `total` MXN (TipoRelacion
 * 01), sealed with the supplier's demo CSD.
 */
function creditNote(invoiceUuid: string, total: string, uuid: string, relation = '01'): string {
  const xml = readCfdiSample('cfdi40-limones-colima.xml')
    .replace('TipoDeComprobante="I"', 'TipoDeComprobante="E"')
    .replace(' SubTotal="135012.50"', ` SubTotal="${total}"`)
    .replace(' Total="135012.50"', ` Total="${total}"`)
    .replace('UUID="A3D94E10-7B2C-4F61-8E05-3C9B12D47F80"', `UUID="${uuid}"`)
    .replace(
      /(<cfdi:Emisor )/,
      `<cfdi:CfdiRelacionados TipoRelacion="${relation}"><cfdi:CfdiRelacionado UUID="${invoiceUuid}"/></cfdi:CfdiRelacionados>\n  $1`,
    );
  return sealCfdi(xml, demoCsd('LCO150820KJ3'));
}

const LIMONES_UUID = 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80';
const NOTE_UUID = '11111111-2222-4333-8444-555555555555';

/** What the review sends for a READY line: the CFDI's data plus the rate and the period. */
function importItem(line: CfdiParseLine, extra: Record<string, unknown> = {}) {
  return {
    sUuid: line.sUuid,
    sContent: sentContents.get(line.sFileName),
    sInvoice: line.sInvoice,
    dPurchaseDate: line.dPurchaseDate,
    dTotalAmount: line.dTotalAmount,
    dRateProtection: 18.75,
    iCreditPeriod: 30,
    ...(line.sPaymentRecipientId
      ? { sPaymentRecipientId: line.sPaymentRecipientId }
      : {
          newSupplier: {
            sName: line.sNombreEmisor,
            sTaxId: line.sRfcEmisor,
            sAccountNumber: CLABE,
          },
        }),
    ...extra,
  };
}

describe(`CFDI import on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('reads 4.0, 3.3 and USD files, matches suppliers by RFC and writes nothing', async () => {
    const customer = await newCustomer(t);
    await setCompanyTaxId(customer, '74-3019283');
    const limonesId = await addSupplier(customer, 'LCO150820KJ3', 'Limones Colima SPR de RL');
    const before = await moneyTableCounts(t);
    const results = await parse(customer, {
      files: files(
        'cfdi40-limones-colima.xml',
        'cfdi33-berries-jalisco.xml',
        'cfdi40-tomates-sinaloa-usd.xml',
      ),
    });
    expect(await moneyTableCounts(t)).toEqual(before);
    expect(results.map((line) => [line.sFileName, line.sStatus])).toEqual([
      ['cfdi40-limones-colima.xml', 'READY'],
      ['cfdi33-berries-jalisco.xml', 'READY'],
      ['cfdi40-tomates-sinaloa-usd.xml', 'READY'],
    ]);
    const [limones, berries, tomates] = results;
    expect(limones).toMatchObject({
      sUuid: 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80',
      sRfcEmisor: 'LCO150820KJ3',
      sNombreEmisor: 'LIMONES COLIMA',
      sInvoice: 'LC-2031',
      dPurchaseDate: '2026-11-05',
      dTotalAmount: 135012.5,
      sMoneda: 'MXN',
      sPaymentRecipientId: limonesId,
      aWarnings: [],
    });
    // An RFC the company has no supplier for: offered as a new supplier.
    expect(berries).toMatchObject({ sVersion: '3.3', sPaymentRecipientId: null });
    expect(tomates).toMatchObject({
      sMoneda: 'USD',
      dTotalOriginal: 7100,
      dTipoCambio: 18.4523,
      dTotalAmount: 131011.33,
    });
    expect(tomates?.aWarnings.map((warning) => warning.sCode)).toEqual(['FOREIGN_CURRENCY']);
    expect(tomates?.aWarnings[0]?.sMessage).toContain('USD');
  });

  it('refuses a CFDI issued to another company; warns when the company has no tax id', async () => {
    const customer = await newCustomer(t);
    const [noTaxId] = await parse(customer, { files: files('cfdi40-limones-colima.xml') });
    expect(noTaxId?.sStatus).toBe('READY');
    expect(noTaxId?.aWarnings.map((warning) => warning.sCode)).toEqual(['NO_COMPANY_TAX_ID']);
    await setCompanyTaxId(customer, '98-7654321');
    const [other] = await parse(customer, { files: files('cfdi40-limones-colima.xml') }, 'sp');
    expect(other).toMatchObject({
      sStatus: 'REFUSED',
      sReasonCode: 'RECEPTOR_MISMATCH',
      sReason:
        'Este CFDI se emitió a otra empresa (XEXX010101000 / 743019283), no a la tuya (identificación fiscal 98-7654321): no se puede importar. Pide al proveedor que lo emita a tu empresa.',
    });
    // The real CFDI's receptor is a Mexican RFC: another company's, not this one's.
    await setCompanyTaxId(customer, 'MCI7306249Y1');
    const [real] = await parse(customer, {
      files: [{ sFileName: 'real.xml', sContent: fixture('cfdi40-real.xml') }],
    });
    expect(real).toMatchObject({ sStatus: 'REFUSED', sReasonCode: 'RECEPTOR_MISMATCH' });
    const [own] = await parse(customer, {
      files: [{ sFileName: 'valid.xml', sContent: fixture('cfdi40-valid.xml') }],
    });
    expect(own).toMatchObject({ sStatus: 'READY', sRfcReceptor: 'MCI7306249Y1' });
  });

  it('refuses a real CFDI whose total was edited, naming the failed check, in en and sp', async () => {
    const customer = await newCustomer(t);
    await setCompanyTaxId(customer, 'COSC8001137NA');
    const before = await moneyTableCounts(t);
    const real = fixture('cfdi40-real.xml');
    const edited = real.replace(' Total="1000.00"', ' Total="100000.00"');
    const body = {
      files: [
        { sFileName: 'real.xml', sContent: real },
        { sFileName: 'edited.xml', sContent: edited },
      ],
    };
    const [ok, refused] = await parse(customer, body);
    expect(ok).toMatchObject({ sStatus: 'READY', dTotalAmount: 1000, sRfcEmisor: 'ISD950921HE5' });
    expect(refused).toMatchObject({ sStatus: 'REFUSED', sReasonCode: 'BAD_SEAL' });
    expect(refused?.sReason).toBe(
      'The CFDI’s seal does not verify (the seal is not the signature of this content): it was changed after the issuer signed it, or is not the issuer’s. Ask the supplier for the XML exactly as stamped.',
    );
    const [, spanish] = await parse(customer, body, 'sp');
    expect(spanish?.sReason).toBe(
      'El sello del CFDI no es válido (el sello no es la firma de este contenido): el archivo se modificó después de firmarse o no es del emisor. Pide al proveedor el XML tal como se timbró.',
    );
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('imports a 3.3 CFDI whose Emisor has no Nombre, named by the supplier or the RFC', async () => {
    const customer = await newCustomer(t);
    await setCompanyTaxId(customer, '74-3019283');
    const xml = sealCfdi(
      readCfdiSample('cfdi33-berries-jalisco.xml').replace(
        ' Nombre="BERRIES JALISCO SA DE CV"',
        '',
      ),
      demoCsd('BJA180101QW5'),
    );
    const [unknown] = await parse(customer, { files: [{ sFileName: 'b.xml', sContent: xml }] });
    expect(unknown).toMatchObject({
      sStatus: 'READY',
      sNombreEmisor: 'BJA180101QW5',
      sPaymentRecipientId: null,
    });
    const supplierId = await addSupplier(customer, 'BJA180101QW5', 'Berries Jalisco');
    const [known] = await parse(customer, { files: [{ sFileName: 'b.xml', sContent: xml }] });
    expect(known).toMatchObject({
      sStatus: 'READY',
      sNombreEmisor: 'Berries Jalisco',
      sPaymentRecipientId: supplierId,
    });
    const created = await customer.call('POST', 'invoices/import', {
      invoices: [importItem(known as CfdiParseLine)],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(json<{ invoices: ApiInvoice[] }>(created).invoices[0]).toMatchObject({
      dTotalAmount: 96412.8,
    });
  });

  it('refuses bad files one by one, in the request language', async () => {
    const customer = await newCustomer(t);
    const noStamp = readCfdiSample('cfdi40-limones-colima.xml').replace(
      /<cfdi:Complemento>[\s\S]*<\/cfdi:Complemento>/,
      '',
    );
    const results = await parse(
      customer,
      {
        files: [
          { sFileName: 'broken.xml', sContent: '<cfdi:Comprobante' },
          { sFileName: 'pedido.xml', sContent: '<?xml version="1.0"?><Pedido/>' },
          { sFileName: 'sin-timbre.xml', sContent: noStamp },
          { sFileName: 'big.xml', sContent: `<a>${'x'.repeat(1_048_577)}</a>` },
          ...files('cfdi40-limones-colima.xml'),
        ],
      },
      'sp',
    );
    expect(results.map((line) => [line.sStatus, line.sReasonCode])).toEqual([
      ['REFUSED', 'INVALID_XML'],
      ['REFUSED', 'NOT_A_CFDI'],
      ['REFUSED', 'MISSING_STAMP'],
      ['REFUSED', 'FILE_TOO_LARGE'],
      ['READY', undefined],
    ]);
    expect(results[2]?.sReason).toBe(
      'El CFDI no tiene TimbreFiscalDigital (el timbre del SAT con su UUID): no es un CFDI válido.',
    );
    expect(results[3]?.sReason).toBe('El archivo pesa más de 1 MB.');
    // Both accepted versions are named, in both languages.
    expect(results[1]?.sReason).toBe(
      'El archivo no es un CFDI: su raíz debe ser cfdi:Comprobante, versión 4.0 o 3.3.',
    );
    const [english] = await parse(customer, {
      files: [{ sFileName: 'order.xml', sContent: '<?xml version="1.0"?><Order/>' }],
    });
    expect(english?.sReason).toBe(
      'The file is not a CFDI: its root must be cfdi:Comprobante, version 4.0 or 3.3.',
    );
  });

  it('refuses more than 200 files with a clear error', async () => {
    const customer = await newCustomer(t);
    const many = Array.from({ length: 201 }, (_, index) => ({
      sFileName: `f${index}.xml`,
      sContent: '<a/>',
    }));
    const response = await customer.call('POST', 'invoices/cfdi/parse', { files: many });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      code: 'TOO_MANY_FILES',
      message: 'Too many files: import at most 200 at a time.',
    });
  });

  it('imports in one transaction, with new suppliers; a UUID imported before is refused', async () => {
    const customer = await newCustomer(t);
    const limonesId = await addSupplier(customer, 'LCO150820KJ3', 'Limones Colima SPR de RL');
    const lines = await parse(customer, {
      files: files('cfdi40-limones-colima.xml', 'cfdi33-berries-jalisco.xml'),
    });
    const response = await customer.call('POST', 'invoices/import', {
      invoices: lines.map((line) => importItem(line)),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { invoices } = json<{ invoices: ApiInvoice[] }>(response);
    expect(
      invoices.map((invoice) => [
        invoice.sInvoice,
        invoice.sPaymentRecipientId === limonesId,
        invoice.dTotalAmount,
        invoice.dPurchaseDate,
        invoice.dDueDate,
        invoice.sStatusId,
      ]),
    ).toEqual([
      ['LC-2031', true, 135012.5, '2026-11-05', '2026-12-05', INVOICE_STATUS_IDS.TO_PAY],
      ['BJ-5567', false, 96412.8, '2022-12-14', '2023-01-13', INVOICE_STATUS_IDS.TO_PAY],
    ]);
    const suppliers = json<{
      paymentRecipients: Array<{
        sName: string;
        sTaxId: string;
        sAccountNumber: string;
        sBankName: string;
      }>;
    }>(await customer.call('GET', 'payment-recipient/')).paymentRecipients;
    expect(suppliers.find((supplier) => supplier.sTaxId === 'BJA180101QW5')).toMatchObject({
      sName: 'BERRIES JALISCO SA DE CV',
      sAccountNumber: CLABE,
      sBankName: 'BANORTE',
    });

    // Parsed again, both are duplicates now; importing one again writes nothing.
    const again = await parse(customer, {
      files: files('cfdi40-limones-colima.xml', 'cfdi40-aguacates-del-valle.xml'),
    });
    expect(again.map((line) => [line.sStatus, line.sReasonCode])).toEqual([
      ['DUPLICATE', 'ALREADY_IMPORTED'],
      ['READY', undefined],
    ]);
    const before = await moneyTableCounts(t);
    const refused = await customer.call('POST', 'invoices/import', {
      invoices: again.map((line) => importItem(line)),
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'DUPLICATE_CFDI', field: 'invoices.0.sUuid' });
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('refuses the same UUID twice in one import, and frees a UUID whose invoice was deleted', async () => {
    const customer = await newCustomer(t);
    const [line] = await parse(customer, { files: files('cfdi40-limones-colima.xml') });
    if (!line) throw new Error('no line');
    const before = await moneyTableCounts(t);
    const twice = await customer.call('POST', 'invoices/import', {
      invoices: [importItem(line), importItem(line)],
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ code: 'DUPLICATE_CFDI', field: 'invoices.1.sUuid' });
    expect(await moneyTableCounts(t)).toEqual(before);

    const first = await customer.call('POST', 'invoices/import', { invoices: [importItem(line)] });
    expect(first.statusCode, first.body).toBe(201);
    const [invoice] = json<{ invoices: ApiInvoice[] }>(first).invoices;
    const removed = await customer.call('PUT', 'invoices/delete', {
      sInvoiceId: invoice?.sInvoiceId,
    });
    expect(removed.statusCode).toBe(204);
    const [afterDelete] = await parse(customer, { files: files('cfdi40-limones-colima.xml') });
    expect(afterDelete?.sStatus).toBe('READY');
    // The supplier made by the first import is matched now.
    expect(afterDelete?.sPaymentRecipientId).toBe(invoice?.sPaymentRecipientId);
    const second = await customer.call('POST', 'invoices/import', {
      invoices: [importItem(afterDelete ?? line)],
    });
    expect(second.statusCode, second.body).toBe(201);
  });

  it("refuses another enterprise's supplier and a bad new-supplier CLABE, writing nothing", async () => {
    const customer = await newCustomer(t);
    const other = await newCustomer(t);
    const foreignId = await addSupplier(other, 'LCO150820KJ3', 'Limones Colima');
    const [line] = await parse(customer, { files: files('cfdi40-limones-colima.xml') });
    if (!line) throw new Error('no line');
    const before = await moneyTableCounts(t);
    const foreign = await customer.call('POST', 'invoices/import', {
      invoices: [importItem(line, { sPaymentRecipientId: foreignId, newSupplier: undefined })],
    });
    expect(foreign.statusCode).toBe(404);
    const badClabe = await customer.call('POST', 'invoices/import', {
      invoices: [
        importItem(line, {
          newSupplier: { sName: 'X', sTaxId: 'LCO150820KJ3', sAccountNumber: '072180000123456789' },
        }),
      ],
    });
    expect(badClabe.statusCode).toBe(400);
    expect(await moneyTableCounts(t)).toEqual(before);
  });

  it('imports only what the CFDI says: an edited total, file or receptor writes nothing', async () => {
    const customer = await newCustomer(t);
    await setCompanyTaxId(customer, 'COSC8001137NA');
    const real = fixture('cfdi40-real.xml');
    const [line] = await parse(customer, { files: [{ sFileName: 'real.xml', sContent: real }] });
    expect(line?.sStatus).toBe('READY');
    const before = await moneyTableCounts(t);
    const item = importItem(line as CfdiParseLine);
    const attempts = [
      { ...item, dTotalAmount: 100000 },
      { ...item, sContent: real.replace(' Total="1000.00"', ' Total="100000.00"') },
      { ...item, dPurchaseDate: '2025-01-23' },
      { ...item, sContent: fixture('cfdi40-valid.xml') },
    ];
    for (const attempt of attempts) {
      const response = await customer.call('POST', 'invoices/import', { invoices: [attempt] });
      expect(response.statusCode, response.body).toBe(422);
      expect(json(response)).toMatchObject({ code: 'CFDI_NOT_VERIFIED' });
    }
    await setCompanyTaxId(customer, '98-7654321');
    const otherCompany = await customer.call('POST', 'invoices/import', { invoices: [item] });
    expect(otherCompany.statusCode).toBe(422);
    expect(await moneyTableCounts(t)).toEqual(before);
    await setCompanyTaxId(customer, 'COSC8001137NA');
    const created = await customer.call('POST', 'invoices/import', { invoices: [item] });
    expect(created.statusCode, created.body).toBe(201);
    expect(json<{ invoices: ApiInvoice[] }>(created).invoices[0]).toMatchObject({
      dTotalAmount: 1000,
    });
  });

  it('applies a credit note to an imported invoice: its total drops and it shows as a line', async () => {
    const customer = await newCustomer(t);
    await setCompanyTaxId(customer, '74-3019283');
    const [invoiceLine] = await parse(customer, { files: files('cfdi40-limones-colima.xml') });
    const imported = await customer.call('POST', 'invoices/import', {
      invoices: [importItem(invoiceLine as CfdiParseLine)],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const invoiceId = json<{ invoices: ApiInvoice[] }>(imported).invoices[0]?.sInvoiceId;

    const note = creditNote(LIMONES_UUID, '10000.00', NOTE_UUID);
    const [line] = await parse(customer, { files: [{ sFileName: 'nc.xml', sContent: note }] });
    expect(line).toMatchObject({
      sStatus: 'READY',
      sKind: 'CREDIT_NOTE',
      sRelatedUuid: LIMONES_UUID,
      sRelatedInvoiceId: invoiceId,
      dTotalAmount: 10000,
    });
    // A credit note is not an invoice: the invoice import refuses it.
    const asInvoice = await customer.call('POST', 'invoices/import', {
      invoices: [importItem(line as CfdiParseLine)],
    });
    expect(asInvoice.statusCode).toBe(422);

    const applied = await customer.call('POST', 'invoices/credit-notes', {
      creditNotes: [{ sContent: note }],
    });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(json<{ invoices: ApiInvoice[] }>(applied).invoices[0]).toMatchObject({
      sInvoiceId: invoiceId,
      dTotalAmount: 125012.5,
    });
    const lines = await customer.call('GET', `invoices/${invoiceId}/credit-notes`);
    expect(json(lines)).toEqual({
      creditNotes: [{ sUuid: NOTE_UUID, sRelation: '01', dAmount: 10000, dIssuedOn: '2026-11-05' }],
    });
    const [again] = await parse(customer, { files: [{ sFileName: 'nc.xml', sContent: note }] });
    expect(again).toMatchObject({ sStatus: 'DUPLICATE', sReasonCode: 'ALREADY_IMPORTED' });
    const twice = await customer.call('POST', 'invoices/credit-notes', {
      creditNotes: [{ sContent: note }],
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ code: 'DUPLICATE_CFDI' });
  });

  it("refuses a credit note above what remains, or for another company's invoice", async () => {
    const owner = await newCustomer(t);
    const other = await newCustomer(t);
    for (const customer of [owner, other]) await setCompanyTaxId(customer, '74-3019283');
    const [invoiceLine] = await parse(owner, { files: files('cfdi40-limones-colima.xml') });
    const imported = await owner.call('POST', 'invoices/import', {
      invoices: [importItem(invoiceLine as CfdiParseLine)],
    });
    expect(imported.statusCode).toBe(201);
    const before = await moneyTableCounts(t);

    const tooMuch = creditNote(LIMONES_UUID, '140000.00', NOTE_UUID, '03');
    const [refused] = await parse(
      owner,
      { files: [{ sFileName: 'nc.xml', sContent: tooMuch }] },
      'sp',
    );
    expect(refused).toMatchObject({ sStatus: 'REFUSED', sReasonCode: 'CREDIT_NOTE_EXCEEDS' });
    expect(refused?.sReason).toBe(
      `Esta nota de crédito (140000.00 MXN) es mayor que lo pendiente de la factura ${LIMONES_UUID} (135012.50 MXN), o que todo su total. Revísala con el proveedor.`,
    );
    const over = await owner.call('POST', 'invoices/credit-notes', {
      creditNotes: [{ sContent: tooMuch }],
    });
    expect(over.statusCode).toBe(409);
    expect(json(over)).toMatchObject({ code: 'INVALID_STATE' });

    const fair = creditNote(LIMONES_UUID, '500.00', NOTE_UUID, '07');
    const [unknown] = await parse(other, { files: [{ sFileName: 'nc.xml', sContent: fair }] });
    expect(unknown).toMatchObject({
      sStatus: 'REFUSED',
      sReasonCode: 'CREDIT_NOTE_UNKNOWN_INVOICE',
      sRelatedInvoiceId: null,
    });
    const foreign = await other.call('POST', 'invoices/credit-notes', {
      creditNotes: [{ sContent: fair }],
    });
    expect(foreign.statusCode).toBe(422);
    // A relation that is not a credit (04, a substitution) is refused as such.
    const [substitution] = await parse(owner, {
      files: [
        { sFileName: 's.xml', sContent: creditNote(LIMONES_UUID, '500.00', NOTE_UUID, '04') },
      ],
    });
    expect(substitution).toMatchObject({ sReasonCode: 'UNSUPPORTED_CREDIT_NOTE' });
    expect(await moneyTableCounts(t)).toEqual(before);
    const invoices = await t.db.selectFrom('cfdi_credit_notes').selectAll().execute();
    expect(invoices).toEqual([]);
  });

  it('documents the payables endpoints in the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(response).paths);
    for (const path of [
      'invoices/cfdi/parse',
      'invoices/import',
      'payments/batch',
      'payments/batches/{id}',
      'payments/{id}/spei',
      'payments/{id}/spei/pdf',
    ]) {
      expect(paths).toContain(`/api/v1/{lang}/${path}`);
    }
  });
});
