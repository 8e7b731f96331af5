import { z } from 'zod';
import {
  calendarDateSchema,
  rateSchema,
  TRANSACTION_TYPE_IDS,
  transactionTypeKeyFromId,
} from '@app/domain';
import { AppError } from '../../errors.js';
import { amountTargetFields, exactlyOneAmount } from './amount-target-fields.js';
import type { ConversionKind } from './conversion-amounts.js';

/** The bodies of the conversion calls, shared by the routes and the approval table. */
const idSchema = z.string().trim().min(1).max(100);

const conversionTypeSchema = z.enum([TRANSACTION_TYPE_IDS.FOREX, TRANSACTION_TYPE_IDS.FORWARD] as [
  string,
  string,
]);

const quotedConversionFields = {
  sTransactionType: conversionTypeSchema,
  dExchangeRate: rateSchema,
  referenceExchangeRate: idSchema,
  bExternal: z.boolean().default(false),
  dForwardTransactionDate: calendarDateSchema.nullish(),
};

export const convertBody = z
  .object({ ...quotedConversionFields, ...amountTargetFields })
  .superRefine(exactlyOneAmount);
export type ConvertBody = z.infer<typeof convertBody>;

export const convertInvoiceBody = z.object({ ...quotedConversionFields, sInvoiceId: idSchema });
export type ConvertInvoiceBody = z.infer<typeof convertInvoiceBody>;

export function conversionKind(typeId: string): ConversionKind {
  const key = transactionTypeKeyFromId(typeId);
  if (key !== 'FOREX' && key !== 'FORWARD') {
    throw new AppError('INVALID_INPUT', { field: 'sTransactionType' });
  }
  return key;
}

export function convertUsdInput(body: ConvertBody) {
  return {
    kind: conversionKind(body.sTransactionType),
    ...(body.dDesAmount !== undefined
      ? { amountMxn: body.dDesAmount }
      : { amountUsd: body.dAmount ?? 0n }),
    quoteId: body.referenceExchangeRate,
    statedRateMicro: body.dExchangeRate,
    external: body.bExternal,
    forwardDate: body.dForwardTransactionDate,
  };
}

export function convertInvoiceInput(body: ConvertInvoiceBody) {
  return {
    kind: conversionKind(body.sTransactionType),
    invoiceId: body.sInvoiceId,
    quoteId: body.referenceExchangeRate,
    statedRateMicro: body.dExchangeRate,
    external: body.bExternal,
    forwardDate: body.dForwardTransactionDate,
  };
}
