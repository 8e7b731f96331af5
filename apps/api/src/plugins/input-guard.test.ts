import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, type Customer } from '../test/finance-fixtures.js';
import { insertSupplier } from '../test/payment-fixtures.js';
import { createOperator } from '../modules/auth/create-operator.js';
import { PasswordHasher } from '../modules/auth/password-hasher.js';
import {
  createTestApp,
  json,
  signUp,
  signupBody,
  TEST_ENGINE,
  type TestApp,
} from '../test/test-app.js';
import { findControlCharacter, jsonNestsDeeperThan, MAX_JSON_DEPTH } from './input-guard.js';

describe('control characters in text', () => {
  it('finds the first control character with its dotted path, keys included', () => {
    expect(findControlCharacter({ a: 'ok', b: ['fine', { c: 'x\u0000y' }] })).toBe('b.1.c');
    expect(findControlCharacter({ a: 'tab\tline\nreturn\r' })).toBeUndefined();
    expect(findControlCharacter({ a: 'bell\u0007' })).toBe('a');
    expect(findControlCharacter({ a: 'del\u007f' })).toBe('a');
    expect(findControlCharacter({ a: 'c1\u0085' })).toBe('a');
    expect(findControlCharacter({ 'k\u0000': 1 })).toBe('k?');
    expect(findControlCharacter('\u001b[31m')).toBe('body');
    expect(findControlCharacter({ n: 1, b: true, z: null, buf: Buffer.from([0]) })).toBeUndefined();
    expect(findControlCharacter({ name: '北京果蔬 Ñandú Ωμέγα Москва 🍋' })).toBeUndefined();
  });

  it('finds lone surrogates, in values and keys, but not a well-formed pair', () => {
    expect(findControlCharacter({ sName: 'Ana \ud800' })).toBe('sName');
    expect(findControlCharacter({ sName: '\udfffAna' })).toBe('sName');
    expect(findControlCharacter({ list: ['ok', 'x\ud83c'] })).toBe('list.1');
    expect(findControlCharacter({ 'k\udc00': 1 })).toBe('k?');
    expect(findControlCharacter({ sName: '\ud83c\udf4b 🥑' })).toBeUndefined();
  });

  it('walks a value 200,000 levels deep without exhausting the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(findControlCharacter({ a: deep })).toMatch(/^a(\.0)+$/);
  });

  it('measures JSON nesting without parsing, skipping brackets inside strings', () => {
    expect(jsonNestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(jsonNestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":"[[[[[[","b":"\\"[[[[[["}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('[1],[2],[3],[4]', 1)).toBe(false);
    expect(jsonNestsDeeperThan('['.repeat(50_000), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe(`control characters on every endpoint on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let customer: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await newCustomer(t, { usd: '100.00' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a NUL byte in a signup and a login with 400 INVALID_INPUT and the field, writing nothing', async () => {
    const before = await t.db
      .selectFrom('users')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sp/auth/signup/customer',
      payload: signupBody({ sEnterpriseName: 'Frutas\u0000 SA' }),
    });
    expect(signup.statusCode, signup.body).toBe(400);
    expect(json(signup)).toMatchObject({ code: 'INVALID_INPUT', field: 'sEnterpriseName' });
    expect(json<{ message: string }>(signup).message).not.toMatch(/invalid/i);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/login',
      payload: { sEmail: 'a@b.test', sPassword: 'pass\u0000word' },
    });
    expect(login.statusCode).toBe(400);
    expect(json(login)).toMatchObject({ code: 'INVALID_INPUT', field: 'sPassword' });
    const after = await t.db
      .selectFrom('users')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('answers JSON nested 50,000 deep with 400 INPUT_TOO_DEEP on the public and the signed-in writes', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    for (const [url, token] of [
      ['/api/v1/en/auth/login', undefined],
      ['/api/v1/sp/auth/signup/customer', undefined],
      ['/api/v1/en/payment-recipient/', customer.token],
      ['/api/v1/en/payments/sendPayNow', customer.token],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: deep,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(json(response)).toMatchObject({ code: 'INPUT_TOO_DEEP' });
    }
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sp/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"sEmail":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`,
    });
    expect(json(spanish)).toMatchObject({
      code: 'INPUT_TOO_DEEP',
      message: 'La solicitud anida listas u objetos demasiado profundamente.',
    });
    // At the limit the body is parsed and meets the schema as usual.
    const atLimit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"sEmail":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(json(atLimit)).toMatchObject({ code: 'INVALID_INPUT' });
    // Prototype poisoning is still refused by the parser.
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true},"sEmail":"a@b.test","sPassword":"whatever1"}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('answers a lone surrogate in a name with 400 INVALID_INPUT and the field, writing nothing', async () => {
    const before = await t.db
      .selectFrom('enterprises')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/signup/customer',
      payload: signupBody({ sName: 'Ana \ud800' }),
    });
    expect(signup.statusCode, signup.body).toBe(400);
    expect(json(signup)).toMatchObject({ code: 'INVALID_INPUT', field: 'sName' });
    const supplier = await customer.call('POST', 'payment-recipient/', {
      sName: 'Limones \udfff Colima',
      sEmail: 'pagos@limones.test',
      sBankName: 'BBVA MEXICO',
      sAccountNumber: '012180000000000005',
      sTaxId: 'LCO010101AB1',
      sEntityBusiness: 'COMPANY',
    });
    expect(supplier.statusCode, supplier.body).toBe(400);
    expect(json(supplier)).toMatchObject({ code: 'INVALID_INPUT', field: 'sName' });
    const after = await t.db
      .selectFrom('enterprises')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
    // An emoji (a well-formed pair) is a name like any other.
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/signup/customer',
      payload: signupBody({ sEnterpriseName: 'Aguacates 🥑 SA' }),
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
  });

  it('answers a NUL byte in a supplier, a query string and a path parameter with 400', async () => {
    const supplier = await customer.call('POST', 'payment-recipient/', {
      sName: 'Limones\u0000 Colima',
      sEmail: 'pagos@limones.test',
      sBankName: 'BBVA MEXICO',
      sAccountNumber: '012180000000000005',
      sTaxId: 'LCO010101AB1',
      sEntityBusiness: 'COMPANY',
    });
    expect(supplier.statusCode, supplier.body).toBe(400);
    expect(json(supplier)).toMatchObject({ code: 'INVALID_INPUT', field: 'sName' });

    const query = await customer.call('GET', 'invoices/?search=a%00b');
    expect(query.statusCode, query.body).toBe(400);
    expect(json(query)).toMatchObject({ code: 'INVALID_INPUT', field: 'search' });

    const param = await customer.call('GET', 'catalog/articles/a%00b');
    expect(param.statusCode, param.body).toBe(400);
    expect(json(param)).toMatchObject({ code: 'INVALID_INPUT', field: 'articleId' });

    const supplierId = await insertSupplier(t, customer.enterpriseId);
    const ok = await customer.call('POST', 'payments/sendPayNow', {
      dAmount: 1,
      comment: 'line one\nline two\twith tab',
      sPaymentRecipientId: supplierId,
      sExchangeRateReference: 'nope',
    });
    // Tab and line feed are text: the request gets past the guard to the quote check.
    expect(json(ok)).toMatchObject({ code: 'QUOTE_MISMATCH' });
  });

  it('refuses a control character, a lone surrogate and deep nesting on every documented endpoint, whoever calls it', async () => {
    const vendor = await signUp(t.app, 'vendor');
    const operator = await createOperator(t.db, new PasswordHasher(10), {
      email: `ops.${Date.now()}@example.test`,
      password: 'operator-pass-1',
    });
    const opsLogin = json<{ token: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/en/auth/login',
        payload: { sEmail: operator.email, sPassword: 'operator-pass-1' },
      }),
    );
    await t.db.updateTable('enterprises').set({ verified: true }).execute();
    const tokens = [customer.token, vendor.token, opsLogin.token];
    const spec = json<{ paths: Record<string, Record<string, unknown>> }>(
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    );
    const unguarded: string[] = [];
    const deepUnguarded: string[] = [];
    const surrogateUnguarded: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const method of Object.keys(operations)) {
        const url = path.replace('{lang}', 'en').replace(/\{[^}]+\}/g, randomUUID());
        const upper = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const withBody = upper !== 'GET' && upper !== 'DELETE';
        let guarded = false;
        let surrogateGuarded = false;
        for (const token of tokens) {
          const response = await t.app.inject({
            method: upper,
            url: withBody ? url : `${url}?probe=%07`,
            headers: { authorization: `Bearer ${token}` },
            ...(withBody ? { payload: { probe: 'x\u0000y' } } : {}),
          });
          expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(500);
          const body = (
            String(response.headers['content-type']).includes('json') ? response.json() : {}
          ) as { code?: string; field?: string };
          if (
            response.statusCode === 400 &&
            body.code === 'INVALID_INPUT' &&
            body.field === 'probe'
          ) {
            guarded = true;
          }
          // A lone surrogate (only JSON can carry one) is refused like a control character.
          if (!withBody) continue;
          const surrogate = await t.app.inject({
            method: upper,
            url,
            headers: { authorization: `Bearer ${token}` },
            payload: { probe: 'x\ud800y' },
          });
          expect(surrogate.statusCode, `${method} ${path}: ${surrogate.body}`).toBeLessThan(500);
          if (
            surrogate.statusCode === 400 &&
            json<{ field?: string }>(surrogate).field === 'probe'
          ) {
            surrogateGuarded = true;
          }
        }
        if (withBody && !surrogateGuarded) surrogateUnguarded.push(`${method} ${path}`);
        if (!guarded) unguarded.push(`${method} ${path}`);
        if (withBody) {
          const deep = await t.app.inject({
            method: upper,
            url,
            headers: {
              authorization: `Bearer ${customer.token}`,
              'content-type': 'application/json',
            },
            payload: '['.repeat(50_000),
          });
          expect(deep.statusCode, `${method} ${path}: ${deep.body}`).toBeLessThan(500);
          if (deep.statusCode === 400) expect(json(deep)).toMatchObject({ code: 'INPUT_TOO_DEEP' });
          else deepUnguarded.push(`${method} ${path} ${deep.statusCode}`);
        }
        checked += 1;
      }
    }
    expect(unguarded).toEqual([]);
    expect(surrogateUnguarded).toEqual([]);
    expect(checked).toBeGreaterThan(50);
    // Uploads are not JSON; a route the customer may not reach can refuse first (403/404).
    expect(deepUnguarded.filter((entry) => / (5\d\d|200|201)$/.test(entry))).toEqual([]);
    // Four probes on each of the ~150 operations: past the default 30 s on a busy machine.
  }, 180_000);
});
