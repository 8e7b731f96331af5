import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarDateSchema,
  clabeSchema,
  emailSchema,
  moneySchema,
  rateSchema,
  rfcSchema,
} from '@app/domain';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import { apiInvoiceSchema } from '../invoices/invoices.routes.js';
import { CFDI_MAX_FILES, type CfdiService } from './cfdi.service.js';

/**
 * The parse request carries the XML texts: up to 200 files of up to 1 MB each would be
 * 200 MB, more than a server should hold for one request. Real CFDIs weigh 5-50 kB, so
 * 200 of them fit well under this limit; a bigger upload answers 413 and the web client
 * sends such a selection in parts.
 */
export const CFDI_PARSE_BODY_LIMIT = 16 * 1_048_576;

const uuidSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);

/** One DoctoRelacionado of a payment complement and the payment it settles. */
const complementPaymentSchema = z.object({
  sRelatedUuid: z.string().describe('IdDocumento: the paid invoice’s CFDI UUID'),
  sRelatedInvoiceId: z.string(),
  sInvoice: z.string(),
  sCurrency: z.string().describe('MonedaDR, the invoice’s currency'),
  dAmount: z.number().describe('ImpPagado, in MonedaDR'),
  dAmountMxn: z
    .number()
    .describe('What was paid in MXN (ImpPagado / EquivalenciaDR at TipoCambioP)'),
  sMatch: z
    .enum(['MATCHED', 'MISMATCH'])
    .describe(
      'MATCHED: it settles a payment of that amount; MISMATCH: kept and flagged, the payment stays due',
    ),
  dPaymentAmount: z
    .number()
    .nullable()
    .describe('MXN of the payment matched or checked against; null when none awaits one'),
  sMessage: z.string().nullable().describe('For a mismatch: both amounts and what to do'),
});

const parseLineSchema = z.object({
  sFileName: z.string(),
  sStatus: z.enum(['READY', 'DUPLICATE', 'REFUSED']),
  sReason: z
    .string()
    .optional()
    .describe('Why the file is refused or a duplicate, in the request language'),
  sReasonCode: z.string().optional(),
  sUuid: z.string().nullable().describe('TimbreFiscalDigital UUID (fiscal folio)'),
  sRfcEmisor: z.string().nullable(),
  sNombreEmisor: z.string().nullable(),
  sRfcReceptor: z.string().nullable(),
  sInvoice: z.string().nullable().describe('Serie-Folio'),
  dPurchaseDate: z.string().nullable().describe('The day of Fecha'),
  dTotalAmount: z.number().nullable().describe('MXN (at TipoCambio for another currency)'),
  dTotalOriginal: z.number().nullable().describe('Total in the CFDI currency'),
  sMoneda: z.string().nullable(),
  dTipoCambio: z.number().nullable(),
  sVersion: z.string().nullable(),
  sPaymentRecipientId: z.string().nullable().describe('Supplier with the issuer RFC, or null'),
  sPaymentRecipientName: z.string().nullable(),
  aWarnings: z.array(z.object({ sCode: z.string(), sMessage: z.string() })),
  sKind: z
    .enum(['INVOICE', 'CREDIT_NOTE', 'PAYMENT_COMPLEMENT'])
    .nullable()
    .describe(
      'An invoice to import, a credit note to apply (POST invoices/credit-notes), or a payment complement to record (POST invoices/payment-complements)',
    ),
  sRelatedUuid: z.string().nullable().describe('The UUID of the invoice a credit note lowers'),
  sRelatedInvoiceId: z.string().nullable().describe('That invoice here, when imported'),
  aPayments: z
    .array(complementPaymentSchema)
    .describe("A payment complement's lines (empty for other kinds)"),
});

const importItemSchema = z
  .object({
    sUuid: uuidSchema,
    sContent: z
      .string()
      .max(CFDI_PARSE_BODY_LIMIT)
      .describe(
        'The CFDI XML as read: its seal and receptor are checked again and its UUID, total and date must be those sent (else 422 CFDI_NOT_VERIFIED)',
      ),
    sPaymentRecipientId: z.string().trim().min(1).max(64).optional(),
    newSupplier: z
      .object({
        sName: z.string().trim().min(1).max(200),
        sTaxId: z.string().max(40).pipe(rfcSchema),
        sAccountNumber: z.string().max(40).pipe(clabeSchema),
        sEmail: z.union([z.literal(''), emailSchema]).default(''),
      })
      .optional()
      .describe('A supplier to create with the invoice (an issuer RFC not known yet)'),
    sInvoice: z.string().trim().min(1).max(120),
    dPurchaseDate: calendarDateSchema,
    dTotalAmount: moneySchema.describe('MXN'),
    dRateProtection: rateSchema,
    iCreditPeriod: z.number().int().min(0).max(3650),
  })
  .refine((item) => (item.sPaymentRecipientId === undefined) !== (item.newSupplier === undefined), {
    message: 'ONE_SUPPLIER',
    path: ['sPaymentRecipientId'],
  });

export async function cfdiRoutes(
  app: FastifyInstance,
  options: { cfdi: CfdiService },
): Promise<void> {
  const { cfdi } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['invoices'];

  routes.post(
    '/invoices/cfdi/parse',
    {
      onRequest: app.requireSession,
      bodyLimit: CFDI_PARSE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Read CFDI 4.0/3.3 XML files into invoices to review; writes nothing',
        security,
        body: z.object({
          files: z
            .array(
              z.object({
                sFileName: z.string().trim().min(1).max(255),
                // A text over 1 MB is answered per file as FILE_TOO_LARGE, not refused here.
                sContent: z.string().max(CFDI_PARSE_BODY_LIMIT),
              }),
            )
            .min(1)
            .describe(`At most ${CFDI_MAX_FILES} files (more: 400 TOO_MANY_FILES)`),
        }),
        response: { 200: z.object({ results: z.array(parseLineSchema) }) },
      },
    },
    async (request) => ({
      results: await cfdi.parse(
        principalOf(request).enterpriseId,
        request.body.files.map((file) => ({ fileName: file.sFileName, content: file.sContent })),
        languageOf(request),
      ),
    }),
  );

  routes.post(
    '/invoices/credit-notes',
    {
      onRequest: app.requireSession,
      bodyLimit: CFDI_PARSE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Apply stamped credit notes (CFDI Egreso) to the imported invoices they name',
        security,
        body: z.object({
          creditNotes: z
            .array(z.object({ sContent: z.string().max(CFDI_PARSE_BODY_LIMIT) }))
            .min(1)
            .describe(
              `At most ${CFDI_MAX_FILES}, in one transaction: a file that does not verify or names no invoice of its issuer here: 422 CFDI_NOT_VERIFIED; more than is open on the invoice: 409 INVALID_STATE; applied before: 409 DUPLICATE_CFDI`,
            ),
        }),
        response: { 201: z.object({ invoices: z.array(apiInvoiceSchema) }) },
      },
    },
    async (request, reply) => {
      const invoices = await cfdi.applyCreditNotes(
        principalOf(request).enterpriseId,
        request.body.creditNotes.map((item) => item.sContent),
      );
      return reply.status(201).send({ invoices });
    },
  );

  routes.post(
    '/invoices/payment-complements',
    {
      onRequest: app.requireSession,
      bodyLimit: CFDI_PARSE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Record stamped payment complements (CFDI Pago) against the payments of the invoices they name',
        security,
        body: z.object({
          complements: z
            .array(z.object({ sContent: z.string().max(CFDI_PARSE_BODY_LIMIT) }))
            .min(1)
            .describe(
              `At most ${CFDI_MAX_FILES}, in one transaction: a file that does not verify, is not a Pago to this company, or names an invoice that is not its issuer's here: 422 CFDI_NOT_VERIFIED; cancelled at the SAT: 409 CFDI_CANCELLED; recorded before: 409 DUPLICATE_CFDI. A line whose amount does not match a payment is kept, flagged MISMATCH`,
            ),
        }),
        response: {
          201: z.object({
            complements: z.array(
              z.object({ sUuid: z.string(), aPayments: z.array(complementPaymentSchema) }),
            ),
          }),
        },
      },
    },
    async (request, reply) => {
      const complements = await cfdi.applyComplements(
        principalOf(request).enterpriseId,
        request.body.complements.map((item) => item.sContent),
        languageOf(request),
      );
      return reply.status(201).send({ complements });
    },
  );

  routes.get(
    '/invoices/:id/cfdi',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary:
          "An invoice's CFDI: the SAT's last status and, for a PPD CFDI, each payment's complement",
        security,
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({
            cfdi: z
              .object({
                sUuid: z.string(),
                sMetodoPago: z.string().nullable(),
                sSatStatus: z
                  .string()
                  .nullable()
                  .describe('VIGENTE, CANCELADO or UNKNOWN (the call failed); null: not asked'),
                dSatCheckedAt: z.string().nullable(),
                aPayments: z.array(
                  z.object({
                    sPaymentId: z.string(),
                    dAmount: z.number().describe('MXN'),
                    dPaidAt: z.string(),
                    sComplement: z
                      .enum(['DUE', 'MATCHED', 'MISMATCH', 'NOT_REQUIRED'])
                      .describe('NOT_REQUIRED: the CFDI is not PPD'),
                    sComplementUuid: z.string().nullable(),
                    dComplementAmount: z.number().nullable().describe('MXN the complement says'),
                  }),
                ),
                aUnmatchedComplements: z
                  .array(
                    z.object({
                      sComplementUuid: z.string(),
                      dPaidOn: z.string(),
                      dAmount: z.number(),
                    }),
                  )
                  .describe('Complement lines naming the invoice with no payment recorded here'),
              })
              .nullable()
              .describe('null: the invoice was not imported from a CFDI'),
          }),
        },
      },
    },
    async (request) => ({
      cfdi: await cfdi.cfdiOf(principalOf(request).enterpriseId, request.params.id),
    }),
  );

  routes.get(
    '/invoices/:id/credit-notes',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: "An invoice's credit notes (the credit lines that lowered its total)",
        security,
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({
            creditNotes: z.array(
              z.object({
                sUuid: z.string(),
                sRelation: z.string().describe('TipoRelacion: 01, 03 or 07'),
                dAmount: z.number().describe('MXN'),
                dIssuedOn: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({
      creditNotes: await cfdi.creditNotesOf(principalOf(request).enterpriseId, request.params.id),
    }),
  );

  routes.post(
    '/invoices/import',
    {
      onRequest: app.requireSession,
      bodyLimit: CFDI_PARSE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create reviewed CFDI invoices (and new suppliers) in one transaction',
        security,
        body: z.object({
          invoices: z
            .array(importItemSchema)
            .min(1)
            .describe(
              `At most ${CFDI_MAX_FILES}; a known UUID: 409 DUPLICATE_CFDI, nothing written`,
            ),
        }),
        response: { 201: z.object({ invoices: z.array(apiInvoiceSchema) }) },
      },
    },
    async (request, reply) => {
      const invoices = await cfdi.importInvoices(
        principalOf(request).enterpriseId,
        request.body.invoices.map((item) => ({
          uuid: item.sUuid,
          content: item.sContent,
          recipientId: item.sPaymentRecipientId,
          newSupplier: item.newSupplier && {
            name: item.newSupplier.sName,
            taxId: item.newSupplier.sTaxId,
            clabe: item.newSupplier.sAccountNumber,
            email: item.newSupplier.sEmail,
          },
          invoiceName: item.sInvoice,
          purchaseDate: item.dPurchaseDate,
          totalMxn: item.dTotalAmount,
          rateProtectionMicro: item.dRateProtection,
          creditPeriodDays: item.iCreditPeriod,
        })),
      );
      return reply.status(201).send({ invoices });
    },
  );
}
