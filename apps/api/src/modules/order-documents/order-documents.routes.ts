import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_DOCUMENT_KINDS } from '@app/domain';
import { languageOf } from '../../plugins/error-handler.js';
import { buyerCaller, sessionHook, vendorCaller } from '../marketplace-access.js';
import { DOCUMENT_VERSIONS } from './document-versions.js';
import type { OrderDocumentsService } from './order-documents.service.js';

const tags = ['marketplace'];
const security = [{ bearerAuth: [] }];
const params = z.object({
  orderId: z.string().trim().min(1).max(64),
  kind: z.enum(ORDER_DOCUMENT_KINDS),
});

/** GET orders/{id}/documents/{kind} (buyer) and vendor/orders/{id}/documents/{kind} (grower). */
export async function orderDocumentsRoutes(
  app: FastifyInstance,
  options: { documents: OrderDocumentsService },
): Promise<void> {
  const { documents } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const description =
    'A PDF in the language of the path: commercial invoice, packing list or bill of lading draft';

  for (const side of ['buyer', 'vendor'] as const) {
    const gate = side === 'buyer' ? buyerCaller : vendorCaller;
    routes.get(
      side === 'buyer'
        ? '/orders/:orderId/documents/:kind'
        : '/vendor/orders/:orderId/documents/:kind',
      {
        onRequest: sessionHook(app, gate),
        schema: {
          tags,
          summary:
            side === 'buyer'
              ? "A trade document of one of the buyer's orders (application/pdf)"
              : "A trade document of one of the grower's orders (application/pdf)",
          description,
          security,
          params,
          querystring: z.object({
            version: z
              .enum(DOCUMENT_VERSIONS)
              .optional()
              .describe(
                'ordered or delivered; the current one by default (delivered once a delivery is recorded). The bill of lading has one version.',
              ),
          }),
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await documents.render(
          { side, enterpriseId: gate(request).enterpriseId },
          request.params.orderId,
          request.params.kind,
          languageOf(request),
          request.query.version,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }
}
