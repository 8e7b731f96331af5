import { randomBytes, randomUUID } from 'node:crypto';
import { convertUsdToMxn, todayInTimeZone } from '@app/domain';
import type { Trx } from '../../db/database.js';
import { AppError, isAppError } from '../../errors.js';
import { journalText } from '../../ledger/journal-description.js';
import type { JournalEntry, PostingLine } from '../../ledger/ledger.service.js';
import type { PaymentRecipientRow } from '../suppliers/suppliers.service.js';
import * as repo from './payments.repository.js';
import type { PayoutOrder } from './payout-rail.js';
import type { PaymentReadsService } from './payment-reads.service.js';
import type { ApiPayment } from './payment.view.js';

/** MXN of one invoice that a payment pays. */
export type InvoicePart = { invoiceId: string; amountMxn: bigint };

/** What a payment sends and to whom, with the invoices it pays, at its time. */
export type PaymentTerms = Pick<
  repo.NewPayment,
  'amountMxn' | 'amountUsd' | 'rateMicro' | 'concept'
> & {
  recipient: PaymentRecipientRow;
  invoiceParts: InvoicePart[];
  now: Date;
};

/** A payment of USD to a payee at a rate the caller has checked, with its concept. */
export type UsdPaymentRequest = Pick<
  PaymentTerms,
  'recipient' | 'amountUsd' | 'rateMicro' | 'concept'
>;

export const CONCEPT_MAX_LENGTH = 200;

/** SPEI tracking keys are up to 30 alphanumeric characters; ours are 22 (32 symbols, no bias). */
const TRACKING_KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newTrackingKey(now: Date): string {
  let code = '';
  for (const byte of randomBytes(12)) code += TRACKING_KEY_ALPHABET[byte % 32];
  return `PP${todayInTimeZone(now).replaceAll('-', '')}${code}`;
}

/** The pesos a USD amount pays at a rate; one too small to send a centavo is refused. */
export function mxnToPayFor(amountUsd: bigint, rateMicro: bigint): bigint {
  const amountMxn = convertUsdToMxn(amountUsd, rateMicro);
  if (amountMxn <= 0n) throw new AppError('INVALID_INPUT', { field: 'dAmount' });
  return amountMxn;
}

export function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** Refusals of the ledger carry the field of the amount that did not fit. */
export async function withAmountField<T>(field: string, post: () => Promise<T>): Promise<T> {
  try {
    return await post();
  } catch (error) {
    if (isAppError(error) && error.code === 'INSUFFICIENT_FUNDS' && !error.field) {
      throw new AppError('INSUFFICIENT_FUNDS', { field, cause: error });
    }
    throw error;
  }
}

/** The PAY_NOW journal (DESIGN §4): USD → FX liquidity, FX MXN → payout clearing. */
export function payNowJournal(
  enterpriseId: string,
  input: {
    recipientName: string;
    amountMxn: bigint;
    amountUsd: bigint;
    rateMicro: bigint;
    quoteId: string;
    trackingKey: string;
    now: Date;
  },
): JournalEntry {
  return {
    enterpriseId,
    kind: 'PAY_NOW',
    ...journalText({ code: 'PAY_NOW', params: { recipient: input.recipientName } }),
    reference: input.trackingKey,
    quoteId: input.quoteId,
    rateMicro: input.rateMicro,
    createdAt: input.now,
    lines: usdPaidOutAsMxn(enterpriseId, 'USD_AVAILABLE', input.amountUsd, input.amountMxn),
  };
}

/**
 * The postings of USD paid out as pesos: the USD leaves the enterprise's `from` account for
 * FX liquidity, and FX liquidity's MXN goes to payout clearing (a pay-now from the available
 * balance, an order payout from the held goods money).
 */
export function usdPaidOutAsMxn(
  enterpriseId: string,
  from: 'USD_AVAILABLE' | 'USD_ORDER_HELD',
  amountUsd: bigint,
  amountMxn: bigint,
): PostingLine[] {
  return [
    { account: { enterpriseId, kind: from }, amount: -amountUsd },
    { account: { house: 'HOUSE_FX_USD' }, amount: amountUsd },
    { account: { house: 'HOUSE_FX_MXN' }, amount: -amountMxn },
    { account: { house: 'HOUSE_PAYOUT_CLEARING_MXN' }, amount: amountMxn },
  ];
}

/** The account a payment goes to, copied from its supplier as it is at this moment. */
export function paidAccountOf(
  recipient: PaymentRecipientRow,
): Pick<repo.NewPayment, 'paidClabe' | 'paidBankName' | 'paidBeneficiaryName'> {
  return {
    paidClabe: recipient.clabe,
    paidBankName: recipient.bank_name,
    paidBeneficiaryName: recipient.name,
  };
}

/** What the rail sends: the payment's own copy of the account, as it was when it was made. */
export function payoutOrderOf(payment: {
  id: string;
  enterpriseId: string;
  trackingKey: string;
  amountMxn: bigint;
  concept: string;
  paidClabe: string;
  paidBeneficiaryName: string;
}): PayoutOrder {
  return {
    paymentId: payment.id,
    enterpriseId: payment.enterpriseId,
    trackingKey: payment.trackingKey,
    amountMxn: payment.amountMxn,
    beneficiaryName: payment.paidBeneficiaryName,
    clabe: payment.paidClabe,
    concept: payment.concept,
  };
}

/**
 * Records a payment whose journal is posted, with the invoices it pays, in the caller's
 * transaction: answers the payment and the order the payout rail is to send after commit.
 */
export async function insertPayment(
  trx: Trx,
  reads: PaymentReadsService,
  enterpriseId: string,
  input: PaymentTerms &
    Pick<repo.NewPayment, 'type' | 'conversionId' | 'trackingKey' | 'journalId'>,
): Promise<{ payment: ApiPayment; order: PayoutOrder }> {
  const paymentId = randomUUID();
  await repo.insertPayment(trx, {
    id: paymentId,
    enterpriseId,
    type: input.type,
    recipientId: input.recipient.id,
    conversionId: input.conversionId,
    amountMxn: input.amountMxn,
    amountUsd: input.amountUsd,
    rateMicro: input.rateMicro,
    concept: input.concept,
    trackingKey: input.trackingKey,
    journalId: input.journalId,
    createdAt: input.now,
    ...paidAccountOf(input.recipient),
  });
  await repo.insertPaymentInvoices(
    trx,
    input.invoiceParts.map((part) => ({
      paymentId,
      invoiceId: part.invoiceId,
      amountMxn: part.amountMxn,
    })),
  );
  return {
    payment: await reads.get(enterpriseId, paymentId, trx),
    order: payoutOrderOf({
      id: paymentId,
      enterpriseId,
      trackingKey: input.trackingKey,
      amountMxn: input.amountMxn,
      concept: input.concept,
      ...paidAccountOf(input.recipient),
    }),
  };
}
