import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The types openapi-typescript generates from the served document (`npm run contract`, kept
// current by `contract:check`), as an integrator's build would.
import type { paths } from '../../../web/src/lib/api/schema.js';
import { newCategory } from '../test/marketplace-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../test/test-app.js';

/**
 * An integrator's client, made by standard generators from the document alone: every URL it
 * builds must reach an operation. Its fetch goes through `app.inject`, so the answers are also
 * checked against the document as every other test's.
 */
function clientOf(t: TestApp, token?: string) {
  return createClient<paths>({
    baseUrl: 'http://api.test',
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const body = request.body ? await request.text() : undefined;
      const answer = await t.app.inject({
        method: request.method as 'GET',
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        ...(body === undefined ? {} : { payload: body }),
      });
      return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: answer.headers as Record<string, string>,
      });
    },
  });
}

describe('a client generated with openapi-typescript and openapi-fetch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is generated from the served document with `lang` in every operation under the prefix', async () => {
    const document = t.app.swagger() as unknown as Parameters<typeof openapiTS>[0];
    const source = astToString(await openapiTS(document));
    // The approvals were among the operations a generated client called with `%7Blang%7D`.
    const approval = /\n {4}getApprovalsByApprovalId: \{[\s\S]*?\n {4}\};/.exec(source);
    expect(approval?.[0]).toMatch(/path: \{[^}]*lang: components\["parameters"\]\["lang"\];/);
    expect(source).not.toContain('"/api/v1/{lang}/invoices/"');
  });

  it('calls five operations of five areas with 2xx', async () => {
    const account = await signUp(t.app, 'customer');
    const { categoryId, subcategoryIds } = await newCategory(t, {
      en: 'Citrus',
      sp: 'Cítricos',
      subcategories: [{ en: 'Limes', sp: 'Limones' }],
    });

    const login = await clientOf(t).POST('/api/v1/{lang}/auth/login', {
      params: { path: { lang: 'en' } },
      body: { sEmail: account.email, sPassword: account.password },
    });
    expect(login.response.status).toBe(200);
    const token = login.data!.token;
    const client = clientOf(t, token);

    const dashboard = await client.GET('/api/v1/{lang}/dashboard', {
      params: { path: { lang: 'sp' } },
    });
    expect(dashboard.response.status).toBe(200);

    const suppliers = await client.GET('/api/v1/{lang}/payment-recipient', {
      params: { path: { lang: 'en' } },
    });
    expect(suppliers.response.status).toBe(200);
    expect(suppliers.data!.paymentRecipients).toEqual([]);

    // An operation that did not declare `lang` before.
    const subcategories = await client.GET(
      '/api/v1/{lang}/catalog/categories/{categoryId}/subcategories',
      { params: { path: { lang: 'sp', categoryId } } },
    );
    expect(subcategories.response.status).toBe(200);
    expect(JSON.stringify(subcategories.data)).toContain(subcategoryIds[0]);
    expect(JSON.stringify(subcategories.data)).toContain('Limones');

    const endpoints = await client.GET('/api/v1/{lang}/webhooks/endpoints', {
      params: { path: { lang: 'en' } },
    });
    expect(endpoints.response.status).toBe(200);
  });

  it('keeps the older paths with a trailing slash working', async () => {
    const account = await signUp(t.app, 'customer');
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/en/payment-recipient/',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(answer.statusCode).toBe(200);
  });
});
