import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import Fastify, { type FastifyReply } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@app/domain';
import { checkAnswersAgainstContract } from '../test/contract-check.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/test-app.js';
import { registerErrorHandler } from './error-handler.js';
import { routeKey } from './openapi-contract.js';
import { OPERATION_EXAMPLES } from './openapi-examples.js';
import { ROUTE_ERROR_CODES, ROUTE_MEDIA, ROUTE_NO_CONTENT } from './openapi-routes.js';
import { registerSwagger } from './swagger.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;

interface Media {
  schema?: Record<string, unknown>;
  example?: unknown;
}
interface Parameter {
  in: string;
  name: string;
  schema?: { enum?: unknown[] };
}
interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let document: Document;
const operations: { method: string; path: string; operation: Operation }[] = [];

function operation(method: string, path: string): Operation {
  const found = document.paths[`/api/v1/{lang}${path}`]?.[method];
  if (!found) throw new Error(`no operation ${method} ${path}`);
  return found;
}

function jsonSchema(op: Operation, status: string): Record<string, unknown> {
  const schema = op.responses[status]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${op.operationId} has no JSON answer for ${status}`);
  return schema;
}

describe(`the OpenAPI document on ${TEST_ENGINE}`, () => {
  beforeAll(async () => {
    // With the STP rail, as npm start and docs/openapi.json have it (its webhooks included).
    t = await createTestApp({ SPEI_RAIL: 'stp' });
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods))
        operations.push({ method, path, operation: op });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('names every operation once, readably and from its path', () => {
    const ids = operations.map(({ operation: op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]*$/);
    expect(operation('get', '/warehouses/{warehouseId}').operationId).toBe(
      'getWarehousesByWarehouseId',
    );
    expect(operation('post', '/transactions/createTransactionFromInvoice').operationId).toBe(
      'postTransactionsCreateTransactionFromInvoice',
    );
  });

  it('documents every error answer in the error shape, with codes of that status only', () => {
    for (const { operation: op } of operations) {
      expect(op.responses['500'], op.operationId).toBeDefined();
      expect(
        Object.keys(op.responses).some((status) => status.startsWith('2')),
        op.operationId,
      ).toBe(true);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const schema = jsonSchema(op, status) as {
          required: string[];
          properties: { code: { enum: ErrorCode[] } };
        };
        expect(schema.required).toEqual(['code', 'message']);
        for (const code of schema.properties.code.enum) {
          expect(ERROR_STATUS[code], `${op.operationId} ${status} ${code}`).toBe(Number(status));
        }
        expect(answer.description).toContain(schema.properties.code.enum[0]);
      }
    }
  });

  it('documents 403 for every call that needs a session, and 422 for the idempotent ones', () => {
    for (const { operation: op } of operations) {
      if (op.security?.length) expect(op.responses['403'], op.operationId).toBeDefined();
      const idempotent = op.parameters?.some(
        (p) => 'in' in p && p.in === 'header' && p.name === 'idempotency-key',
      );
      // IDEMPOTENCY_KEY_REUSED (422) exactly where the key is read; a 422 elsewhere is another
      // code (a CFDI that is not the one reviewed, say).
      const reused = JSON.stringify(op.responses['422'] ?? {}).includes('IDEMPOTENCY_KEY_REUSED');
      expect(reused, op.operationId).toBe(Boolean(idempotent));
    }
    expect(operation('post', '/auth/login').responses['403']).toBeUndefined();
    expect(Object.keys(operation('post', '/auth/login').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '429', '500']),
    );
    expect(jsonSchema(operation('post', '/auth/signup/customer'), '409')).toMatchObject({
      properties: { code: { enum: ['EMAIL_TAKEN'] } },
    });
  });

  it('says 204 and 202 where the answer has no body', () => {
    for (const [method, path, status] of [
      ['post', '/auth/logout', '204'],
      ['post', '/auth/change-password/{id}', '204'],
      ['post', '/auth/password-recovery', '202'],
      ['put', '/payment-recipient/delete', '204'],
      ['put', '/invoices/delete', '204'],
      ['delete', '/warehouses/{warehouseId}', '204'],
    ] as const) {
      const { responses } = operation(method, path);
      expect(responses[status], `${method} ${path}`).toBeDefined();
      expect(responses[status]!.content).toBeUndefined();
      expect(responses['200']).toBeUndefined();
    }
  });

  it('admits null in the nullable enums: order and dispute status, availability', () => {
    const order = (
      jsonSchema(operation('get', '/orders/{orderId}'), '200') as {
        properties: { order: { properties: Record<string, { enum: unknown[] }> } };
      }
    ).properties.order.properties;
    expect(order.sNextStatus!.enum).toContain(null);
    expect(order.sDisputeStatus!.enum).toContain(null);
    const cart = JSON.stringify(jsonSchema(operation('get', '/shopping-cart'), '200'));
    expect(cart).toContain('"enum":["PRICE","STOCK","UNAVAILABLE","NOT_VERIFIED",null]');
  });

  it('names only existing operations in the per-route tables', () => {
    const keys = new Set(operations.map(({ method, path }) => routeKey(method, path)));
    for (const table of [ROUTE_ERROR_CODES, ROUTE_NO_CONTENT, ROUTE_MEDIA]) {
      for (const key of Object.keys(table)) expect(keys, key).toContain(key);
    }
  });

  it('offers only en and sp as the language, declared once and used by every operation', () => {
    const components = (
      document as unknown as { components: { parameters: Record<string, Parameter> } }
    ).components;
    expect(components.parameters.lang).toMatchObject({ in: 'path', required: true, name: 'lang' });
    expect(components.parameters.lang!.schema?.enum).toEqual(['en', 'sp']);
    const underPrefix = operations.filter(({ path }) => path.startsWith('/api/v1/{lang}/'));
    expect(underPrefix.length).toBeGreaterThan(100);
    for (const { method, path, operation: op } of underPrefix) {
      const refs = (op.parameters ?? []).filter(
        (parameter) => '$ref' in parameter && parameter.$ref === '#/components/parameters/lang',
      );
      expect(refs, `${method} ${path}`).toHaveLength(1);
    }
  });

  it('declares every path parameter, says `security: []` when public, and has no trailing slash', () => {
    const servers = (document as unknown as { servers?: unknown[] }).servers;
    expect(servers?.length).toBeGreaterThan(0);
    for (const { method, path, operation: op } of operations) {
      const named = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = (op.parameters ?? [])
        .map((parameter) =>
          '$ref' in parameter ? 'lang' : parameter.in === 'path' ? parameter.name : undefined,
        )
        .filter(Boolean)
        .sort();
      expect(declared, `${method} ${path}`).toEqual(named);
      expect(op.security, `${method} ${path}`).toBeDefined();
      expect(path.endsWith('/'), path).toBe(false);
    }
    expect(operation('post', '/auth/login').security).toEqual([]);
  });

  it('shows request and answer examples of the money calls that match their schemas', () => {
    const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    expect(Object.keys(OPERATION_EXAMPLES).length).toBeGreaterThanOrEqual(4);
    for (const [id, examples] of Object.entries(OPERATION_EXAMPLES)) {
      const found = operations.find(({ operation: op }) => op.operationId === id)?.operation;
      expect(found, id).toBeDefined();
      const request = found!.requestBody?.content['application/json'];
      if (examples.request !== undefined) {
        expect(request?.example, id).toEqual(examples.request);
        expect(ajv.validate(request!.schema!, examples.request), ajv.errorsText()).toBe(true);
      }
      for (const [status, example] of Object.entries(examples.responses)) {
        const media = found!.responses[status]?.content?.['application/json'];
        expect(media?.example, `${id} ${status}`).toEqual(example);
        expect(ajv.validate(media!.schema!, example), `${id}: ${ajv.errorsText()}`).toBe(true);
      }
    }
  });

  it('serves the docs page', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('the contract check of the API suite', () => {
  const probe = async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await registerSwagger(app);
    app.get(
      '/api/v1/:lang/probe',
      {
        schema: {
          tags: ['probe'],
          security: [{ bearerAuth: [] }],
          querystring: z.object({ answer: z.enum(['ok', 'teapot', 'shape', 'conflict']) }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { answer } = request.query;
        // Answers the schema does not declare, on purpose: the contract check must see them.
        const undeclared = reply as unknown as FastifyReply;
        if (answer === 'teapot') return undeclared.status(418).send();
        if (answer === 'conflict') {
          return undeclared.status(409).send({ code: 'EMAIL_TAKEN', message: 'Taken.' });
        }
        if (answer === 'shape') return undeclared.status(404).send({ nope: true });
        return reply.status(204).send(null);
      },
    );
    await app.ready();
    checkAnswersAgainstContract(app);
    return app;
  };

  it('passes documented answers and fails a test on an undocumented status or error code', async () => {
    const app = await probe();
    const call = (answer: string) =>
      app.inject({ method: 'GET', url: `/api/v1/en/probe?answer=${answer}` });
    await expect(call('ok')).resolves.toMatchObject({ statusCode: 204 });
    // An invalid query is a documented 400 in the error shape.
    await expect(call('nothing')).resolves.toMatchObject({ statusCode: 400 });
    await expect(call('teapot')).rejects.toThrow(/answered 418: the document lists only/);
    await expect(call('conflict')).rejects.toThrow(/answered 409/);
    await expect(call('shape')).rejects.toThrow(/answered 404: the body does not match/);
    await app.close();
  });
});
