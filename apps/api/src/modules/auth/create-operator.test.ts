import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { createOperator, CreateOperatorError } from './create-operator.js';
import { PasswordHasher } from './password-hasher.js';

describe('create-operator', () => {
  let t: TestApp;
  const hasher = new PasswordHasher(10);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function login(email: string, password: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/en/auth/login',
      payload: { sEmail: email, sPassword: password },
    });
  }

  it('creates an operator with a generated password that logs in to the back office', async () => {
    const created = await createOperator(t.db, hasher, { email: ' Boss@Example.test ' });
    expect(created.email).toBe('boss@example.test');
    expect(created.generatedPassword).toMatch(/^[\w-]{24}$/);
    const response = await login('boss@example.test', created.generatedPassword!);
    expect(response.statusCode).toBe(200);
    const { token } = json<{ token: string }>(response);
    const me = json<{ sRole?: string; role?: string }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/en/auth/me',
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(JSON.stringify(me)).toContain('operator');
  });

  it('takes a given password, joins the same back office, and refuses a taken address', async () => {
    const first = await createOperator(t.db, hasher, {
      email: 'second@example.test',
      password: 'a-long-secret-1',
    });
    expect(first.generatedPassword).toBeUndefined();
    expect((await login('second@example.test', 'a-long-secret-1')).statusCode).toBe(200);
    const operators = await t.db
      .selectFrom('users')
      .select('enterprise_id')
      .where('role', '=', 'operator')
      .execute();
    expect(new Set(operators.map((row) => row.enterprise_id)).size).toBe(1);
    await expect(
      createOperator(t.db, hasher, { email: 'second@example.test', password: 'another-secret' }),
    ).rejects.toBeInstanceOf(CreateOperatorError);
    await expect(
      createOperator(t.db, hasher, { email: 'short@example.test', password: 'short' }),
    ).rejects.toBeInstanceOf(CreateOperatorError);
  });
});
