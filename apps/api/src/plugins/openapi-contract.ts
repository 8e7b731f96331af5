import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_STATUS, LANGUAGES, type ErrorCode } from '@app/domain';
import { OPERATION_EXAMPLES } from './openapi-examples.js';
import { scopeForRoute } from '../modules/api-keys/api-key-scopes.js';
import { ROUTE_ERROR_CODES, ROUTE_MEDIA, ROUTE_NO_CONTENT } from './openapi-routes.js';

/**
 * Makes the OpenAPI document tell the truth for every route, including the ones added later,
 * without each route repeating it:
 * - every error status the server can answer, with `{ code, message, field? }` and the codes
 *   each status can carry (the common ones derived from the route, the route's own ones from
 *   ROUTE_ERROR_CODES);
 * - a stable operationId derived from the method and the path;
 * - nullable enums that admit `null` (zod's converter leaves `null` out of `enum`).
 */

const API_PREFIX = '/api/v1/{lang}';
/** The name of a trailing wildcard (`/files/*`) in the document. */
export const WILDCARD = 'path';

/** `/api/v1/:lang/warehouses/:warehouseId` → `/api/v1/{lang}/warehouses/{warehouseId}`. */
export function openApiPath(fastifyUrl: string): string {
  // The wildcard is named `path`: `{*}` is no parameter name generators and linters accept.
  return fastifyUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, `{${WILDCARD}}`);
}

/** The route's key in the per-route tables: `POST /auth/login` (path without `/api/v1/{lang}`). */
export function routeKey(method: string, path: string): string {
  const local = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
  return `${method.toUpperCase()} ${local || '/'}`;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * `GET /api/v1/{lang}/warehouses/{warehouseId}` → `getWarehousesByWarehouseId`. Derived from
 * the path alone, so it changes only when the path does.
 */
export function operationIdOf(method: string, path: string): string {
  const local = path.startsWith(API_PREFIX)
    ? path.slice(API_PREFIX.length)
    : path.replace(/^\/api/, '');
  const words = local
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      if (param) return ['by', param[1]!];
      return segment.split(/[-_.]/);
    });
  return method.toLowerCase() + words.map(capitalize).join('');
}

const SUCCESS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Session ended (also for a missing or unknown token)',
  404: 'Not found (also for another enterprise’s records and an unknown language)',
  409: 'Refused in the current state',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Idempotency-Key reused with another body',
  429: 'Rate limited',
  500: 'Internal error (details are only logged)',
};

/** The JSON schema of an error answer carrying one of `codes`. */
export function errorResponseSchema(status: number, codes: ErrorCode[]) {
  return {
    description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.join(', ')}`,
    type: 'object',
    additionalProperties: false,
    required: ['code', 'message'],
    properties: {
      code: { type: 'string', enum: codes },
      message: { type: 'string', description: "In the request's language" },
      field: { type: 'string', description: 'The request field the error is about' },
    },
  };
}

interface RouteFacts {
  method: string;
  path: string;
  schema: Record<string, unknown>;
  config: Record<string, unknown> | undefined;
}

/** The header names a route schema declares, lower-cased. */
export function headerNames(headers: unknown): string[] {
  const shape = (headers as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape).map((name) => name.toLowerCase()) : [];
}

/** Every error code the route can answer: the common ones it qualifies for, then its own. */
export function errorCodesOf(route: RouteFacts): ErrorCode[] {
  const { schema } = route;
  const codes = new Set<ErrorCode>();
  const underApi = route.path.startsWith(API_PREFIX);
  const security = schema.security as unknown[] | undefined;
  const authenticated = security !== undefined && security.length > 0;
  // Every route can answer it: the input guard refuses a control character in the path,
  // query or body of any request (plugins/input-guard.ts), besides each route's own schema.
  codes.add('INVALID_INPUT');
  if (authenticated) codes.add('SESSION_EXPIRED');
  // A company that requires a second factor refuses its members who have none everything
  // but their own account calls (auth/*), until they set one up (two-factor/policy.ts).
  if (authenticated && underApi && !route.path.startsWith(`${API_PREFIX}/auth/`)) {
    codes.add('TOTP_SETUP_REQUIRED');
  }
  if (underApi) codes.add('NOT_FOUND');
  if (schema.body) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  // Any JSON body, schema or not, is measured before it is parsed (plugins/input-guard.ts).
  if (route.method !== 'GET' && route.method !== 'HEAD') {
    codes.add('INPUT_TOO_DEEP');
  }
  if (headerNames(schema.headers).includes('idempotency-key')) codes.add('IDEMPOTENCY_KEY_REUSED');
  if (route.config?.rateLimit) codes.add('RATE_LIMITED');
  // A role the route table (route-roles.ts) leaves out is refused with 409 ROLE_REQUIRED, and
  // so is an API key on a route its scopes leave out (api-key-scopes.ts): any signed-in route.
  if (authenticated && underApi) codes.add('ROLE_REQUIRED');
  for (const code of ROUTE_ERROR_CODES[routeKey(route.method, route.path)] ?? []) codes.add(code);
  codes.add('INTERNAL_ERROR');
  // The database unreachable (plugins/error-handler.ts), with Retry-After.
  codes.add('SERVICE_UNAVAILABLE');
  // Whatever prices money at the current rate stops while the reference rate source has not
  // been confirmed recently (RATE_SOURCE=banxico, modules/rates/banxico-source.ts).
  if (authenticated && underApi) codes.add('RATE_SOURCE_UNAVAILABLE');
  return [...codes];
}

/** The error responses of a route, by status. */
export function errorResponsesOf(
  route: RouteFacts,
): Record<number, ReturnType<typeof errorResponseSchema>> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(route)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, ReturnType<typeof errorResponseSchema>> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = errorResponseSchema(status, codes);
  }
  return responses;
}

/** The swagger transform: zod → JSON schema, then the error answers and the operationId. */
export const contractTransform: SwaggerTransform = (input) => {
  const converted = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = converted.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return converted;
  const { route } = input;
  const methods = typeof route.method === 'string' ? [route.method] : route.method;
  const method = methods.find((name) => name !== 'HEAD') ?? methods[0]!;
  const path = openApiPath(input.url);
  const facts: RouteFacts = {
    method,
    path,
    schema: (input.schema ?? {}) as Record<string, unknown>,
    config: route.config as Record<string, unknown> | undefined,
  };
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  for (const [status, answer] of Object.entries(response)) {
    // `z.null()` (a 202 or 204) reaches here as a nullable string that can only be null.
    const { enum: values, description } = answer as { enum?: unknown[]; description?: string };
    if (values?.length === 1 && values[0] === null) {
      response[status] = { type: 'null', description: description ?? 'No content' };
    }
  }
  for (const [status, answer] of Object.entries(response)) {
    const success = SUCCESS_TEXT[Number(status)];
    const described = answer as { description?: string };
    if (success && !described.description)
      response[status] = { ...described, description: success };
  }
  const key = routeKey(method, path);
  const noContent = ROUTE_NO_CONTENT[key];
  if (noContent) response[noContent.status] = { type: 'null', description: noContent.description };
  for (const [status, media] of Object.entries(ROUTE_MEDIA[key] ?? {})) {
    response[status] = {
      description: media.description,
      content: { [media.type]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  for (const [status, errorSchema] of Object.entries(errorResponsesOf(facts))) {
    response[status] ??= errorSchema;
  }
  return {
    url: converted.url,
    schema: {
      ...schema,
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, path),
      response,
    },
  };
};

function admitNullInNullableEnums(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) admitNullInNullableEnums(item);
    return;
  }
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(schema)) admitNullInNullableEnums(value);
}

/**
 * A nullable schema with no type of its own (`anyOf` of a number and a string) is not valid
 * OpenAPI 3.0: `nullable` needs a `type` beside it. Each alternative carries it instead.
 */
function typeNullableAlternatives(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) typeNullableAlternatives(item);
    return;
  }
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.anyOf)) {
    schema.anyOf = (schema.anyOf as Record<string, unknown>[]).map((alternative) => ({
      ...alternative,
      nullable: true,
    }));
    delete schema.nullable;
  }
  for (const value of Object.values(schema)) typeNullableAlternatives(value);
}

/** The `lang` path parameter, declared once and referenced by every operation under the prefix. */
export const LANG_PARAMETER = {
  name: 'lang',
  in: 'path',
  required: true,
  description: 'The language of messages and documents',
  schema: { type: 'string', enum: [...LANGUAGES] },
};

type ParameterObject =
  { in: string; name: string; schema?: unknown; description?: string } | { $ref: string };

interface OperationObject {
  operationId?: string;
  description?: string;
  security?: unknown[];
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

/** The whole-document pass: nullable enums, then the examples of the money calls. */
export const contractTransformObject: SwaggerTransformObject = (input) => {
  const document = ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as {
    paths?: Record<string, Record<string, OperationObject>>;
    components?: Record<string, Record<string, unknown>>;
  };
  // The same order, with the wildcard renamed in the keys as in the parameters below.
  document.paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, operations]) => [
      path.replace(/\{\*\}$/, `{${WILDCARD}}`),
      operations,
    ]),
  );
  admitNullInNullableEnums(document.paths);
  typeNullableAlternatives(document.paths);
  document.components = {
    ...document.components,
    parameters: { ...document.components?.parameters, lang: LANG_PARAMETER },
  };
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      // A route whose schema has no `params` declares none; generators then leave `{lang}`
      // in the URL. Every operation under the prefix refers to the one declaration.
      const own = (operation.parameters ?? [])
        .filter(
          (parameter) =>
            !('in' in parameter && parameter.in === 'path' && parameter.name === 'lang'),
        )
        .map((parameter) =>
          'in' in parameter && parameter.in === 'path' && parameter.name === '*'
            ? { ...parameter, name: WILDCARD }
            : parameter,
        );
      operation.parameters = path.startsWith(`${API_PREFIX}/`)
        ? [{ $ref: '#/components/parameters/lang' }, ...own]
        : own;
      if (operation.parameters.length === 0) delete operation.parameters;
      // No document-wide security: a public operation says so rather than leaving it unsaid.
      operation.security ??= [];
      // An operation an API key may call (with the scope it needs) accepts either scheme.
      const local = path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : undefined;
      const scope = local === undefined ? undefined : scopeForRoute(method, local);
      if (operation.security.length > 0 && scope) {
        operation.security = [...operation.security, { apiKey: [] }];
        operation.description = [operation.description, `API keys: scope \`${scope}\`.`]
          .filter(Boolean)
          .join('\n\n');
      }
    }
  }
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const examples = operation.operationId
        ? OPERATION_EXAMPLES[operation.operationId]
        : undefined;
      if (!examples) continue;
      const requestMedia = operation.requestBody?.content?.['application/json'];
      if (requestMedia && examples.request !== undefined) requestMedia.example = examples.request;
      for (const [status, example] of Object.entries(examples.responses)) {
        const media = operation.responses?.[status]?.content?.['application/json'];
        if (media) media.example = example;
      }
    }
  }
  return document as ReturnType<SwaggerTransformObject>;
};
