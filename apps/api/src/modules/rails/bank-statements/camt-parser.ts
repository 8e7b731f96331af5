import { isCalendarDate, parseMoney, type CalendarDate } from '@app/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  derivedReference,
  StatementUnreadableError,
  type ParsedStatement,
  type StatementEntry,
} from './statement-entry.js';

/**
 * ISO 20022 bank-to-customer cash management: camt.053 (end-of-day statement) and camt.054
 * (debit/credit notification), versions 02 to 08+. Elements are read by local name, so the
 * namespace prefix a bank chooses does not matter; the root's namespace says which message
 * it is.
 */

const CAMT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(053|054)\.001\.\d{2}$/;

const REPEATED = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  // No DTD reaches the parser (refused below); entities stay as written in any case.
  processEntities: false,
  isArray: (name) => REPEATED.has(name),
});

type XmlNode = { [key: string]: unknown };

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(node: unknown, name: string): unknown {
  return isNode(node) ? node[name] : undefined;
}

function path(node: unknown, ...names: string[]): unknown {
  return names.reduce<unknown>((current, name) => child(current, name), node);
}

function list(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of an element, whether it carries attributes (`#text`) or not. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'].trim() || null;
  return null;
}

/** `Dt` (a date) or `DtTm` (a date-time, of which the calendar day counts). */
function dateOf(node: unknown): CalendarDate | null {
  const day = text(child(node, 'Dt')) ?? text(child(node, 'DtTm'))?.slice(0, 10) ?? null;
  return day !== null && isCalendarDate(day) ? day : null;
}

/** `Sts` is a code in versions up to 07 and `<Sts><Cd>` from 08. */
function statusOf(entry: unknown): string | null {
  const status = child(entry, 'Sts');
  return text(status) ?? text(child(status, 'Cd'));
}

/** The debtor's name: `RltdPties/Dbtr/Nm`, or `Dbtr/Pty/Nm` from version 08. */
function debtorNameOf(transaction: unknown): string | null {
  const debtor = path(transaction, 'RltdPties', 'Dbtr');
  return text(child(debtor, 'Nm')) ?? text(path(debtor, 'Pty', 'Nm'));
}

function remittanceOf(transactions: unknown[]): string {
  const texts: string[] = [];
  for (const transaction of transactions) {
    const remittance = child(transaction, 'RmtInf');
    for (const line of list(child(remittance, 'Ustrd'))) {
      const value = text(line);
      if (value) texts.push(value);
    }
    for (const structured of list(child(remittance, 'Strd'))) {
      const value = text(path(structured, 'CdtrRefInf', 'Ref'));
      if (value) texts.push(value);
    }
  }
  return texts.join(' ');
}

function amountOf(entry: unknown): { amount: bigint; currency: string } {
  const amount = child(entry, 'Amt');
  const value = text(amount);
  const currency = isNode(amount) ? amount['@Ccy'] : undefined;
  if (value === null || typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw new StatementUnreadableError('camt entry without an amount and currency');
  }
  try {
    const minor = parseMoney(value);
    if (minor < 0n) throw new StatementUnreadableError('camt entry with a negative amount');
    return { amount: minor, currency };
  } catch (error) {
    if (error instanceof StatementUnreadableError) throw error;
    throw new StatementUnreadableError(`camt entry amount "${value}" is not a decimal amount`);
  }
}

/**
 * The namespace of the root element, read from its start tag: the parser drops namespace
 * declarations along with the prefixes, and the root's is the one that names the message.
 */
function rootNamespace(xml: string): string | undefined {
  const start = /<(?:([A-Za-z_][\w.-]*):)?Document\b([^>]*)>/.exec(xml);
  if (!start) return undefined;
  const prefix = start[1];
  const attribute = prefix ? `xmlns:${prefix}` : 'xmlns';
  const declaration = new RegExp(`\\s${attribute}\\s*=\\s*(["'])(.*?)\\1`).exec(start[2] ?? '');
  return declaration?.[2];
}

export function looksLikeXml(content: string): boolean {
  return content.trimStart().startsWith('<');
}

export function parseCamt(content: string): ParsedStatement {
  // A bank statement never needs a DTD; refusing one keeps entity expansion (an XML bomb,
  // external entities) out before anything parses the file.
  if (/<!DOCTYPE|<!ENTITY/i.test(content)) {
    throw new StatementUnreadableError('XML with a DTD is refused');
  }
  const body = content.replace(/^\uFEFF/, '');
  if (XMLValidator.validate(body) !== true)
    throw new StatementUnreadableError('not well-formed XML');
  let document: XmlNode;
  try {
    document = parser.parse(body) as XmlNode;
  } catch {
    throw new StatementUnreadableError('not well-formed XML');
  }
  const root = document.Document;
  const match = isNode(root) ? CAMT_NAMESPACE.exec(rootNamespace(body) ?? '') : null;
  if (!match) throw new StatementUnreadableError('not an ISO 20022 camt.053 or camt.054 document');
  const format = match[1] === '053' ? 'camt.053' : 'camt.054';
  const reports =
    format === 'camt.053'
      ? list(path(root, 'BkToCstmrStmt', 'Stmt'))
      : list(path(root, 'BkToCstmrDbtCdtNtfctn', 'Ntfctn'));
  if (reports.length === 0) throw new StatementUnreadableError(`${format} without a statement`);

  const entries: StatementEntry[] = [];
  for (const report of reports) {
    for (const entry of list(child(report, 'Ntry'))) {
      const { amount, currency } = amountOf(entry);
      const indicator = text(child(entry, 'CdtDbtInd'));
      if (indicator !== 'CRDT' && indicator !== 'DBIT') {
        throw new StatementUnreadableError('camt entry without CdtDbtInd CRDT or DBIT');
      }
      const transactions = list(child(entry, 'NtryDtls')).flatMap((details) =>
        list(child(details, 'TxDtls')),
      );
      const first = transactions[0];
      const remittance = remittanceOf(transactions);
      const bookingDate = dateOf(child(entry, 'BookgDt')) ?? dateOf(child(entry, 'ValDt'));
      const endToEndId = text(path(first, 'Refs', 'EndToEndId'));
      const bankReference =
        text(child(entry, 'AcctSvcrRef')) ??
        text(path(first, 'Refs', 'AcctSvcrRef')) ??
        derivedReference(format, entries.length, [bookingDate, amount, currency, remittance]);
      entries.push({
        bankReference,
        credit: indicator === 'CRDT',
        booked: statusOf(entry) === 'BOOK',
        currency,
        amount,
        bookingDate,
        debtorName: debtorNameOf(first),
        endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
        remittance,
      });
    }
  }
  return { format, entries };
}
