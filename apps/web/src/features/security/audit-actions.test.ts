import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel } from './audit-actions';

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

/** The committed contract: every route the API serves, with its operation id. */
const contract = JSON.parse(
  readFileSync(join(__dirname, '../../../../../docs/openapi.json'), 'utf8'),
) as OpenApiDocument;

/** The operation ids the audit trail can store: every call that is not a read. */
function writingOperations(): string[] {
  return Object.values(contract.paths).flatMap((operations) =>
    Object.entries(operations)
      .filter(([method]) => !['get', 'head', 'options', 'parameters'].includes(method))
      .map(([, operation]) => operation.operationId ?? ''),
  );
}

describe('audit log actions in words', () => {
  it('has English and Spanish words for every action the API can write', () => {
    const actions = writingOperations();
    expect(actions.length).toBeGreaterThan(50);
    const missing = actions.filter((action) => {
      const label = AUDIT_ACTION_LABELS[action];
      return !label?.en.trim() || !label.sp.trim();
    });
    expect(missing).toEqual([]);
  });

  it('never shows the code itself', () => {
    for (const [action, label] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(label.en).not.toContain(action);
      expect(label.sp).not.toContain(action);
      expect(label.sp).not.toBe(label.en);
    }
    expect(auditActionLabel('postAuthLogin', 'sp')).toBe('Inicio de sesión');
    expect(auditActionLabel('postAuthLogin', 'en')).toBe('Signed in');
    expect(auditActionLabel('postSomethingNew', 'sp')).toBeUndefined();
  });
});
