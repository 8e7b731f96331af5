import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { WILDCARD } from '../plugins/openapi-contract.js';

/**
 * Checks every answer of the API suite against the OpenAPI document the app serves: the
 * status must be documented for the operation, and a JSON body must match its schema (error
 * answers included). A mismatch throws, so the test that made the call fails.
 *
 * With API_CONTRACT_COVERAGE_DIR set, each app also writes which operations were called
 * (scripts/contract-coverage.mjs turns the files into the report CI checks).
 */

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;

interface MediaObject {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

interface Operation {
  id: string;
  method: string;
  pattern: RegExp;
  /** Path parameters: fewer wins when two paths match (a fixed segment beats a parameter). */
  params: number;
  responses: Record<string, ResponseObject>;
}

interface Contract {
  operations: Operation[];
  validators: Map<string, ValidateFunction>;
  ajv: Ajv;
}

/**
 * Built once per route table and shared by every app of a test file: the document depends
 * only on the routes, and generating it takes about a second, printing the routes 40 ms.
 */
const contracts = new Map<string, Contract>();

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      // The trailing wildcard of `files/{path}` spans several segments.
      if (segment === `{${WILDCARD}}`) return '.*';
      if (/^\{.+\}$/.test(segment)) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // The router ignores a trailing slash, so older `invoices/`-style calls are the same operation.
  return new RegExp(`^${source}/?$`);
}

function contractOf(app: FastifyInstance): Contract {
  const key = app.printRoutes({ commonPrefix: false });
  const known = contracts.get(key);
  if (known) return known;
  const document = app.swagger() as unknown as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        pattern: patternOf(path),
        params: (path.match(/\{/g) ?? []).length,
        responses: operation.responses,
      });
    }
  }
  operations.sort((a, b) => a.params - b.params);
  // OpenAPI 3.0 schemas: `nullable` is understood by Ajv; `example` and friends are not
  // validation keywords, hence strict off.
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  const contract = { operations, validators: new Map(), ajv };
  contracts.set(key, contract);
  return contract;
}

function findOperation(contract: Contract, method: string, path: string): Operation | undefined {
  return contract.operations.find(
    (operation) => operation.method === method && operation.pattern.test(path),
  );
}

function mediaMatches(documented: string, actual: string): boolean {
  if (documented === actual) return true;
  if (documented.endsWith('/*')) return actual.startsWith(documented.slice(0, -1));
  return false;
}

/** Throws when the answer is not what the document says the operation answers. */
function checkAnswer(
  contract: Contract,
  operation: Operation,
  response: LightMyRequestResponse,
  call: string,
): void {
  const status = String(response.statusCode);
  const documented = operation.responses[status];
  const fail = (reason: string): never => {
    throw new Error(
      `OpenAPI contract: ${call} (${operation.id}) answered ${status}: ${reason}\n` +
        `body: ${response.body.slice(0, 500)}`,
    );
  };
  const tables = 'apps/api/src/plugins/openapi-routes.ts';
  const hint =
    response.statusCode >= 400
      ? ` (a route's own error codes belong in ROUTE_ERROR_CODES, ${tables})`
      : ` (an answer without a body belongs in ROUTE_NO_CONTENT, ${tables})`;
  if (!documented) {
    return fail(`the document lists only ${Object.keys(operation.responses).join(', ')}${hint}`);
  }
  const contentType = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const content = documented.content;
  if (!content) {
    if (response.body.length > 0) fail('the document says no content, but a body came');
    return;
  }
  const mediaType = Object.keys(content).find((type) => mediaMatches(type, contentType));
  if (!mediaType) fail(`content type ${contentType || '(none)'} is not documented`);
  const schema = content[mediaType!]?.schema;
  if (!schema || mediaType !== 'application/json') return;
  const cacheKey = `${operation.id} ${status}`;
  let validate = contract.validators.get(cacheKey);
  if (!validate) {
    validate = contract.ajv.compile(schema);
    contract.validators.set(cacheKey, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    fail('the body is not JSON');
  }
  if (!validate(body)) {
    const codeOnly = validate.errors?.every((error) => error.instancePath === '/code');
    fail(
      `the body does not match: ${contract.ajv.errorsText(validate.errors)}${codeOnly ? hint : ''}`,
    );
  }
}

/** Operation id → the statuses it answered in this test file. */
const calls = new Map<string, Set<number>>();
let allOperations: string[] = [];

function describeCall(options: InjectOptions | string): { method: string; url: string } {
  if (typeof options === 'string') return { method: 'GET', url: options };
  const url = options.url ?? options.path ?? '/';
  return {
    method: (options.method ?? 'GET').toUpperCase(),
    url: typeof url === 'string' ? url : String(url),
  };
}

/** Makes `app.inject(options)` check each answer against the app's OpenAPI document. */
export function checkAnswersAgainstContract(app: FastifyInstance): void {
  const contract = contractOf(app);
  allOperations = contract.operations.map((operation) => operation.id);
  const inject = app.inject.bind(app);
  const checked = (options?: InjectOptions | string, callback?: unknown) => {
    // The chain and callback forms are left alone (the suite awaits the promise form).
    if (options === undefined || callback !== undefined) {
      return (inject as (...args: unknown[]) => unknown)(options, callback);
    }
    return inject(options).then((response) => {
      const { method, url } = describeCall(options);
      const path = url.split('?')[0]!;
      const operation = findOperation(contract, method, path);
      if (operation) {
        const statuses = calls.get(operation.id) ?? new Set();
        statuses.add(response.statusCode);
        calls.set(operation.id, statuses);
        checkAnswer(contract, operation, response, `${method} ${path}`);
      }
      return response;
    });
  };
  app.inject = checked as FastifyInstance['inject'];
}

/** Writes this test file's calls for the coverage report (when API_CONTRACT_COVERAGE_DIR is set). */
export function recordContractCoverage(): void {
  const directory = process.env.API_CONTRACT_COVERAGE_DIR;
  if (!directory || calls.size === 0) return;
  mkdirSync(directory, { recursive: true });
  const record = {
    operations: allOperations,
    calls: Object.fromEntries([...calls].map(([id, statuses]) => [id, [...statuses]])),
  };
  writeFileSync(
    join(directory, `${process.pid}-${randomBytes(4).toString('hex')}.json`),
    JSON.stringify(record),
  );
  calls.clear();
}
