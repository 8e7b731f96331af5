import { describe, expect, it } from 'vitest';
import {
  parseCfdi,
  receptorMatches,
  type CfdiParseResult,
  type ParsedCfdi,
} from './cfdi-parser.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { demoCsd, sealCfdi } from '../../test/cfdi-signing.js';
import { readCfdiSample } from './cfdi-samples.js';

/** Real CFDIs published by a CFDI library (fixtures/SOURCE.md), as they are. */
function fixture(name: 'cfdi33-valid.xml' | 'cfdi40-real.xml' | 'cfdi40-valid.xml'): string {
  return readFileSync(fileURLToPath(new URL(`fixtures/${name}`, import.meta.url)), 'utf8');
}

/** A sample edited as a supplier would, then sealed again with the supplier's demo CSD. */
function resealed(
  xml: string,
  rfc = /<cfdi:Emisor[^>]*\sRfc="([^"]+)"/.exec(xml)?.[1] ?? '',
): string {
  return sealCfdi(xml, demoCsd(rfc));
}

function parsed(result: CfdiParseResult): ParsedCfdi {
  if (!result.ok) throw new Error(`Refused: ${result.reason} ${result.field ?? ''}`);
  return result.cfdi;
}

describe('parseCfdi', () => {
  it('reads a CFDI 4.0 in MXN', () => {
    const cfdi = parsed(parseCfdi(readCfdiSample('cfdi40-aguacates-del-valle.xml')));
    expect(cfdi).toEqual({
      version: '4.0',
      kind: 'I',
      related: null,
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
      metodoPago: 'PPD',
      payments: [],
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
    const xml = resealed(
      readCfdiSample('cfdi40-limones-colima.xml').replace(
        'Fecha="2026-11-05T16:08:02"',
        'Fecha="2026-11-05T23:59:59"',
      ),
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

  it('refuses a payment CFDI without its Pagos complement, a total with three decimals and a file over 1 MB', () => {
    const source = readCfdiSample('cfdi40-limones-colima.xml');
    expect(
      parseCfdi(resealed(source.replace('TipoDeComprobante="I"', 'TipoDeComprobante="P"'))),
    ).toEqual({
      ok: false,
      reason: 'UNSUPPORTED_COMPLEMENT',
      field: 'Pagos',
    });
    expect(
      parseCfdi(resealed(source.replace(' Total="135012.50"', ' Total="135012.505"'))),
    ).toEqual({
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

  it('verifies the seal of real stamped CFDIs 3.3 and 4.0', () => {
    const real = parsed(parseCfdi(fixture('cfdi40-real.xml')));
    expect(real.rfcEmisor).toBe('ISD950921HE5');
    expect(real.totalMxn).toBe(100_000n);
    expect(parsed(parseCfdi(fixture('cfdi40-valid.xml'))).rfcEmisor).toBe('EKU9003173C9');
    expect(parsed(parseCfdi(fixture('cfdi33-valid.xml'))).version).toBe('3.3');
  });

  it('refuses a real CFDI with its Total, Fecha or issuer name changed (BAD_SEAL)', () => {
    const signatureFails = { ok: false, reason: 'BAD_SEAL', field: 'SIGNATURE' };
    const real = fixture('cfdi40-real.xml');
    expect(parseCfdi(real.replace(' Total="1000.00"', ' Total="100000.00"'))).toEqual(
      signatureFails,
    );
    expect(
      parseCfdi(real.replace('Fecha="2025-01-24T10:10:41"', 'Fecha="2025-01-25T10:10:41"')),
    ).toEqual(signatureFails);
    expect(
      parseCfdi(
        fixture('cfdi40-valid.xml').replace(
          'Nombre="ESCUELA KEMPER URGATE"',
          'Nombre="ESCUELA KEMPER URGATE SA"',
        ),
      ),
    ).toEqual(signatureFails);
    expect(
      parseCfdi(fixture('cfdi33-valid.xml').replace(' Total="2382870"', ' Total="2382871"')),
    ).toEqual(signatureFails);
  });

  it('names the failed certificate check: RFC, number, validity at Fecha', () => {
    const source = readCfdiSample('cfdi40-limones-colima.xml');
    // Sealed with the certificate of another RFC than the Emisor's.
    expect(parseCfdi(resealed(source, 'AVA120315AB1'))).toEqual({
      ok: false,
      reason: 'BAD_SEAL',
      field: 'CERTIFICATE_RFC',
    });
    const sealed = resealed(source);
    expect(
      parseCfdi(sealed.replace(/NoCertificado="\d+"/, 'NoCertificado="30001000000400002434"')),
    ).toEqual({ ok: false, reason: 'BAD_SEAL', field: 'CERTIFICATE_NUMBER' });
    // The demo certificates are in force from 2020 to 2040.
    expect(
      parseCfdi(
        resealed(source.replace('Fecha="2026-11-05T16:08:02"', 'Fecha="2019-06-05T16:08:02"')),
      ),
    ).toEqual({ ok: false, reason: 'BAD_SEAL', field: 'CERTIFICATE_NOT_IN_FORCE' });
    const foreignCertificate = sealed.replace(
      / Certificado="[^"]*"/,
      ` Certificado="${/ Certificado="([^"]*)"/.exec(fixture('cfdi40-real.xml'))?.[1] ?? ''}"`,
    );
    expect(parseCfdi(foreignCertificate)).toMatchObject({ ok: false, reason: 'BAD_SEAL' });
  });

  it('reads a 3.3 CFDI whose Emisor has no Nombre; a 4.0 one needs it', () => {
    const berries = readCfdiSample('cfdi33-berries-jalisco.xml').replace(
      ' Nombre="BERRIES JALISCO SA DE CV"',
      '',
    );
    const cfdi = parsed(parseCfdi(resealed(berries)));
    expect(cfdi.nombreEmisor).toBeNull();
    expect(cfdi.rfcEmisor).toBe('BJA180101QW5');
    const limones = readCfdiSample('cfdi40-limones-colima.xml').replace(
      ' Nombre="LIMONES COLIMA"',
      '',
    );
    expect(parseCfdi(resealed(limones))).toEqual({
      ok: false,
      reason: 'MISSING_FIELD',
      field: 'Emisor.Nombre',
    });
  });

  it('refuses hostile input: entities, a 50 MB file, markup smuggled into attributes', () => {
    const source = readCfdiSample('cfdi40-limones-colima.xml');
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">',
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>',
      source.replace(/^<\?xml[^>]*>/, '').replace('Serie="LC"', 'Serie="&lol3;"'),
    ].join('');
    expect(parseCfdi(laughs)).toEqual({ ok: false, reason: 'INVALID_XML' });
    const huge = source.replace('</cfdi:Comprobante>', `<!--${'x'.repeat(50 * 1_048_576)}-->`);
    expect(parseCfdi(huge)).toEqual({ ok: false, reason: 'FILE_TOO_LARGE' });
    // Attribute values are data to the SAT's stylesheet: an XSLT instruction in one is
    // text of the cadena, so the edited file fails its seal and nothing is evaluated.
    const injected = source.replace(
      'Serie="LC"',
      'Serie="&lt;xsl:value-of select=&quot;document(&apos;/etc/passwd&apos;)&quot;/&gt;"',
    );
    expect(parseCfdi(injected)).toEqual({ ok: false, reason: 'BAD_SEAL', field: 'SIGNATURE' });
    const sealedInjection = parsed(parseCfdi(resealed(injected)));
    expect(sealedInjection.invoiceNumber).toContain('<xsl:value-of');
  });
});
