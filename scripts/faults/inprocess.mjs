// Bad input, tenant isolation and login limits, in process (app.inject) on a PGlite in memory.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { buildApp } from '../../apps/api/dist/app.js';
import { loadConfig } from '../../apps/api/dist/config.js';
import { openDatabase } from '../../apps/api/dist/db/database.js';
import { moneyChecksum, signupBody, sleep, supplierBody } from './lib.mjs';

async function makeApp(overrides = {}) {
  let offsetMs = 0;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    PASSWORD_HASH_COST: '10',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    PAYOUT_SETTLE_SECONDS: '1000000', // no settlement moves rows under the checksum
    PUBLIC_AUTH_RATE_LIMIT: '100000',
    ...overrides,
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({
    config,
    database,
    now: () => new Date(Date.now() + offsetMs),
    logStream: { write() {} },
  });
  await app.ready();
  const query = async (text) => (await sql.raw(text).execute(database.db)).rows;
  const inject = async (method, path, { token, body, headers = {}, remoteAddress } = {}) => {
    const response = await app.inject({
      method,
      ...(remoteAddress ? { remoteAddress } : {}),
      url: path.startsWith('/api') ? path : `/api/v1/en/${path}`,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    let parsed = null;
    try {
      parsed = response.body ? JSON.parse(response.body) : null;
    } catch {
      parsed = response.body;
    }
    return { status: response.statusCode, body: parsed, headers: response.headers };
  };
  return { app, query, inject, travel: (ms) => (offsetMs += ms) };
}

async function must(promise, status, what) {
  const answer = await promise;
  if (answer.status !== status)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** An enterprise with USD, a supplier, invoices, a settled forex conversion and a payment. */
async function arrangeTenant(env, tag) {
  const { app, inject } = env;
  const signup = await must(
    inject('POST', 'auth/signup/customer', { body: signupBody(tag) }),
    201,
    'signup',
  );
  const token = signup.token;
  const enterpriseId = signup.user.sEnterpriseId;
  await app.finance.funds.creditDeposit({
    enterpriseId,
    amountUsd: 10_000_000n,
    bankReference: `W-${randomUUID()}`,
  });
  const supplier = (
    await must(
      inject('POST', 'payment-recipient/', {
        token,
        body: supplierBody(Math.floor(Math.random() * 1e9)),
      }),
      201,
      'supplier',
    )
  ).paymentRecipient.sPaymentRecipientId;
  const invoiceBody = (n) => ({
    dPurchaseDate: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
    sPaymentRecipientId: supplier,
    sInvoice: `F-${tag}-${n}`,
    dTotalAmount: 50_000,
    dRateProtection: 18.5,
    iCreditPeriod: 30,
  });
  const invoice = (
    await must(inject('POST', 'invoices/', { token, body: invoiceBody(1) }), 201, 'invoice')
  ).invoice.sInvoiceId;
  const invoice2 = (
    await must(inject('POST', 'invoices/', { token, body: invoiceBody(2) }), 201, 'invoice2')
  ).invoice.sInvoiceId;
  const dash = await must(inject('GET', 'dashboard', { token }), 200, 'dashboard');
  const statuses = await must(inject('GET', 'catalog/statuses', { token }), 200, 'statuses');
  const forexType = statuses.transactionTypes.find((x) => x.sKey === 'FOREX').sTransactionTypeId;
  const conversion = await must(
    inject('POST', 'transactions/', {
      token,
      body: {
        sTransactionType: forexType,
        dAmount: 1000,
        dExchangeRate: dash.exchangeRateToday,
        referenceExchangeRate: dash.exchangeRateTodayReference,
        bExternal: false,
      },
    }),
    201,
    'conversion',
  );
  const conversionId = conversion.transaction.sTransactionId;
  const payment = (
    await must(
      inject('POST', 'payments/sendPayNow', {
        token,
        body: {
          dAmount: 10,
          comment: 'arrange',
          sPaymentRecipientId: supplier,
          sExchangeRateReference: dash.exchangeRateTodayReference,
        },
      }),
      201,
      'payment',
    )
  ).payment.sPaymentId;
  return {
    token,
    enterpriseId,
    userId: signup.user.sUserId,
    supplier,
    invoice,
    invoice2,
    conversionId,
    payment,
    quote: dash.exchangeRateTodayReference,
    rate: dash.exchangeRateToday,
    forexType,
    invoiceBody,
  };
}

// ---- bad input -------------------------------------------------------------------------

const notString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 }),
);
const hugeString = fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n));
const badMoney = fc.oneof(
  fc.integer({ min: -1_000_000, max: 0 }),
  fc.constantFrom(
    0,
    -0.01,
    0.001,
    12.345,
    -5,
    '1.005',
    'abc',
    '',
    '1e400',
    'NaN',
    '12,50',
    '--1',
    '0x10',
  ),
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => n + 0.005),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
);
/**
 * Characters no text field takes: NUL (PostgreSQL cannot store it), C0, DEL, C1, and lone
 * UTF-16 surrogates (PostgreSQL refuses them too).
 */
const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udfff',
];
const withControl = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom(...CONTROL_CHARACTERS),
    fc.string({ maxLength: 8 }),
  )
  .map(([before, control, after]) => `${before}${control}${after}`);
const badString = fc.oneof(notString, hugeString, fc.constant(''), withControl);
const nestedJunk = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.anything(),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 }),
  ),
})).node;
/** JSON text nested far past what any endpoint takes (the whole body, or one field). */
const deepJson = fc
  .tuple(fc.integer({ min: 33, max: 60_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`);

/**
 * Endpoints with a valid body and its fields' kinds ('money', 'string' required, 'opt'
 * optional string, 'bool', 'date', 'rate', 'int'). A mutation always makes the body invalid.
 */
function endpoints(a) {
  const quoted = {
    sTransactionType: a.forexType,
    dExchangeRate: a.rate,
    referenceExchangeRate: a.quote,
    bExternal: false,
  };
  const inv = a.invoiceBody(9);
  return [
    [
      'POST',
      'auth/login',
      { sEmail: 'x@example.test', sPassword: 'whatever1' },
      { sEmail: 'email', sPassword: 'string' },
      false,
    ],
    [
      'POST',
      'auth/signup/customer',
      signupBody('bad'),
      {
        sName: 'string',
        sLastName: 'string',
        sEmail: 'email',
        sPassword: 'string',
        sConfirmPassword: 'string',
        sEnterpriseName: 'string',
      },
      false,
    ],
    ['POST', 'auth/password-recovery', { sEmail: 'x@example.test' }, { sEmail: 'email' }, false],
    [
      'POST',
      `auth/change-password/${randomUUID()}`,
      { sPassword: 'Str0ng-pass!', sConfirmPassword: 'Str0ng-pass!' },
      { sPassword: 'string', sConfirmPassword: 'string' },
      false,
    ],
    ['POST', 'exchange-rate/addFounds', { amount: 100 }, { amount: 'money' }, true],
    [
      'POST',
      'payment-recipient/',
      supplierBody(5),
      {
        sName: 'string',
        sEmail: 'email',
        sBankName: 'string',
        sAccountNumber: 'clabe',
        sTaxId: 'rfc',
      },
      true,
    ],
    [
      'PUT',
      'payment-recipient/',
      { sPaymentRecipientId: a.supplier, ...supplierBody(6) },
      { sPaymentRecipientId: 'string', sName: 'string', sAccountNumber: 'clabe', sTaxId: 'rfc' },
      true,
    ],
    [
      'PUT',
      'payment-recipient/delete',
      { sPaymentRecipientId: a.supplier },
      { sPaymentRecipientId: 'string' },
      true,
    ],
    ['POST', 'invoices/invoices', {}, { sPaymentRecipientId: 'opt', sStatusId: 'opt' }, true],
    [
      'POST',
      'invoices/',
      inv,
      {
        dPurchaseDate: 'date',
        sPaymentRecipientId: 'string',
        sInvoice: 'string',
        dTotalAmount: 'money',
        dRateProtection: 'rate',
        iCreditPeriod: 'int',
      },
      true,
    ],
    [
      'PUT',
      'invoices/',
      { sInvoiceId: a.invoice2, ...inv },
      {
        sInvoiceId: 'string',
        dTotalAmount: 'money',
        dRateProtection: 'rate',
        iCreditPeriod: 'int',
        dPurchaseDate: 'date',
      },
      true,
    ],
    ['PUT', 'invoices/delete', { sInvoiceId: a.invoice2 }, { sInvoiceId: 'string' }, true],
    ['POST', 'invoices/id', { sInvoiceId: a.invoice }, { sInvoiceId: 'string' }, true],
    [
      'POST',
      'invoices/supplier',
      { sPaymentRecipientId: a.supplier, dExchangeRate: a.rate },
      { sPaymentRecipientId: 'string', dExchangeRate: 'rate' },
      true,
    ],
    [
      'PUT',
      'invoices/conversion',
      { sInvoiceId: a.invoice2, ...inv, sTransactionId: a.conversionId, exchangeRate: a.rate },
      {
        sInvoiceId: 'string',
        sTransactionId: 'string',
        exchangeRate: 'rate',
        dTotalAmount: 'money',
      },
      true,
    ],
    [
      'POST',
      'payments/invoice',
      { sInvoiceId: a.invoice2, sExchangeRateReference: a.quote },
      { sInvoiceId: 'string', sExchangeRateReference: 'string' },
      true,
    ],
    [
      'POST',
      'payments/sendPayNow',
      {
        dAmount: 5,
        comment: 'x',
        sPaymentRecipientId: a.supplier,
        sExchangeRateReference: a.quote,
      },
      {
        dAmount: 'money',
        comment: 'string',
        sPaymentRecipientId: 'string',
        sExchangeRateReference: 'string',
      },
      true,
    ],
    [
      'POST',
      'payments/',
      {
        sTransactionId: a.conversionId,
        sPaymentRecipientId: a.supplier,
        isMxn: true,
        dAmount: 5,
        comment: 'x',
      },
      {
        sTransactionId: 'string',
        sPaymentRecipientId: 'string',
        dAmount: 'money',
        comment: 'string',
        isMxn: 'true',
      },
      true,
    ],
    ['POST', 'payments/paymentReceipt', { sPaymentId: a.payment }, { sPaymentId: 'string' }, true],
    [
      'POST',
      'transactions/forwardRate',
      {
        dDateForward: '2027-01-15',
        dAmount: 100,
        referenceExchangeRate: a.quote,
        bExternal: false,
      },
      {
        dDateForward: 'date',
        dAmount: 'money',
        referenceExchangeRate: 'string',
        bExternal: 'bool',
      },
      true,
    ],
    [
      'POST',
      'transactions/createTransactionFromInvoice',
      { ...quoted, sInvoiceId: a.invoice2 },
      {
        sTransactionType: 'string',
        dExchangeRate: 'rate',
        referenceExchangeRate: 'string',
        sInvoiceId: 'string',
        bExternal: 'bool',
      },
      true,
    ],
    [
      'POST',
      'transactions/',
      { ...quoted, dAmount: 10 },
      {
        sTransactionType: 'string',
        dExchangeRate: 'rate',
        referenceExchangeRate: 'string',
        dAmount: 'money',
        bExternal: 'bool',
      },
      true,
    ],
    [
      'POST',
      'transactions/id',
      { sTransactionId: a.conversionId },
      { sTransactionId: 'string' },
      true,
    ],
    [
      'POST',
      'transactions/detail',
      { sTransactionId: a.conversionId },
      { sTransactionId: 'string' },
      true,
    ],
    [
      'POST',
      'transactions/closeForward',
      { sTransactionId: a.conversionId },
      { sTransactionId: 'string' },
      true,
    ],
    [
      'POST',
      'transactions/invoice',
      { sTransactionId: a.conversionId, invoices: [{ sInvoiceId: a.invoice2, dAmount: 10 }] },
      { sTransactionId: 'string', invoices: 'lines' },
      true,
    ],
    [
      'POST',
      'transactions/deleteInvoice',
      { sTransactionId: a.conversionId, invoices: [{ sInvoiceId: a.invoice2, dAmount: 10 }] },
      { sTransactionId: 'string', invoices: 'lines' },
      true,
    ],
    [
      'POST',
      'ops/deposits',
      { sEnterpriseId: a.enterpriseId, dAmount: 100, sReference: 'WIRE-X' },
      { dAmount: 'money' },
      true,
    ],
  ];
}

function badValue(kind) {
  switch (kind) {
    case 'money':
      return badMoney;
    case 'rate':
      return fc.oneof(
        fc.integer({ min: -100, max: 0 }),
        fc.constantFrom(18.1234567, 'abc', '', null, true, [], {}),
      );
    case 'int':
      return fc.oneof(fc.constantFrom(-1, 1.5, 'abc', '', null, true, [], {}, 1e12));
    case 'bool':
      return fc.oneof(
        fc.constantFrom('yes', 'true', 1, 0, null, [], {}),
        fc.string({ minLength: 1 }),
      );
    case 'true':
      return fc.constantFrom(false, 'false', 0, 'no', null);
    case 'date':
      return fc.oneof(
        fc.constantFrom(
          '2026-02-30',
          '2026-13-01',
          '15/01/2027',
          '',
          'tomorrow',
          null,
          20270115,
          [],
        ),
        hugeString,
      );
    case 'email':
      return fc.oneof(
        notString,
        hugeString,
        withControl,
        fc.constantFrom('', 'not-an-email', '@', 'a@'),
      );
    case 'clabe':
      return fc.oneof(
        notString,
        fc.constantFrom('012180000000000001', '123', '', 'ABCDEFGHIJKLMNOPQR'),
      );
    case 'rfc':
      return fc.oneof(notString, fc.constantFrom('', 'XYZ', '1234567890123'));
    case 'lines':
      return fc.oneof(
        notString.filter((v) => !Array.isArray(v)),
        fc.constant([{ sInvoiceId: 5, dAmount: -1 }]),
        fc.constant([{ dAmount: 0.001 }]),
      );
    case 'opt':
      return fc.oneof(
        notString.filter((v) => v !== null),
        withControl,
      );
    default:
      return badString;
  }
}

/** A bad body for an endpoint: a bad field, a missing required field, junk, or a legacy shape. */
function badBody([, path, valid, kinds]) {
  const fields = Object.keys(kinds);
  const required = fields.filter(
    (f) => !['opt', 'bool', 'true'].includes(kinds[f]) && path !== 'exchange-rate/addFounds',
  );
  const options = [
    fc
      .constantFrom(...fields)
      .chain((field) => badValue(kinds[field]).map((v) => ({ ...valid, [field]: v }))),
    fc
      .tuple(fc.constantFrom(...fields), nestedJunk)
      .map(([field, junk]) => ({ ...valid, [field]: { junk } })),
    deepJson,
    fc
      .tuple(fc.constantFrom(...fields), deepJson)
      .map(([field, deep]) => `${JSON.stringify(valid).slice(0, -1)},"${field}":${deep}}`),
    fc
      .oneof(
        fc.constant(null),
        fc.constant('"string"'),
        fc.integer(),
        fc.array(nestedJunk, { maxLength: 3 }),
        fc.constant('{not json'),
      )
      .map((body) => (typeof body === 'string' ? body : JSON.stringify(body))),
  ];
  if (required.length) {
    options.push(
      fc.constantFrom(...required).map((field) => {
        const copy = { ...valid };
        delete copy[field];
        return copy;
      }),
    );
    // Legacy shapes of the specification's calls: numeric strings with separators, renamed ids.
    options.push(
      fc.constantFrom(
        {
          ...Object.fromEntries(Object.entries(valid).filter(([k]) => k !== required[0])),
          [`id${required[0]}`]: valid[required[0]],
        },
        { data: valid },
        [valid],
      ),
    );
  }
  return fc.oneof(...options);
}

export async function runBadInput(t, count) {
  const env = await makeApp();
  try {
    const a = await arrangeTenant(env, 'bad');
    const before = await moneyChecksum(env.query);
    const list = endpoints(a);
    const samples = fc.sample(fc.tuple(fc.constantFrom(...list.keys()), fc.integer()), {
      numRuns: count,
      seed: 20261122,
    });
    const perEndpoint = new Map();
    const problems = [];
    for (const [index, seed] of samples) {
      const endpoint = list[index];
      const [method, path, , , authed] = endpoint;
      const [body] = fc.sample(badBody(endpoint), { numRuns: 1, seed });
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const answer = await env.inject(method, path, {
        token: authed ? a.token : undefined,
        body: payload,
        headers: { 'idempotency-key': randomUUID() },
      });
      perEndpoint.set(`${method} ${path}`, (perEndpoint.get(`${method} ${path}`) ?? 0) + 1);
      const shaped =
        answer.body &&
        typeof answer.body.code === 'string' &&
        typeof answer.body.message === 'string';
      if (!(answer.status >= 400 && answer.status < 500 && shaped)) {
        problems.push(
          `${method} ${path} ${payload.slice(0, 120)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`,
        );
      }
    }
    // GETs with bad query strings.
    for (const path of [
      'exchange-rate/history?days=9999',
      'exchange-rate/history?days=-1',
      'statement?currency=EUR',
      'statement?currency=USD&from=2026-02-30',
      'payments/?limit=-5',
      'payments/?page=abc',
      'ops/enterprises',
    ]) {
      const answer = await env.inject('GET', path, { token: a.token });
      const shaped =
        answer.body &&
        typeof answer.body.code === 'string' &&
        typeof answer.body.message === 'string';
      if (!(answer.status >= 400 && answer.status < 500 && shaped))
        problems.push(`GET ${path} → ${answer.status}`);
    }
    const after = await moneyChecksum(env.query);
    t.check(
      `bad input: ${count} generated bodies over ${perEndpoint.size} endpoints → 4xx { code, message }, never 5xx`,
      problems.length === 0,
      `${problems.length} bad answers, e.g. ${problems.slice(0, 3).join(' | ')}`,
    );
    t.check(
      'bad input: money tables unchanged (counts, digests, sums)',
      before === after,
      'checksum changed',
    );
  } catch (error) {
    t.check('bad input ran', false, error.stack);
  } finally {
    await env.app.close();
  }
}

/**
 * A NUL byte (and other control characters, and lone surrogates) in each text field of every
 * endpoint → 400 INVALID_INPUT naming that field, and nothing written.
 */
export async function runControlCharacters(t) {
  const env = await makeApp();
  try {
    const a = await arrangeTenant(env, 'ctl');
    const before = await moneyChecksum(env.query);
    const problems = [];
    let calls = 0;
    for (const [method, path, valid, kinds, authed] of endpoints(a)) {
      for (const [field, kind] of Object.entries(kinds)) {
        if (!['string', 'opt', 'email'].includes(kind)) continue;
        for (const control of CONTROL_CHARACTERS) {
          const text = typeof valid[field] === 'string' ? valid[field] : 'text';
          const answer = await env.inject(method, path, {
            token: authed ? a.token : undefined,
            body: JSON.stringify({
              ...valid,
              [field]: `${text.slice(0, 3)}${control}${text.slice(3)}`,
            }),
            headers: { 'idempotency-key': randomUUID() },
          });
          calls += 1;
          if (
            answer.status !== 400 ||
            answer.body?.code !== 'INVALID_INPUT' ||
            answer.body?.field !== field
          ) {
            problems.push(
              `${method} ${path} ${field} U+${control.codePointAt(0).toString(16).padStart(4, '0')} → ${answer.status} ${answer.body?.code} ${answer.body?.field}`,
            );
          }
        }
      }
    }
    for (const path of ['payments/?search=a%00b', 'statement?currency=USD%00']) {
      const answer = await env.inject('GET', path, { token: a.token });
      calls += 1;
      if (answer.status !== 400 || answer.body?.code !== 'INVALID_INPUT')
        problems.push(`GET ${path} → ${answer.status} ${answer.body?.code}`);
    }
    const after = await moneyChecksum(env.query);
    t.check(
      `control characters: ${calls} calls with NUL, C0, DEL, C1 or a lone surrogate in a text field → 400 INVALID_INPUT with the field`,
      problems.length === 0,
      `${problems.length} bad answers, e.g. ${problems.slice(0, 3).join(' | ')}`,
    );
    t.check('control characters: nothing written', before === after, 'checksum changed');
  } catch (error) {
    t.check('control characters ran', false, error.stack);
  } finally {
    await env.app.close();
  }
}

export async function runIsolation(t) {
  const env = await makeApp();
  try {
    const a = await arrangeTenant(env, 'iso-a');
    const b = await arrangeTenant(env, 'iso-b');
    const inv = a.invoiceBody(7);
    const quoted = { sTransactionType: a.forexType, dExchangeRate: a.rate, bExternal: false };
    const before = await moneyChecksum(env.query);
    const cases = [
      ['PUT', 'payment-recipient/', { sPaymentRecipientId: b.supplier, ...supplierBody(77) }, 404],
      ['PUT', 'payment-recipient/delete', { sPaymentRecipientId: b.supplier }, 404],
      ['POST', 'invoices/', { ...inv, sPaymentRecipientId: b.supplier }, 404],
      ['PUT', 'invoices/', { ...inv, sInvoiceId: b.invoice2 }, 404],
      ['PUT', 'invoices/delete', { sInvoiceId: b.invoice2 }, 404],
      ['POST', 'invoices/id', { sInvoiceId: b.invoice }, 404],
      [
        'POST',
        'invoices/supplier',
        { sPaymentRecipientId: b.supplier, dExchangeRate: a.rate },
        404,
      ],
      [
        'PUT',
        'invoices/conversion',
        { ...inv, sInvoiceId: b.invoice2, sTransactionId: a.conversionId, exchangeRate: a.rate },
        404,
      ],
      [
        'PUT',
        'invoices/conversion',
        { ...inv, sInvoiceId: a.invoice2, sTransactionId: b.conversionId, exchangeRate: a.rate },
        404,
      ],
      [
        'POST',
        'payments/invoice',
        { sInvoiceId: b.invoice2, sExchangeRateReference: a.quote },
        404,
      ],
      [
        'POST',
        'payments/invoice',
        { sInvoiceId: a.invoice2, sExchangeRateReference: b.quote },
        409,
      ],
      [
        'POST',
        'payments/sendPayNow',
        {
          dAmount: 5,
          comment: 'x',
          sPaymentRecipientId: b.supplier,
          sExchangeRateReference: a.quote,
        },
        404,
      ],
      [
        'POST',
        'payments/sendPayNow',
        {
          dAmount: 5,
          comment: 'x',
          sPaymentRecipientId: a.supplier,
          sExchangeRateReference: b.quote,
        },
        409,
      ],
      [
        'POST',
        'payments/',
        {
          sTransactionId: b.conversionId,
          sPaymentRecipientId: a.supplier,
          isMxn: true,
          dAmount: 5,
          comment: 'x',
        },
        404,
      ],
      [
        'POST',
        'payments/',
        {
          sTransactionId: a.conversionId,
          sPaymentRecipientId: b.supplier,
          isMxn: true,
          dAmount: 5,
          comment: 'x',
        },
        404,
      ],
      ['POST', 'payments/paymentReceipt', { sPaymentId: b.payment }, 404],
      [
        'POST',
        'transactions/forwardRate',
        { dDateForward: '2027-01-15', dAmount: 100, referenceExchangeRate: b.quote },
        409,
      ],
      [
        'POST',
        'transactions/createTransactionFromInvoice',
        { ...quoted, referenceExchangeRate: a.quote, sInvoiceId: b.invoice2 },
        404,
      ],
      [
        'POST',
        'transactions/createTransactionFromInvoice',
        { ...quoted, referenceExchangeRate: b.quote, sInvoiceId: a.invoice2 },
        409,
      ],
      ['POST', 'transactions/', { ...quoted, referenceExchangeRate: b.quote, dAmount: 10 }, 409],
      ['POST', 'transactions/id', { sTransactionId: b.conversionId }, 404],
      ['POST', 'transactions/detail', { sTransactionId: b.conversionId }, 404],
      ['POST', 'transactions/closeForward', { sTransactionId: b.conversionId }, 404],
      [
        'POST',
        'transactions/invoice',
        { sTransactionId: b.conversionId, invoices: [{ sInvoiceId: a.invoice2, dAmount: 10 }] },
        404,
      ],
      [
        'POST',
        'transactions/invoice',
        { sTransactionId: a.conversionId, invoices: [{ sInvoiceId: b.invoice2, dAmount: 10 }] },
        404,
      ],
      [
        'POST',
        'transactions/deleteInvoice',
        { sTransactionId: b.conversionId, invoices: [{ sInvoiceId: a.invoice2, dAmount: 10 }] },
        404,
      ],
      ['GET', `customers/enterprises/${b.enterpriseId}`, undefined, 404],
      ['PUT', `customers/${b.userId}/shopping-cart`, undefined, 404],
      ['PATCH', `customers/${b.userId}/shopping-cart`, { sVendorId: randomUUID() }, 404],
      [
        'POST',
        'ops/deposits',
        { sEnterpriseId: b.enterpriseId, dAmount: 100, sReference: 'WIRE-ISO' },
        404,
      ],
    ];
    const problems = [];
    for (const [method, path, body, expected] of cases) {
      const answer = await env.inject(method, path, {
        token: a.token,
        body,
        headers: { 'idempotency-key': randomUUID() },
      });
      const codeOk = expected !== 409 || answer.body?.code === 'QUOTE_MISMATCH';
      if (answer.status !== expected || !codeOk)
        problems.push(
          `${method} ${path} ${JSON.stringify(body ?? '').slice(0, 80)} → ${answer.status} ${answer.body?.code} (want ${expected})`,
        );
    }
    const after = await moneyChecksum(env.query);
    t.check(
      `isolation: ${cases.length} calls of A with B's ids → 404 / 409 QUOTE_MISMATCH`,
      problems.length === 0,
      problems.join(' | '),
    );
    t.check('isolation: nothing changed', before === after, 'checksum changed');
  } catch (error) {
    t.check('isolation ran', false, error.stack);
  } finally {
    await env.app.close();
  }
}

export async function runLogin(t, long) {
  const env = await makeApp({ SESSION_IDLE_MINUTES: '1' });
  try {
    const body = signupBody('brute');
    await must(env.inject('POST', 'auth/signup/customer', { body }), 201, 'signup');
    const stranger = { remoteAddress: '198.51.100.66' };
    const wrong = () =>
      env.inject('POST', 'auth/login', {
        ...stranger,
        body: { sEmail: body.sEmail, sPassword: 'Wrong-pass-1' },
      });
    // A guesser of one account: three free failures, then each attempt must wait twice as
    // long (1 s, 2 s, 4 s, …); an attempt before its time is 429 with Retry-After.
    const statuses = [];
    const early = [];
    for (let i = 0; i < 10; i += 1) {
      const tooSoon = await wrong();
      if (i >= 3) early.push(`${tooSoon.status}/${tooSoon.headers['retry-after']}`);
      if (tooSoon.status === 429) env.travel(Number(tooSoon.headers['retry-after']) * 1000);
      statuses.push(tooSoon.status === 429 ? (await wrong()).status : tooSoon.status);
    }
    t.check(
      'login: 10 failures from one address → 401 each, waiting out the delays',
      statuses.every((s) => s === 401),
      statuses.join(','),
    );
    t.check(
      'login: after 3 free failures, an attempt before its delay → 429 Retry-After 1, 2, 4, … s',
      early.join(' ') === '429/1 429/2 429/4 429/8 429/16 429/32 429/64',
      early.join(' '),
    );
    const eleventh = await wrong();
    const right = await env.inject('POST', 'auth/login', {
      ...stranger,
      body: { sEmail: body.sEmail, sPassword: body.sPassword },
    });
    const otherAddress = await env.inject('POST', 'auth/login', {
      remoteAddress: '203.0.113.5',
      body: { sEmail: body.sEmail, sPassword: body.sPassword },
    });
    const colleagueBody = signupBody('colleague');
    await must(env.inject('POST', 'auth/signup/customer', { body: colleagueBody }), 201, 'signup');
    const colleague = await env.inject('POST', 'auth/login', {
      ...stranger,
      body: { sEmail: colleagueBody.sEmail, sPassword: colleagueBody.sPassword },
    });
    t.check(
      'login: the 11th attempt on that account → 429 RATE_LIMITED',
      eleventh.status === 429 && eleventh.body?.code === 'RATE_LIMITED',
      `${eleventh.status} ${eleventh.body?.code}`,
    );
    t.check(
      "login: even the right password → 429 from the guesser's address",
      right.status === 429,
      `${right.status}`,
    );
    t.check(
      'login: the account is held from any other address too (more addresses get no more guesses) → 429',
      otherAddress.status === 429,
      `${otherAddress.status}`,
    );
    t.check(
      "login: another account from the guesser's address (a colleague behind one NAT) → 200",
      colleague.status === 200,
      `${colleague.status}`,
    );
    env.travel(16 * 60_000);
    const later = await env.inject('POST', 'auth/login', {
      ...stranger,
      body: { sEmail: body.sEmail, sPassword: body.sPassword },
    });
    t.check(
      'login: allowed again after the 15-minute window',
      later.status === 200,
      `${later.status}`,
    );

    const other = signupBody('session');
    const session = await must(
      env.inject('POST', 'auth/signup/customer', { body: other }),
      201,
      'signup',
    );
    const out = await env.inject('POST', 'auth/logout', { token: session.token });
    const me = await env.inject('GET', 'auth/me', { token: session.token });
    t.check(
      'session: logout → 204, then the token → 403 SESSION_EXPIRED',
      out.status === 204 && me.status === 403 && me.body?.code === 'SESSION_EXPIRED',
      `${out.status} ${me.status} ${me.body?.code}`,
    );

    const idle = await must(
      env.inject('POST', 'auth/login', {
        body: { sEmail: other.sEmail, sPassword: other.sPassword },
      }),
      200,
      'login',
    );
    if (long) {
      await sleep(65_000); // SESSION_IDLE_MINUTES=1, real time
    } else {
      env.travel(65_000); // the app's clock, moved
    }
    const expired = await env.inject('GET', 'auth/me', { token: idle.token });
    t.check(
      `session: idle 65 s (${long ? 'waited' : 'clock moved'}) with SESSION_IDLE_MINUTES=1 → 403 SESSION_EXPIRED`,
      expired.status === 403 && expired.body?.code === 'SESSION_EXPIRED',
      `${expired.status} ${expired.body?.code}`,
    );
  } catch (error) {
    t.check('login ran', false, error.stack);
  } finally {
    await env.app.close();
  }
}
