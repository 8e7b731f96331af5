import { isCalendarDate, moneySchema, moneyToNumber } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors.js';
import { principalOf } from '../../../plugins/session.js';
import { isUuid } from '../../rates/rates.service.js';
import { StpUnansweredError } from './stp-client.js';
import type { StpRail } from './stp-rail.js';

/**
 * Back office, demo only: an incoming SPEI played by the local STP counterpart to a
 * company's deposit CLABE. It travels the real path (STP's abono notice over the webhook,
 * its secret, the once-only credit). Without the local counterpart (a real STP) it does not
 * exist.
 */
export async function stpOpsRoutes(app: FastifyInstance, options: { stp: StpRail }): Promise<void> {
  const { stp } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const requireOperator = async (request: Parameters<typeof app.requireSession>[0]) => {
    await app.requireSession(request);
    if (principalOf(request).user.sRole !== 'operator') throw new AppError('NOT_FOUND');
  };

  routes.post(
    '/ops/spei/simulate-incoming',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: 'Demo: the local STP sends an incoming SPEI to a company deposit CLABE',
        security: [{ bearerAuth: [] }],
        body: z.object({
          sEnterpriseId: z.string().min(1).max(64),
          dAmount: moneySchema,
          sSenderName: z.string().trim().min(1).max(39).optional(),
        }),
        response: {
          200: z.object({
            sClabe: z.string(),
            sTrackingKey: z.string(),
            dAmount: z.number(),
            bCredited: z.boolean(),
          }),
        },
      },
    },
    async (request) => {
      const local = stp.local;
      if (!local) throw new AppError('NOT_FOUND');
      const { sEnterpriseId, dAmount, sSenderName } = request.body;
      if (!isUuid(sEnterpriseId) || dAmount <= 0n) {
        throw new AppError('NOT_FOUND', { field: 'sEnterpriseId' });
      }
      const exists = await app.finance.db
        .selectFrom('enterprises')
        .select('id')
        .where('id', '=', sEnterpriseId)
        .executeTakeFirst();
      if (!exists) throw new AppError('NOT_FOUND', { field: 'sEnterpriseId' });
      const clabe = await stp.deposits.depositClabe(sEnterpriseId);
      const sent = await local.sendAbono({
        cuentaBeneficiario: clabe,
        monto: moneyToNumber(dAmount),
        ...(sSenderName ? { nombreOrdenante: sSenderName } : {}),
      });
      return {
        sClabe: clabe,
        sTrackingKey: sent.claveRastreo,
        dAmount: moneyToNumber(dAmount),
        bCredited: sent.status === 200,
      };
    },
  );

  routes.get(
    '/ops/spei/returned',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: 'Incoming SPEIs returned to the sender because their CLABE is no company’s',
        security: [{ bearerAuth: [] }],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: {
          200: z.object({
            transfers: z.array(
              z.object({
                sId: z.string(),
                sTrackingKey: z.string(),
                sSendingBank: z.string().describe("The sender's bank, by its SPEI code"),
                sOperationDate: z.string().describe('YYYY-MM-DD'),
                sClabe: z.string().describe('The CLABE it was sent to'),
                dAmount: z.number().describe('MXN'),
                sSenderName: z.string(),
                sConcept: z.string(),
                created_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({
      transfers: (await stp.deposits.returnedAbonos(request.query.limit)).map((row) => ({
        sId: row.id,
        sTrackingKey: row.clave_rastreo,
        sSendingBank: row.institucion_ordenante,
        sOperationDate: `${row.fecha_operacion.slice(0, 4)}-${row.fecha_operacion.slice(4, 6)}-${row.fecha_operacion.slice(6, 8)}`,
        sClabe: row.cuenta_beneficiario,
        dAmount: moneyToNumber(BigInt(row.amount_mxn)),
        sSenderName: row.nombre_ordenante,
        sConcept: row.concepto_pago,
        created_at: new Date(row.created_at).toISOString(),
      })),
    }),
  );

  const reconciliationSchema = z.object({
    sDate: z.string(),
    ran_at: z.string().nullable().describe('null: the day was never compared with STP'),
    iSentAtStp: z.number().int(),
    iReceivedAtStp: z.number().int(),
    iCount: z.number().int(),
    differences: z.array(
      z.object({
        sDirection: z.enum(['OUT', 'IN']),
        sKind: z.enum([
          'PAID_HERE_NOT_AT_STP',
          'AT_STP_NOT_HERE',
          'RECEIVED_NOT_CREDITED',
          'CREDITED_NOT_AT_STP',
          'AMOUNT_DIFFERS',
        ]),
        sTrackingKey: z.string(),
        dAmountHere: z.number().nullable(),
        dAmountStp: z.number().nullable(),
        sPaymentId: z.string().nullable(),
        sEnterpriseId: z.string().nullable(),
      }),
    ),
  });
  const day = z.string().refine(isCalendarDate, 'a date YYYY-MM-DD');

  routes.get(
    '/ops/reconciliation/stp',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: "A day's differences between STP's conciliation and the ledger",
        security: [{ bearerAuth: [] }],
        querystring: z.object({ date: day }),
        response: { 200: z.object({ reconciliation: reconciliationSchema }) },
      },
    },
    async (request) => ({ reconciliation: await stp.reconciliation.read(request.query.date) }),
  );

  routes.post(
    '/ops/reconciliation/stp',
    {
      onRequest: requireOperator,
      schema: {
        tags: ['back office'],
        summary: "Compares a day with STP's conciliation now (the hourly job does it too)",
        security: [{ bearerAuth: [] }],
        body: z.object({ sDate: day }),
        response: { 200: z.object({ reconciliation: reconciliationSchema }) },
      },
    },
    async (request) => {
      try {
        return { reconciliation: await stp.reconciliation.run(request.body.sDate) };
      } catch (error) {
        if (error instanceof StpUnansweredError) throw new AppError('SERVICE_UNAVAILABLE');
        throw error;
      }
    },
  );
}
