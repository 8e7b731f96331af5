import { randomBytes, randomUUID } from 'node:crypto';
import { emailSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/domain';
import type { Db } from '../../db/database.js';
import * as repo from './auth.repository.js';
import type { PasswordHasher } from './password-hasher.js';

/** The back-office company every operator created by the command belongs to. */
export const OPERATOR_ENTERPRISE_NAME = 'Back Office';

export interface CreateOperatorInput {
  email: string;
  /** Absent: one is generated and returned (to be shown once). */
  password?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export interface CreatedOperator {
  userId: string;
  enterpriseId: string;
  email: string;
  /** Set only when the password was generated here. */
  generatedPassword?: string;
}

export class CreateOperatorError extends Error {}

/** A random password of 24 URL-safe characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Creates an operator (back office) account for a real deployment, where no demo data is
 * loaded. Operators join the existing back-office enterprise, or a new one when none exists.
 */
export async function createOperator(
  db: Db,
  hasher: PasswordHasher,
  input: CreateOperatorInput,
): Promise<CreatedOperator> {
  const parsedEmail = emailSchema.safeParse(input.email);
  if (!parsedEmail.success) throw new CreateOperatorError(`Not an e-mail address: ${input.email}`);
  const email = parsedEmail.data;
  const generatedPassword = input.password === undefined ? generatePassword() : undefined;
  const password = input.password ?? generatedPassword!;
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new CreateOperatorError(
      `The password needs ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
    );
  }
  const passwordHash = await hasher.hash(password);
  return db.transaction().execute(async (trx) => {
    if (await repo.emailExists(trx, email)) {
      throw new CreateOperatorError(`An account with ${email} exists already`);
    }
    const existing = await trx
      .selectFrom('enterprises')
      .select('id')
      .where('type', '=', 'operator')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    const enterpriseId = existing?.id ?? randomUUID();
    if (!existing) {
      await repo.insertEnterprise(trx, {
        id: enterpriseId,
        name: OPERATOR_ENTERPRISE_NAME,
        type: 'operator',
        verified: true,
      });
    }
    const userId = randomUUID();
    await repo.insertUser(trx, {
      id: userId,
      enterpriseId,
      email,
      firstName: input.firstName ?? 'Operator',
      lastName: input.lastName ?? 'Account',
      phone: null,
      passwordHash,
      role: 'operator',
      isManager: true,
    });
    return { userId, enterpriseId, email, ...(generatedPassword ? { generatedPassword } : {}) };
  });
}
