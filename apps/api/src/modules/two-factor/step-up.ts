import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { TwoFactorService } from './two-factor.service.js';

/** The header a sensitive call carries its fresh second-factor code in. */
export const STEP_UP_HEADER = 'x-totp-code';

/** For a route's `headers` schema, so the contract documents the step-up code. */
export const stepUpHeaderSchema = {
  [STEP_UP_HEADER]: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .describe(
      "A fresh code of the caller's authenticator app (or a recovery code), when the call asks for a step-up",
    ),
};

export function stepUpCodeOf(request: FastifyRequest): string | undefined {
  const value = request.headers[STEP_UP_HEADER];
  const code = Array.isArray(value) ? value[0] : value;
  return code?.trim() || undefined;
}

/**
 * Step-up for sensitive writes (a supplier's bank data, approving a payment): a user with a
 * second factor must send a fresh code with the call (header `x-totp-code`). Without one it
 * is 401 TOTP_REQUIRED, with a wrong or used one 401 TOTP_INVALID, after too many wrong ones
 * 429 TOTP_LOCKED; a user without a second factor passes (the company policy decides
 * whether they must have one).
 */
export async function assertStepUp(
  twoFactor: TwoFactorService,
  userId: string,
  code: string | undefined,
): Promise<void> {
  if (!(await twoFactor.isEnabled(userId))) return;
  if (!code) throw new AppError('TOTP_REQUIRED', { field: STEP_UP_HEADER });
  await twoFactor.checkCode(userId, code, STEP_UP_HEADER);
}

/** The body field a user without a second factor confirms a change with. */
export const PASSWORD_FIELD = 'sPassword';

/** Checks a signed-in user's password again (`AuthService.confirmPassword`). */
export interface PasswordConfirmer {
  confirmPassword(userId: string, password: string, ip: string): Promise<boolean>;
}

/**
 * Step-up for changing where the company itself is paid: a user with a second factor sends
 * a fresh code (`x-totp-code`), exactly as `assertStepUp`; a user without one types their
 * password again (401 PASSWORD_REQUIRED without it, PASSWORD_INVALID when wrong), so a
 * stolen session alone changes nothing.
 */
export async function assertStepUpOrPassword(
  twoFactor: TwoFactorService,
  passwords: PasswordConfirmer,
  caller: { userId: string; ip: string; code: string | undefined; password: string | undefined },
): Promise<void> {
  if (await twoFactor.isEnabled(caller.userId)) {
    await assertStepUp(twoFactor, caller.userId, caller.code);
    return;
  }
  if (!caller.password) throw new AppError('PASSWORD_REQUIRED', { field: PASSWORD_FIELD });
  if (!(await passwords.confirmPassword(caller.userId, caller.password, caller.ip))) {
    throw new AppError('PASSWORD_INVALID', { field: PASSWORD_FIELD });
  }
}
