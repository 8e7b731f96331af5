import { useState } from 'react';

/** A spot quote as a review step shows it: its rate, and the reference a request sends. */
export interface ShownQuote {
  rate: number;
  reference: string;
}

export interface SeenQuote {
  /** The quote the person last saw the figures of: what a confirm sends. */
  seen: ShownQuote | undefined;
  /** Set while the live quote's rate differs from the seen one: confirming must wait. */
  changed: { before: ShownQuote; after: ShownQuote } | undefined;
  /** The person accepts the new figures (a click of their own). */
  accept: () => void;
}

/**
 * The quote a review step was opened with. When the quote is refreshed while the step is
 * open and its rate moved, the step shows the old and the new figures and its confirm waits
 * until the person accepts the new ones: nothing is sent at a rate they did not see. A new
 * reference at the same rate changes no figure, so it is taken without asking.
 */
export function useSeenQuote(open: boolean, live: ShownQuote | undefined): SeenQuote {
  const [seen, setSeen] = useState<ShownQuote | undefined>(undefined);
  const usable = live && live.reference !== '' ? live : undefined;
  if (!open) {
    if (seen) setSeen(undefined);
  } else if (
    usable &&
    (!seen || (seen.reference !== usable.reference && seen.rate === usable.rate))
  ) {
    setSeen(usable);
  }
  const changed =
    open && seen && usable && seen.reference !== usable.reference && seen.rate !== usable.rate
      ? { before: seen, after: usable }
      : undefined;
  return {
    seen: open ? (seen ?? usable) : undefined,
    changed,
    accept: () => setSeen(usable),
  };
}
