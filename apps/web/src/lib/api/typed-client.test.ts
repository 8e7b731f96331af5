import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ana } from '../../test/fixtures';
import { setLanguage } from '../i18n/i18n';
import { clearSession, setSession } from '../session-store';
import { acknowledgeSessionEnded, isSessionEnded } from '../session-ended';
import {
  apiDelete,
  apiGet,
  apiGetBlob,
  apiPost,
  buildApiPath,
  callApiWithStatus,
  type ApiAnswer,
} from './typed-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A Blob's text. On Node 24 the Response under jsdom makes jsdom's Blob, which has no
 * `text()` (a browser's has); jsdom's FileReader reads it.
 */
function readText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

describe('the typed client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setLanguage('sp');
    setSession({ token: 'tok-1', user: ana });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    clearSession();
  });

  it('fills path parameters and the query, under the language prefix, with the token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { warehouses: [], total: 0, page: 2, limit: 5 }));
    const answer = await apiGet('warehouses', { query: { page: 2, limit: 5 } });
    expect(answer.total).toBe(0);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/sp/warehouses?page=2&limit=5');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('escapes path parameters and sends the method', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(
      apiDelete('warehouses/{warehouseId}', { params: { warehouseId: 'a/b c' } }),
    ).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/sp/warehouses/a%2Fb%20c');
    expect(init?.method).toBe('DELETE');
  });

  it('sends the Idempotency-Key of a money call and its JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { payment: {} }));
    await apiPost('payments/sendPayNow', {
      idempotencyKey: 'key-1',
      body: {
        dAmount: 1000,
        comment: 'Invoice 12',
        sPaymentRecipientId: 'r1',
        sExchangeRateReference: 'q1',
      },
    });
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
    expect(JSON.parse(String(init?.body))).toMatchObject({ dAmount: 1000 });
  });

  it('keeps the ApiError of an error answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { code: 'NOT_FOUND', message: 'No.' }));
    await expect(
      apiGet('warehouses/{warehouseId}', { params: { warehouseId: 'w1' } }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('leaves out query values that are not set', () => {
    expect(buildApiPath('warehouses', {}, { page: 1, limit: undefined })).toBe('warehouses?page=1');
  });

  it('types answers and requests from the OpenAPI document', () => {
    type Warehouse = ApiAnswer<'get', 'warehouses/{warehouseId}'>['warehouse'];
    const read = (warehouse: Warehouse) => [
      warehouse.sName,
      // @ts-expect-error the server sends no such field
      warehouse.sNickname,
    ];
    expect(read).toBeTypeOf('function');
    const calls = () => [
      // @ts-expect-error not an operation of the document
      apiGet('warehouses/no-such-thing'),
      // @ts-expect-error the path parameter is required
      apiGet('warehouses/{warehouseId}'),
      // @ts-expect-error the body is required and must have the warehouse's fields
      apiPost('warehouses', { body: { sName: 'Only a name' } }),
      // @ts-expect-error only the money calls take an Idempotency-Key
      apiGet('auth/me', { idempotencyKey: 'k' }),
    ];
    expect(calls).toBeTypeOf('function');
  });

  it('answers the status where it means something (a deposit credited or already credited)', async () => {
    const deposit = { sReference: 'W-1', sEnterpriseId: 'e1', dAmount: 10, created_at: 'now' };
    fetchMock.mockResolvedValueOnce(jsonResponse(201, deposit));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, deposit));
    const body = { sEnterpriseId: 'e1', dAmount: 10, sReference: 'W-1' };
    const first = await callApiWithStatus('post', 'ops/deposits', { body });
    const again = await callApiWithStatus('post', 'ops/deposits', { body });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(first.answer.sReference).toBe('W-1');
  });

  it('downloads a PDF as a Blob with the token, under the language prefix', async () => {
    fetchMock.mockResolvedValue(
      new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const blob = await apiGetBlob('orders/{orderId}/documents/{kind}', {
      params: { orderId: 'o 1', kind: 'packing-list' },
      accept: 'application/pdf, application/json',
    });
    expect(await readText(blob)).toBe('%PDF-1.7');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/sp/orders/o%201/documents/packing-list');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers.Accept).toBe('application/pdf, application/json');
  });

  it("turns a download's error answer into its ApiError, and a 403 ends the session", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { code: 'NOT_FOUND', message: 'No.' }));
    await expect(
      apiGetBlob('disputes/{disputeId}/images/{imageId}', {
        params: { disputeId: 'd1', imageId: 'i1' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(isSessionEnded()).toBe(false);
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 'FORBIDDEN', message: 'No.' }));
    await expect(
      apiGetBlob('disputes/{disputeId}/images/{imageId}', {
        params: { disputeId: 'd1', imageId: 'i1' },
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(isSessionEnded()).toBe(true);
    acknowledgeSessionEnded();
  });

  it('only downloads what the document says is a file', () => {
    const calls = () => [
      // @ts-expect-error a JSON operation is read with apiGet
      apiGetBlob('warehouses/{warehouseId}', { params: { warehouseId: 'w1' } }),
    ];
    expect(calls).toBeTypeOf('function');
  });
});
