import { describe, expect, it } from 'vitest';
import { statementFixture } from './fixtures.js';
import { StatementUnreadableError } from './statement-entry.js';
import { parseStatement } from './statement-parser.js';

describe('bank statement parsers', () => {
  it('reads a camt.053 statement: credits, debits, pending, references and remittance', () => {
    const { format, entries } = parseStatement(statementFixture('camt053.xml'));
    expect(format).toBe('camt.053');
    expect(entries).toHaveLength(4);
    expect(entries[0]).toEqual({
      bankReference: 'FW20261127-000101',
      credit: true,
      booked: true,
      currency: 'USD',
      amount: 2_500_000n,
      bookingDate: '2026-11-27',
      debtorName: 'FIRST CUSTOMER LLC',
      endToEndId: 'INV-88812',
      remittance: 'FUNDING PPABCDEFGH THANK YOU',
    });
    expect(entries[1]).toMatchObject({ amount: 120_050n, endToEndId: null, credit: true });
    expect(entries[2]).toMatchObject({ credit: false });
    expect(entries[3]).toMatchObject({ credit: true, booked: false });
  });

  it('reads a camt.054 notification of version 08 with a namespace prefix', () => {
    const { format, entries } = parseStatement(statementFixture('camt054.xml'));
    expect(format).toBe('camt.054');
    expect(entries[0]).toMatchObject({
      bankReference: 'FED-20261127-MMQFMP9A000123',
      amount: 987_525n,
      booked: true,
      bookingDate: '2026-11-27',
      debtorName: 'Second Customer Corp',
      remittance: 'PPABCDEFGH',
    });
    expect(entries[1]).toMatchObject({ amount: 4_500n, remittance: 'REF PPZZZZZZZZ' });
  });

  it('reads BAI2 detail records with continuations and funds-type fields', () => {
    const { format, entries } = parseStatement(statementFixture('bai2.txt'));
    expect(format).toBe('BAI2');
    expect(entries.map((entry) => [entry.bankReference, entry.amount, entry.credit])).toEqual([
      ['WR261127001', 1_500_000n, true],
      ['ACH261127777', 20_000n, true],
      ['CHK261127002', 5_000n, false],
    ]);
    expect(entries[0]?.remittance).toBe('INCOMING WIRE ORG=THIRD CUSTOMER LLC OBI=PPABCDEFGH');
    expect(entries[0]?.bookingDate).toBe('2026-11-27');
    expect(entries[1]?.remittance).toBe('CUST-9 ACH CREDIT NO REFERENCE');
  });

  it('refuses an XML bomb, a foreign XML document, a cut BAI2 file and plain text', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&lol2;</Document>`;
    const cut = statementFixture('bai2.txt').split('\n').slice(0, 5).join('\n');
    for (const content of [
      bomb,
      '<Document xmlns="urn:example"><x/></Document>',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>',
      cut,
      'hello',
    ]) {
      expect(() => parseStatement(content), content.slice(0, 40)).toThrow(StatementUnreadableError);
    }
  });
});
