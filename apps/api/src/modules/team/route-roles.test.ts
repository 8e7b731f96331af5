import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROLES, type TeamRole } from '@app/domain';
import { newCustomer, type Customer } from '../../test/finance-fixtures.js';
import { addTeamMember } from '../../test/team-fixtures.js';
import { bearer, createTestApp, signUp, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { rolesForRoute, ROUTE_ROLES } from './route-roles.js';

/**
 * The role × endpoint matrix, generated from the route table: every operation of the served
 * OpenAPI document that needs a session, called by each role of a buying company and of a
 * growing company. A role the table leaves out is refused with 409 ROLE_REQUIRED (never
 * 403); a route of another kind of company stays 404 as before; every other cell gets past
 * the role check (its answer is whatever the empty request earns: 400, 404, 200…).
 */
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const API_PREFIX = '/api/v1/{lang}';

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
}

let t: TestApp;
const members: Record<'customer' | 'vendor', Record<TeamRole, Customer>> = {
  customer: {} as Record<TeamRole, Customer>,
  vendor: {} as Record<TeamRole, Customer>,
};

function operations(): Operation[] {
  const document = t.app.swagger() as {
    paths: Record<string, Partial<Record<string, { security?: unknown[] }>>>;
  };
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith(API_PREFIX)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.security?.length) continue;
      found.push({ method, path: path.slice(API_PREFIX.length) });
    }
  }
  return found;
}

/** The error code of an answer, if it is a JSON error. */
function codeOf(answer: { body: string }): string | undefined {
  try {
    return (JSON.parse(answer.body) as { code?: string; field?: string }).code;
  } catch {
    return undefined;
  }
}

function fieldOf(answer: { body: string }): string | undefined {
  try {
    return (JSON.parse(answer.body) as { field?: string }).field;
  } catch {
    return undefined;
  }
}

function call(member: Customer, operation: Operation) {
  const path = operation.path.replace(/\{[^}]+\}/g, randomUUID()).replace(/^\//, '');
  return t.app.inject({
    method: operation.method.toUpperCase() as 'GET',
    url: `/api/v1/en/${path}`,
    headers: bearer(member.token),
    ...(operation.method === 'get' || operation.method === 'delete' ? {} : { payload: {} }),
  });
}

describe(`role × endpoint matrix on ${TEST_ENGINE}`, () => {
  beforeAll(async () => {
    t = await createTestApp();
    members.customer.ADMIN = await newCustomer(t);
    const vendor = await signUp(t.app, 'vendor');
    members.vendor.ADMIN = {
      token: vendor.token,
      enterpriseId: vendor.enterpriseId,
      userId: vendor.userId,
      call: (method, path, body) =>
        t.app.inject({
          method,
          url: `/api/v1/en/${path}`,
          headers: bearer(vendor.token),
          ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
        }),
    };
    for (const kind of ['customer', 'vendor'] as const) {
      for (const role of ['APPROVER', 'PREPARER', 'VIEWER'] as const) {
        members[kind][role] = await addTeamMember(t, members[kind].ADMIN, role);
      }
    }
  }, 900_000);
  afterAll(async () => {
    await t.close();
  });

  it('names only routes that exist', () => {
    const known = new Set(
      operations().map((operation) => `${operation.method.toUpperCase()} ${operation.path}`),
    );
    expect(Object.keys(ROUTE_ROLES).filter((key) => !known.has(key))).toEqual([]);
  });

  it('answers every cell as the table says', { timeout: 600_000 }, async () => {
    const all = operations().filter(
      // Logging out ends the caller's session: it is for every role, checked last below.
      (operation) => !(operation.method === 'post' && operation.path === '/auth/logout'),
    );
    expect(all.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const operation of all) {
      const allowed = rolesForRoute(operation.method, operation.path);
      for (const kind of ['customer', 'vendor'] as const) {
        const adminAnswer = await call(members[kind].ADMIN, operation);
        const otherKind = adminAnswer.statusCode === 404 && fieldOf(adminAnswer) === undefined;
        for (const role of TEAM_ROLES) {
          const answer =
            role === 'ADMIN' ? adminAnswer : await call(members[kind][role], operation);
          const code = codeOf(answer);
          const cell = `${operation.method.toUpperCase()} ${operation.path} as ${kind} ${role}: ${answer.statusCode} ${code ?? ''}`;
          if (answer.statusCode === 403) wrong.push(cell);
          if (allowed.includes(role)) {
            if (code === 'ROLE_REQUIRED') wrong.push(cell);
          } else if (!(answer.statusCode === 409 && code === 'ROLE_REQUIRED')) {
            // A route of another kind of company is not found for every role alike.
            if (!(otherKind && answer.statusCode === 404)) wrong.push(cell);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    for (const role of TEAM_ROLES) {
      const out = await members.customer[role].call('POST', 'auth/logout');
      expect(out.statusCode).toBe(204);
    }
  });
});
