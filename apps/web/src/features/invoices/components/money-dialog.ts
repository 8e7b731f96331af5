import { useState } from 'react';
import type { Invoice } from '../../../lib/finance/types';

/** Today's spot quote, as the invoice list answer carries it. */
export interface SpotQuote {
  rate: number;
  reference: string;
  /** True while a new quote is being fetched: confirming would use the old one. */
  refreshing: boolean;
}

/** What the page gives each money dialog: it stays open while `invoice` is set. */
export interface MoneyDialogProps {
  invoice: Invoice | undefined;
  quote: SpotQuote;
  onCancel: () => void;
  /** Success: the page closes every dialog, resets and reloads, then shows `message`. */
  onDone: (message: string) => void;
  /** The page refreshes an expired quote (and says so) or shows the error. */
  onFailed: (error: unknown) => void;
}

/** The last value that was defined: a closing dialog keeps its content while it fades. */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
