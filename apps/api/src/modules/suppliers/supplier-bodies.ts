import { z } from 'zod';
import { clabeSchema, emailSchema, rfcSchema } from '@app/domain';
import type { RecipientInput } from './suppliers.service.js';

/** The supplier form (the routes and the approval table parse it alike); unknown keys are dropped. */
const recipientFields = {
  sName: z.string().trim().min(1).max(200),
  sEmail: emailSchema,
  sBankName: z.string().trim().min(1).max(100),
  sAccountNumber: z.string().max(40).pipe(clabeSchema),
  sEntityBusiness: z.string().trim().min(1).max(40).toUpperCase().default('COMPANY'),
  sTaxId: z.string().max(40).pipe(rfcSchema),
};

const idSchema = z.string().trim().min(1).max(64);

export const createRecipientBody = z.object(recipientFields);
export const updateRecipientBody = z.object({ sPaymentRecipientId: idSchema, ...recipientFields });

export function recipientInput(body: z.infer<typeof createRecipientBody>): RecipientInput {
  return {
    name: body.sName,
    email: body.sEmail,
    bankName: body.sBankName,
    clabe: body.sAccountNumber,
    entityBusiness: body.sEntityBusiness,
    taxId: body.sTaxId,
  };
}
