import { calendarDateFromParts, type CalendarDate } from '@app/domain';
import {
  derivedReference,
  StatementUnreadableError,
  type ParsedStatement,
  type StatementEntry,
} from './statement-entry.js';

/**
 * BAI2 (Cash Management Balance Reporting Specifications, version 2): comma-separated records,
 * each ended by `/` except where a text field runs to the end of the line; `88` continues the
 * record before it. 01 file header, 02 group header (as-of date YYMMDD, currency), 03 account
 * (currency), 16 transaction detail, 49/98/99 trailers.
 */

interface Bai2Record {
  code: string;
  fields: string[];
}

/** Joins `88` continuations onto their record and splits records into fields. */
function records(content: string): Bai2Record[] {
  const lines = content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0);
  const joined: string[] = [];
  for (const line of lines) {
    if (line.startsWith('88,')) {
      const previous = joined.pop();
      if (previous === undefined) throw new StatementUnreadableError('BAI2 88 record first');
      const rest = line.slice(3);
      // A 16 record's text runs to the end of the line and goes on in the 88; other records
      // end their last field with "/" and go on with the next field.
      joined.push(
        previous.startsWith('16,')
          ? `${previous} ${rest}`
          : `${previous.replace(/\/$/, '')},${rest}`,
      );
    } else {
      joined.push(line);
    }
  }
  return joined.map((line) => {
    const fields = line.split(',');
    return { code: fields[0] ?? '', fields: fields.slice(1) };
  });
}

function asOfDate(yymmdd: string | undefined): CalendarDate | null {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return null;
  try {
    return calendarDateFromParts(
      2000 + Number(yymmdd.slice(0, 2)),
      Number(yymmdd.slice(2, 4)),
      Number(yymmdd.slice(4, 6)),
    );
  } catch {
    return null;
  }
}

function stripSlash(value: string | undefined): string {
  return (value ?? '').replace(/\/$/, '').trim();
}

/** How many fields the funds type adds before the bank reference (BAI2 §"Funds type"). */
function fundsTypeExtraFields(fields: string[], at: number): number {
  const fundsType = stripSlash(fields[at]).toUpperCase();
  if (fundsType === 'S') return 3;
  if (fundsType === 'V') return 2;
  if (fundsType === 'D') {
    const distributions = Number(stripSlash(fields[at + 1]));
    if (!Number.isInteger(distributions) || distributions < 0 || distributions > 50) {
      throw new StatementUnreadableError('BAI2 distributed availability is not readable');
    }
    return 1 + distributions * 2;
  }
  return 0;
}

export function looksLikeBai2(content: string): boolean {
  return /^\uFEFF?01,/.test(content.trimStart());
}

export function parseBai2(content: string): ParsedStatement {
  const all = records(content);
  if (all[0]?.code !== '01') throw new StatementUnreadableError('BAI2 file without a 01 header');
  if (!all.some((record) => record.code === '99')) {
    throw new StatementUnreadableError('BAI2 file without its 99 trailer (cut short?)');
  }
  const entries: StatementEntry[] = [];
  let groupDate: CalendarDate | null = null;
  let groupCurrency = 'USD';
  let accountCurrency = 'USD';
  for (const record of all) {
    const { code, fields } = record;
    if (code === '02') {
      groupDate = asOfDate(stripSlash(fields[3]));
      groupCurrency = stripSlash(fields[5]) || 'USD';
      accountCurrency = groupCurrency;
    } else if (code === '03') {
      accountCurrency = stripSlash(fields[1]) || groupCurrency;
    } else if (code === '16') {
      const typeCode = Number(stripSlash(fields[0]));
      const amountText = stripSlash(fields[1]);
      if (!Number.isInteger(typeCode) || !/^\d{1,15}$/.test(amountText)) {
        throw new StatementUnreadableError('BAI2 16 record without a type code and amount');
      }
      const referenceAt = 3 + fundsTypeExtraFields(fields, 2);
      const bankReference = stripSlash(fields[referenceAt]);
      const customerReference = stripSlash(fields[referenceAt + 1]);
      const freeText = fields
        .slice(referenceAt + 2)
        .join(',')
        .trim();
      const remittance = [customerReference, freeText === '/' ? '' : freeText]
        .filter(Boolean)
        .join(' ');
      const amount = BigInt(amountText);
      entries.push({
        bankReference:
          bankReference ||
          derivedReference('BAI2', entries.length, [
            groupDate,
            amount,
            accountCurrency,
            remittance,
          ]),
        // Detail type codes 100-399 are credits, 400-699 debits (BAI2 type code list).
        credit: typeCode >= 100 && typeCode <= 399,
        booked: true,
        currency: accountCurrency,
        amount,
        bookingDate: groupDate,
        debtorName: null,
        endToEndId: customerReference || null,
        remittance,
      });
    }
  }
  return { format: 'BAI2', entries };
}
