import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { APPROVAL_EXEMPTIONS } from './approval-exemptions.js';
import { APPROVAL_KIND_TABLE } from './approval-kinds.js';
import { routeKeyPath } from './route-roles.js';

/**
 * Maker-checker covers every way money moves: each route of the app that writes is either
 * held by a kind of the approval table or exempted with a reason, and each held route
 * parses its body with the very schema its approvals are checked and run with.
 */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
const routes: RouteOptions[] = [];

function keyOf(route: RouteOptions, method: string): string {
  return `${method} ${routeKeyPath(route.url) ?? route.url}`;
}

function writingRoutes(): Map<string, RouteOptions> {
  const found = new Map<string, RouteOptions>();
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (WRITES.has(method.toUpperCase())) found.set(keyOf(route, method.toUpperCase()), route);
    }
  }
  return found;
}

const held = new Map(
  Object.entries(APPROVAL_KIND_TABLE).flatMap(([kind, entry]) =>
    entry.heldBy.filter((by) => !by.startsWith('job:')).map((by) => [by, kind] as const),
  ),
);

describe(`approval coverage of the routes on ${TEST_ENGINE}`, () => {
  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('classifies every route that writes: held by an approval kind, or exempt with a reason', () => {
    const writing = writingRoutes();
    expect(writing.size).toBeGreaterThan(50);
    const unclassified = [...writing.keys()].filter(
      (key) => !held.has(key) && APPROVAL_EXEMPTIONS[key] === undefined,
    );
    expect(unclassified).toEqual([]);
    const both = [...held.keys()].filter((key) => APPROVAL_EXEMPTIONS[key] !== undefined);
    expect(both).toEqual([]);
    for (const [key, reason] of Object.entries(APPROVAL_EXEMPTIONS)) {
      expect(reason.trim().length, key).toBeGreaterThan(10);
    }
  });

  it('names only routes that exist', () => {
    const writing = writingRoutes();
    expect([...held.keys()].filter((key) => !writing.has(key))).toEqual([]);
    expect(Object.keys(APPROVAL_EXEMPTIONS).filter((key) => !writing.has(key))).toEqual([]);
  });

  it('checks a held request with the schema the route parses its body with', () => {
    const writing = writingRoutes();
    for (const [key, kind] of held) {
      const route = writing.get(key);
      const schema = (route?.schema as { body?: unknown } | undefined)?.body;
      expect(schema, `${key} (${kind})`).toBe(
        APPROVAL_KIND_TABLE[kind as keyof typeof APPROVAL_KIND_TABLE].schema,
      );
    }
  });
});
