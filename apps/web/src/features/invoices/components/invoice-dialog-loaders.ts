import type { Invoice } from '../../../lib/finance/types';

// Each dialog is its own chunk (forms, zod, the date picker): fetched when the user points at
// its button, at the latest when it opens. The page's first load carries none of them.
export const loadInvoiceForm = () => import('./invoice-form-dialog');
export const loadCfdiImport = () => import('./cfdi-import-dialog');
export const loadBatchPay = () => import('./batch-pay-invoices-dialog');
export const loadPayInvoice = () => import('./pay-invoice-dialog');
export const loadConversionType = () => import('./conversion-type-dialog');
export const loadRateOrder = () => import('./rate-order-dialog');
export const loadForex = () => import('./forex-dialog');
export const loadForward = () => import('./forward-dialog');
/** The chooser leads to the forex or the forward dialog: pointing at it fetches all three. */
export const loadConversion = () => Promise.all([loadConversionType(), loadForex(), loadForward()]);

/** A button's handlers that fetch a dialog's chunk when the user points at it or tabs to it. */
export function preloadOn(load: () => Promise<unknown>) {
  return { onPointerEnter: () => void load(), onFocus: () => void load() };
}

/** Which dialog the invoices page shows, and for which invoice. */
export type DialogState =
  | {
      kind: 'pay' | 'chooser' | 'forex' | 'forward' | 'edit' | 'delete' | 'rateOrder';
      invoice: Invoice;
    }
  | { kind: 'create' }
  | { kind: 'cfdi' | 'batch' };
