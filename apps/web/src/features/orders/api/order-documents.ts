import type { OrderDocumentKind } from '@app/domain';
import { apiGetBlob } from '../../../lib/api/typed-client';
import type { OrderSide } from './orders';

/**
 * GET …/documents/{kind}: the PDF (application/pdf, in the interface language) as a Blob,
 * through the typed client's blob twin (same ApiError, a 403 ends the session). Without a
 * version, the current one (as delivered once a delivery is recorded); `ordered` for the
 * earlier version of the commercial invoice and packing list.
 */
export function fetchOrderDocument(
  side: OrderSide,
  orderId: string,
  kind: OrderDocumentKind,
  version?: 'ordered',
): Promise<Blob> {
  const options = {
    params: { orderId, kind },
    query: version ? { version } : {},
    accept: 'application/pdf, application/json',
  };
  return side === 'vendor'
    ? apiGetBlob('vendor/orders/{orderId}/documents/{kind}', options)
    : apiGetBlob('orders/{orderId}/documents/{kind}', options);
}
