import { parseMoney, parseRate } from '@app/domain';
import { z } from 'zod';

function parses(parse: (input: string) => bigint, input: string): boolean {
  try {
    return parse(input.trim()) > 0n;
  } catch {
    return false;
  }
}

/** Every field is required ('El campo es obligatorio'); numbers must be valid amounts. */
export const editInvoiceSchema = z.object({
  sInvoice: z.string().trim().min(1).max(120),
  dPurchaseDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  dTotalAmount: z
    .string()
    .trim()
    .min(1)
    .refine((value) => parses(parseMoney, value)),
  iCreditPeriod: z
    .string()
    .trim()
    .min(1)
    .regex(/^\d{1,4}$/),
  dRateProtection: z
    .string()
    .trim()
    .min(1)
    .refine((value) => parses(parseRate, value)),
});

export type EditInvoiceForm = z.input<typeof editInvoiceSchema>;
