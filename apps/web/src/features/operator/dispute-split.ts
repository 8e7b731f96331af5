import { moneyToDecimalString, parseMoney } from '@app/domain';

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

export type SplitProblem = 'required' | 'invalidAmount' | 'splitMismatch';

/**
 * Checks a dispute resolution's split of the held goods money, in integer cents: both
 * amounts well formed, and adding up to exactly what the order holds.
 */
export function checkSplit(
  refund: string,
  release: string,
  heldUsd: number,
): { refund?: SplitProblem; release?: SplitProblem; ok: boolean } {
  const problems: { refund?: SplitProblem; release?: SplitProblem } = {};
  const texts = { refund: refund.trim(), release: release.trim() };
  for (const key of ['refund', 'release'] as const) {
    if (texts[key] === '') problems[key] = 'required';
    else if (!AMOUNT.test(texts[key])) problems[key] = 'invalidAmount';
  }
  if (!problems.refund && !problems.release) {
    if (parseMoney(texts.refund) + parseMoney(texts.release) !== parseMoney(heldUsd)) {
      problems.release = 'splitMismatch';
    }
  }
  return { ...problems, ok: !problems.refund && !problems.release };
}

/** What the release field becomes when the refund is typed: the rest of the hold. */
export function restOfHold(refund: string, heldUsd: number): string | undefined {
  const text = refund.trim();
  if (!AMOUNT.test(text)) return undefined;
  const rest = parseMoney(heldUsd) - parseMoney(text);
  return rest >= 0n ? moneyToDecimalString(rest) : undefined;
}
