import { describe, expect, it } from 'vitest';
import {
  parseCfdi,
  receptorMatches,
  type CfdiParseResult,
  type ParsedCfdi,
} from './cfdi-parser.js';
import { readCfdiSample } from './cfdi-samples.js';

function parsed(result: CfdiParseResult): ParsedCfdi {
  if (!result.ok) throw new Error(`Refused: ${result.reason} ${result.field ?? ''}`);
  return result.cfdi;
}

describe('parseCfdi', () => {
  it('reads a CFDI 4.0 in MXN', () => {
    const cfdi = parsed(parseCfdi(readCfdiSample('cfdi40-aguacates-del-valle.xml')));
    expect(cfdi).toEqual({
      version: '4.0',
      uuid: '6F1C2B7A-4E3D-4A9B-9C21-7D5E8F0A1B23',
      rfcEmisor: 'AVA120315AB1',
      nombreEmisor: 'AGUACATES DEL VALLE',
      rfcReceptor: 'XEXX010101000',
      numRegIdTribReceptor: '743019283',
      invoiceNumber: 'AV-10452',
      purchaseDate: '2026-11-02',
      total: 17_795_000n,
      currency: 'MXN',
      exchangeRateMicro: null,
      totalMxn: 17_795_000n,
    });
  });

  it('reads a CFDI 3.3, whose stamp declares its namespace on itself', () => {
    const cfdi = parsed(parseCfdi(readCfdiSample('cfdi33-berries-jalisco.xml')));
    expect(cfdi.version).toBe('3.3');
    expect(cfdi.uuid).toBe('5C2E9A71-0D3B-4B86-9F47-A18C63E2B5D9');
    expect(cfdi.rfcEmisor).toBe('BJA180101QW5');
    expect(cfdi.invoiceNumber).toBe('BJ-5567');
    expect(cfdi.purchaseDate).toBe('2022-12-14');
    expect(cfdi.totalMxn).toBe(9_641_280n);
  });

  it('reads a CFDI in USD and converts its total to MXN at its TipoCambio, exactly', () => {
    const cfdi = parsed(parseCfdi(readCfdiSample('cfdi40-tomates-sinaloa-usd.xml')));
    expect(cfdi.currency).toBe('USD');
    expect(cfdi.total).toBe(710_000n);
    expect(cfdi.exchangeRateMicro).toBe(18_452_300n);
    // 7,100.00 USD × 18.4523 = 131,011.33 MXN
    expect(cfdi.totalMxn).toBe(13_101_133n);
  });

  it('keeps the calendar day of Fecha whatever the time (no time zone shift)', () => {
    const xml = readCfdiSample('cfdi40-limones-colima.xml').replace(
      'Fecha="2026-11-05T16:08:02"',
      'Fecha="2026-11-05T23:59:59"',
    );
    expect(parsed(parseCfdi(xml)).purchaseDate).toBe('2026-11-05');
  });

  it('refuses a CFDI without TimbreFiscalDigital', () => {
    const xml = readCfdiSample('cfdi40-limones-colima.xml').replace(
      /<cfdi:Complemento>[\s\S]*<\/cfdi:Complemento>/,
      '',
    );
    expect(parseCfdi(xml)).toEqual({ ok: false, reason: 'MISSING_STAMP' });
  });

  it('refuses a stamp of another namespace (a look-alike is not the SAT stamp)', () => {
    const xml = readCfdiSample('cfdi40-limones-colima.xml').replace(
      'xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital"',
      'xmlns:tfd="http://example.com/TimbreFiscalDigital"',
    );
    expect(parseCfdi(xml)).toEqual({ ok: false, reason: 'MISSING_STAMP' });
  });

  it('refuses a CFDI whose seal has a bad shape', () => {
    const source = readCfdiSample('cfdi40-limones-colima.xml');
    const noSeal = source.replace(/ Sello="[^"]*"/, ' Sello="not a seal!"');
    expect(parseCfdi(noSeal)).toEqual({ ok: false, reason: 'BAD_SEAL', field: 'Sello' });
    const badCertificateNumber = source.replace(/NoCertificado="\d+"/, 'NoCertificado="12345"');
    expect(parseCfdi(badCertificateNumber)).toEqual({
      ok: false,
      reason: 'BAD_SEAL',
      field: 'NoCertificado',
    });
  });

  it('refuses bad XML, a wrong root, a wrong namespace and a DTD', () => {
    expect(parseCfdi('<cfdi:Comprobante Version="4.0"')).toEqual({
      ok: false,
      reason: 'INVALID_XML',
    });
    expect(parseCfdi('<?xml version="1.0"?><Factura Version="4.0"/>')).toEqual({
      ok: false,
      reason: 'NOT_A_CFDI',
    });
    const wrongNamespace = readCfdiSample('cfdi40-limones-colima.xml').replace(
      'xmlns:cfdi="http://www.sat.gob.mx/cfd/4"',
      'xmlns:cfdi="http://www.sat.gob.mx/cfd/3"',
    );
    expect(parseCfdi(wrongNamespace)).toEqual({ ok: false, reason: 'NOT_A_CFDI' });
    const withDtd = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>${readCfdiSample(
      'cfdi40-limones-colima.xml',
    ).replace(/^<\?xml[^>]*>/, '')}`;
    expect(parseCfdi(withDtd)).toEqual({ ok: false, reason: 'INVALID_XML' });
  });

  it('refuses a credit note, a total with three decimals and a file over 1 MB', () => {
    const source = readCfdiSample('cfdi40-limones-colima.xml');
    expect(parseCfdi(source.replace('TipoDeComprobante="I"', 'TipoDeComprobante="E"'))).toEqual({
      ok: false,
      reason: 'NOT_AN_INCOME_INVOICE',
    });
    expect(parseCfdi(source.replace(' Total="135012.50"', ' Total="135012.505"'))).toEqual({
      ok: false,
      reason: 'MISSING_FIELD',
      field: 'Total',
    });
    const padded = source.replace(
      '</cfdi:Comprobante>',
      `<!--${'x'.repeat(1_048_576)}--></cfdi:Comprobante>`,
    );
    expect(parseCfdi(padded)).toEqual({ ok: false, reason: 'FILE_TOO_LARGE' });
  });

  it('matches the receptor by RFC, or a foreign receptor by its tax id', () => {
    const cfdi = parsed(parseCfdi(readCfdiSample('cfdi40-aguacates-del-valle.xml')));
    expect(receptorMatches(cfdi, '74-3019283')).toBe(true);
    expect(receptorMatches(cfdi, '98-7654321')).toBe(false);
    expect(receptorMatches({ ...cfdi, rfcReceptor: 'DPI190101AB1' }, 'dpi-190101-ab1')).toBe(true);
  });
});
