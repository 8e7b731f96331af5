import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../plugins/error-handler.js';
import { principalOf } from '../../plugins/session.js';
import type { SpeiProofService } from './spei-proof.js';

const proofSchema = z.object({
  sPaymentId: z.string(),
  iTrackingId: z.number(),
  sTrackingKey: z.string().describe('SPEI clave de rastreo'),
  sStatus: z.enum(['PROCESSING', 'COMPLETED', 'RETURNED']),
  sReturnReason: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  dAmount: z.number().describe('MXN'),
  sCurrency: z.literal('MXN'),
  sConcept: z.string(),
  sSendingInstitution: z.string(),
  issuer: z.object({ sName: z.string(), sTaxId: z.string().nullable() }),
  payee: z.object({
    sName: z.string(),
    sTaxId: z.string(),
    sBankName: z.string(),
    sAccountNumber: z.string().describe('Masked CLABE'),
  }),
  cep: z
    .object({
      sFechaOperacion: z.string().describe('YYYY-MM-DD'),
      sClaveRastreo: z.string(),
      sEmisor: z.string().describe('Sending institution code'),
      sEmisorName: z.string(),
      sReceptor: z.string().describe('Receiving institution code'),
      sReceptorName: z.string(),
      sCuentaBeneficiario: z.string().describe('Full CLABE, as the CEP lookup needs it'),
      dMonto: z.number(),
      sUrl: z.string().describe("Banxico's CEP lookup with these fields"),
    })
    .nullable()
    .describe("What fetches Banxico's CEP of a payout STP settled; null otherwise"),
});

export async function speiProofRoutes(
  app: FastifyInstance,
  options: { proofs: SpeiProofService },
): Promise<void> {
  const { proofs } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['payments'];
  const params = z.object({ id: z.string().trim().min(1).max(100) });

  routes.get(
    '/payments/:id/spei',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'CEP-style SPEI evidence of a payment (tracking key, parties, amount, dates)',
        security,
        params,
        response: { 200: z.object({ proof: proofSchema }) },
      },
    },
    async (request) => ({
      proof: await proofs.proof(principalOf(request).enterpriseId, request.params.id),
    }),
  );

  routes.get(
    '/payments/:id/spei/pdf',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'The SPEI evidence as a PDF, base64',
        security,
        params,
        response: { 200: z.object({ pdf: z.object({ data: z.string() }) }) },
      },
    },
    async (request) => {
      const pdf = await proofs.pdf(
        principalOf(request).enterpriseId,
        request.params.id,
        languageOf(request),
      );
      return { pdf: { data: pdf.toString('base64') } };
    },
  );
}
