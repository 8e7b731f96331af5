import { timingSafeEqual, createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors.js';
import type { StpDepositsService } from './stp-deposits.service.js';
import type { StpStatusService } from './stp-status.service.js';

/** An id or amount as STP may send it: a JSON number, or digits in a string. */
const idSchema = z.union([
  z.number().int().min(0),
  z
    .string()
    .trim()
    .regex(/^\d{1,18}$/),
]);
const text = (max: number) => z.string().max(max);

const ordenEstadoBody = z
  .object({
    id: idSchema.optional(),
    empresa: text(40).optional(),
    folioOrigen: text(60).optional(),
    claveRastreo: text(30).optional(),
    estado: text(40).optional(),
    Estado: text(40).optional(),
    causaDevolucion: text(200).optional(),
    Detalle: text(200).optional(),
    tsLiquidacion: z.union([z.number().int().min(0), z.string().regex(/^\d{1,14}$/)]).optional(),
  })
  .refine((body) => body.estado !== undefined || body.Estado !== undefined, {
    message: 'estado is required',
    path: ['estado'],
  });

/** The answers STP reads: it retries a call until it gets a 200. */
const ackSchema = z.object({ mensaje: z.string() });

export interface StpWebhookSettings {
  secret: string;
  /** Addresses or CIDRs allowed to call; undefined: any address with the secret. */
  allow: string[] | undefined;
}

/** Node's BlockList as an allow-list of addresses and CIDRs. */
function allowListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function sameSecret(given: string, expected: string): boolean {
  // Digests first: equal lengths for timingSafeEqual, and no early exit on length.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The two URLs STP calls (API.md "Rails"): outside `/api/v1/{lang}/`, no session, no
 * language. STP sends no custom headers, so its configured URL carries the secret as
 * `?secret=`; a wrong or missing secret, or an address outside the allow-list, is answered
 * as a path that does not exist, and nothing is written.
 */
export async function stpWebhookRoutes(
  app: FastifyInstance,
  options: {
    settings: StpWebhookSettings;
    status: StpStatusService;
    deposits: StpDepositsService;
  },
): Promise<void> {
  const { settings, status, deposits } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const allow = settings.allow ? allowListOf(settings.allow) : undefined;
  const querystring = z.object({ secret: z.string().max(200).optional() });

  const authorize = async (request: FastifyRequest) => {
    const { secret } = request.query as { secret?: string };
    if (!secret || !sameSecret(secret, settings.secret)) throw new AppError('NOT_FOUND');
    if (allow) {
      const ip = request.ip.replace(/^::ffff:/, '');
      const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
      if (!allow.check(ip, type)) throw new AppError('NOT_FOUND');
    }
  };

  routes.post(
    '/api/webhooks/stp/orden-estado',
    {
      // The secret is checked before the body is read, so a forged call costs nothing.
      onRequest: authorize,
      schema: {
        tags: ['rails'],
        summary: "STP's status change of an order sent (settled, returned, cancelled)",
        querystring,
        body: ordenEstadoBody,
        response: { 200: ackSchema },
      },
    },
    async (request) => {
      const result = await status.apply(request.body);
      if (result.outcome === 'UNKNOWN_ORDER' || result.outcome === 'UNKNOWN_STATUS') {
        request.log.warn(
          { stp: request.body, outcome: result.outcome },
          'STP status change for no order of ours; nothing written',
        );
      }
      return { mensaje: 'recibido' };
    },
  );

  routes.post(
    '/api/webhooks/stp/abono',
    {
      onRequest: authorize,
      schema: {
        tags: ['rails'],
        summary: 'An incoming SPEI transfer to a company deposit CLABE (STP "abono")',
        querystring,
        body: z.record(z.string(), z.unknown()),
        response: {
          200: z.union([
            z.object({ mensaje: z.literal('confirmar') }),
            z.object({ mensaje: z.literal('devolver'), id: z.number().int() }),
          ]),
        },
      },
    },
    async (request) => deposits.receive(request.body),
  );
}
