import type { z } from 'zod';
import { moneySchema } from '@app/domain';

/**
 * Exactly one of the two amounts (API.md): `dAmount` spends that USD, `dDesAmount` books
 * exactly that MXN (the USD rounded up to the cent). Both or neither → 400 INVALID_INPUT.
 */
export const amountTargetFields = {
  dAmount: moneySchema
    .optional()
    .describe('USD to spend; exactly one of dAmount and dDesAmount (both or neither: 400)'),
  dDesAmount: moneySchema
    .optional()
    .describe(
      'MXN to receive exactly, 2 decimals; the USD is rounded up to the cent. Exactly one of dAmount and dDesAmount',
    ),
};

/** The zod refinement of `amountTargetFields`: one amount, never both, never neither. */
export function exactlyOneAmount(
  body: { dAmount?: bigint | undefined; dDesAmount?: bigint | undefined },
  ctx: z.RefinementCtx,
): void {
  if ((body.dAmount === undefined) === (body.dDesAmount === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [body.dAmount === undefined ? 'dAmount' : 'dDesAmount'],
      message: 'EXACTLY_ONE_AMOUNT',
    });
  }
}
