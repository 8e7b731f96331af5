import {
  convertUsdToMxn,
  maskAccount,
  moneyToNumber,
  parseMoney,
  rateToNumber,
  usdForExactMxn,
  type Language,
} from '@app/domain';
import type { Executor } from '../../db/database.js';
import { approvalKindEntry, type RequestBody } from './approval-kinds.js';
import type { ApprovalDetails } from './approval.view.js';
import * as repo from './team.repository.js';

/**
 * What an approval asks, for the person who decides it: what, to whom (name and masked
 * CLABE), how much in USD and MXN at the current rate, which invoices, a batch's lines and
 * what a supplier change changes, in the reader's language; never field names or ids.
 */

type Recipient = Awaited<ReturnType<typeof repo.findRecipientsByIds>>[number];
type Invoice = Awaited<ReturnType<typeof repo.findInvoicesByIds>>[number];

const FIELD_LABELS: Record<Language, Record<string, string>> = {
  en: {
    sName: 'Name',
    sEmail: 'E-mail',
    sBankName: 'Bank',
    sAccountNumber: 'CLABE',
    sTaxId: 'RFC',
    sEntityBusiness: 'Type of entity',
  },
  sp: {
    sName: 'Nombre',
    sEmail: 'Correo',
    sBankName: 'Banco',
    sAccountNumber: 'CLABE',
    sTaxId: 'RFC',
    sEntityBusiness: 'Tipo de persona',
  },
};

const ROW_OF_FIELD: Record<string, keyof Recipient> = {
  sName: 'name',
  sEmail: 'email',
  sBankName: 'bank_name',
  sAccountNumber: 'clabe',
  sTaxId: 'tax_id',
  sEntityBusiness: 'entity_business',
};

function money(body: RequestBody, field: string): bigint | undefined {
  const value = body[field];
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  try {
    return parseMoney(value);
  } catch {
    return undefined;
  }
}

function text(body: RequestBody, field: string): string | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : undefined;
}

function itemsOf(body: RequestBody): RequestBody[] {
  const items = body['items'];
  return Array.isArray(items)
    ? items.filter((item): item is RequestBody => item !== null && typeof item === 'object')
    : [];
}

/** The ids of suppliers and invoices a body names (a batch's lines included). */
function namedIds(body: RequestBody): { recipients: string[]; invoices: string[] } {
  const all = [body, ...itemsOf(body)];
  return {
    recipients: all.flatMap((part) => text(part, 'sPaymentRecipientId') ?? []),
    invoices: all.flatMap((part) => text(part, 'sInvoiceId') ?? []),
  };
}

export interface ApprovalLookups {
  recipients: Map<string, Recipient>;
  invoices: Map<string, Invoice>;
  rateMicro: bigint;
}

/** Reads, in two queries, what a page of approvals names. */
export async function lookupsFor(
  db: Executor,
  enterpriseId: string,
  bodies: RequestBody[],
  rateMicro: bigint,
): Promise<ApprovalLookups> {
  const ids = bodies.map(namedIds);
  const invoices = await repo.findInvoicesByIds(db, enterpriseId, [
    ...new Set(ids.flatMap((one) => one.invoices)),
  ]);
  const recipients = await repo.findRecipientsByIds(db, enterpriseId, [
    ...new Set([
      ...ids.flatMap((one) => one.recipients),
      ...invoices.map((invoice) => invoice.payment_recipient_id),
    ]),
  ]);
  return {
    recipients: new Map(recipients.map((row) => [row.id, row])),
    invoices: new Map(invoices.map((row) => [row.id, row])),
    rateMicro,
  };
}

interface Line {
  sPayee: string;
  sClabe: string;
  sInvoice: string | null;
  usd: bigint | null;
  mxn: bigint | null;
}

function payeeOf(recipient: Recipient | undefined): { sPayee: string; sClabe: string } {
  return recipient
    ? { sPayee: recipient.name, sClabe: maskAccount(recipient.clabe) }
    : { sPayee: '—', sClabe: '—' };
}

/** A payment's line: to a supplier (USD or exact MXN), or a whole invoice. */
function lineOf(part: RequestBody, lookups: ApprovalLookups): Line {
  const rate = lookups.rateMicro;
  const invoiceId = text(part, 'sInvoiceId');
  if (invoiceId !== undefined) {
    const invoice = lookups.invoices.get(invoiceId);
    // An invoice is paid whole: its MXN exactly, the USD at the rate.
    return {
      ...payeeOf(invoice && lookups.recipients.get(invoice.payment_recipient_id)),
      sInvoice: invoice?.invoice_name ?? null,
      mxn: invoice ? invoice.total_mxn : null,
      usd: invoice ? usdForExactMxn(invoice.total_mxn, rate) : null,
    };
  }
  const recipient = lookups.recipients.get(text(part, 'sPaymentRecipientId') ?? '');
  const mxn = money(part, 'dDesAmount');
  const usd = money(part, 'dAmount');
  return {
    ...payeeOf(recipient),
    sInvoice: null,
    usd: usd ?? (mxn === undefined ? null : usdForExactMxn(mxn, rate)),
    mxn: mxn ?? (usd === undefined ? null : convertUsdToMxn(usd, rate)),
  };
}

const sum = (values: (bigint | null)[]): bigint | null =>
  values.some((value) => value === null)
    ? null
    : values.reduce<bigint>((total, value) => total + (value ?? 0n), 0n);

const num = (cents: bigint | null): number | null => (cents === null ? null : moneyToNumber(cents));

export function describeApproval(
  row: { kind: string; request_body: unknown; amount_usd_cents: bigint | null },
  lookups: ApprovalLookups,
  language: Language,
): ApprovalDetails {
  const body = (row.request_body ?? {}) as RequestBody;
  const details: ApprovalDetails = {
    sWhat: approvalKindEntry(row.kind).description[language],
    bMovesMoney: true,
    aPayees: [],
    aInvoices: [],
    dAmountUsd: null,
    dAmountMxn: null,
    dExchangeRate: rateToNumber(lookups.rateMicro),
    sConcept: text(body, 'comment') ?? null,
    aLines: [],
    aChanges: [],
  };
  const rate = lookups.rateMicro;
  switch (row.kind) {
    case 'SUPPLIER_CREATE':
    case 'SUPPLIER_UPDATE': {
      const before = lookups.recipients.get(text(body, 'sPaymentRecipientId') ?? '');
      const changes = Object.keys(ROW_OF_FIELD).flatMap((field) => {
        const after = text(body, field);
        if (after === undefined) return [];
        const old = before ? String(before[ROW_OF_FIELD[field]!]) : null;
        if (old !== null && old.toUpperCase() === after.toUpperCase()) return [];
        const shown = (value: string) => (field === 'sAccountNumber' ? maskAccount(value) : value);
        return [
          {
            sField: FIELD_LABELS[language][field]!,
            sFrom: old === null ? null : shown(old),
            sTo: shown(after),
          },
        ];
      });
      const name = before?.name ?? text(body, 'sName') ?? '';
      const clabe = text(body, 'sAccountNumber');
      return {
        ...details,
        bMovesMoney: false,
        dExchangeRate: null,
        aPayees: [{ sName: name, sClabe: clabe ? maskAccount(clabe) : '—' }],
        aChanges: changes,
      };
    }
    case 'BATCH': {
      const lines = itemsOf(body).map((item) => lineOf(item, lookups));
      return {
        ...details,
        aPayees: uniquePayees(lines),
        aInvoices: lines.flatMap((line) => line.sInvoice ?? []),
        dAmountUsd: num(sum(lines.map((line) => line.usd))),
        dAmountMxn: num(sum(lines.map((line) => line.mxn))),
        aLines: lines.map((line) => ({
          sPayee: line.sPayee,
          sClabe: line.sClabe,
          sInvoice: line.sInvoice,
          dAmountUsd: num(line.usd),
          dAmountMxn: num(line.mxn),
        })),
      };
    }
    case 'PAY_FROM_CONVERSION': {
      const line = lineOf({ sPaymentRecipientId: body['sPaymentRecipientId'] }, lookups);
      const mxn = money(body, 'dAmount') ?? null;
      return {
        ...details,
        aPayees: uniquePayees([line]),
        dAmountMxn: num(mxn),
        dAmountUsd: num(row.amount_usd_cents),
      };
    }
    case 'CONVERT': {
      const usd = money(body, 'dAmount');
      const mxn = money(body, 'dDesAmount');
      return {
        ...details,
        dAmountUsd: num(usd ?? (mxn === undefined ? null : usdForExactMxn(mxn, rate))),
        dAmountMxn: num(mxn ?? (usd === undefined ? null : convertUsdToMxn(usd, rate))),
      };
    }
    case 'CONVERT_INVOICE': {
      const invoice = lookups.invoices.get(text(body, 'sInvoiceId') ?? '');
      const mxn = invoice ? invoice.total_mxn - invoice.assigned_mxn : null;
      return {
        ...details,
        aPayees: uniquePayees([lineOf(body, lookups)]),
        aInvoices: invoice ? [invoice.invoice_name] : [],
        dAmountMxn: num(mxn),
        dAmountUsd: num(mxn === null ? null : usdForExactMxn(mxn, rate)),
      };
    }
    case 'PAY_NOW':
    case 'PAY_INVOICE':
    case 'RATE_ORDER_FILL': {
      const line = lineOf(body, lookups);
      return {
        ...details,
        aPayees: line.sPayee === '—' ? [] : uniquePayees([line]),
        aInvoices: line.sInvoice ? [line.sInvoice] : [],
        dAmountUsd: num(line.usd ?? row.amount_usd_cents),
        dAmountMxn: num(
          line.mxn ??
            (row.amount_usd_cents === null ? null : convertUsdToMxn(row.amount_usd_cents, rate)),
        ),
      };
    }
    default:
      return {
        ...details,
        dAmountUsd: num(row.amount_usd_cents),
        dAmountMxn: num(
          row.amount_usd_cents === null ? null : convertUsdToMxn(row.amount_usd_cents, rate),
        ),
      };
  }
}

function uniquePayees(lines: { sPayee: string; sClabe: string }[]) {
  const seen = new Map<string, { sName: string; sClabe: string }>();
  for (const line of lines) {
    if (line.sPayee === '—') continue;
    seen.set(`${line.sPayee}|${line.sClabe}`, { sName: line.sPayee, sClabe: line.sClabe });
  }
  return [...seen.values()];
}
