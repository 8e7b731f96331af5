import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api/typed-client';

/** One file's line of `POST invoices/cfdi/parse`. */
export type CfdiParseLine = ApiAnswer<'post', 'invoices/cfdi/parse'>['results'][number];

export function parseCfdiFiles(
  files: ApiBody<'post', 'invoices/cfdi/parse'>['files'],
): Promise<ApiAnswer<'post', 'invoices/cfdi/parse'>> {
  return apiPost('invoices/cfdi/parse', { body: { files } });
}

/** One reviewed invoice of `POST invoices/import`: a known supplier or a new one. */
export type CfdiImportItem = ApiBody<'post', 'invoices/import'>['invoices'][number];

export function importCfdiInvoices(
  invoices: CfdiImportItem[],
): Promise<ApiAnswer<'post', 'invoices/import'>> {
  return apiPost('invoices/import', { body: { invoices } });
}

/** Applies stamped credit notes to the imported invoices they name. */
export function applyCfdiCreditNotes(
  contents: string[],
): Promise<ApiAnswer<'post', 'invoices/credit-notes'>> {
  return apiPost('invoices/credit-notes', {
    body: { creditNotes: contents.map((sContent) => ({ sContent })) },
  });
}

/** Records stamped payment complements against the payments of the invoices they name. */
export function applyCfdiComplements(
  contents: string[],
): Promise<ApiAnswer<'post', 'invoices/payment-complements'>> {
  return apiPost('invoices/payment-complements', {
    body: { complements: contents.map((sContent) => ({ sContent })) },
  });
}

/** The answer of `POST payments/batch`: the batch, or the approval it waits for. */
export type PaymentBatchAnswer = ApiAnswer<'post', 'payments/batch'>;

/** Pays whole To pay invoices in one batch at one quote. */
export function payInvoicesInBatch(
  body: ApiBody<'post', 'payments/batch'>,
  idempotencyKey: string,
): Promise<PaymentBatchAnswer> {
  return apiPost('payments/batch', { body, idempotencyKey });
}

/** `GET invoices/{id}/cfdi`: the invoice's CFDI, or null when it was not imported from one. */
export type InvoiceCfdi = NonNullable<ApiAnswer<'get', 'invoices/{id}/cfdi'>['cfdi']>;

/** One credit note of `GET invoices/{id}/credit-notes`. */
export type InvoiceCreditNote = ApiAnswer<
  'get',
  'invoices/{id}/credit-notes'
>['creditNotes'][number];

/** The invoice's CFDI and the credit notes applied to it, read together for its dialog. */
export function invoiceCfdiQueryOptions(invoiceId: string) {
  return queryOptions({
    queryKey: ['invoices', 'cfdi', invoiceId],
    // Read afresh at each opening: a complement or credit note may have been imported since.
    staleTime: 0,
    queryFn: async () => {
      const params = { id: invoiceId };
      const [cfdi, notes] = await Promise.all([
        apiGet('invoices/{id}/cfdi', { params }),
        apiGet('invoices/{id}/credit-notes', { params }),
      ]);
      return { cfdi: cfdi.cfdi, creditNotes: notes.creditNotes };
    },
  });
}
