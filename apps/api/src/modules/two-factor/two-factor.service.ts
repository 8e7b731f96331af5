import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db, Executor } from '../../db/database.js';
import { AppError, isAppError } from '../../errors.js';
import type { SecretBox } from '../../secrets/secret-box.js';
// eslint-disable-next-line no-restricted-imports -- one attempt counter guards both the password and the second factor
import * as limits from '../auth/attempt-limits.repository.js';
import type { MailService } from '../mail/mail.service.js';
import * as repo from './two-factor.repository.js';

/** RFC 6238 as DOMAIN.md fixes it: 30 s steps, 6 digits, SHA-1, ±1 step. */
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = PERIOD_SECONDS;
const RECOVERY_CODE_COUNT = 10;
const TOTP_CODE = /^\d{6}$/;
/** Shown in the authenticator app beside the account. */
const ISSUER = 'Pesos & Produce';
/**
 * Wrong codes a user may send in 15 minutes before the second factor is locked for 15
 * minutes: a million six-digit codes (three valid at a time) then take centuries, not hours.
 */
export const CODE_LIMIT: limits.AttemptLimit = {
  max: 5,
  free: 5,
  maxDelayMs: 0,
  windowMs: 15 * 60_000,
};

function codeLimitKey(userId: string): string {
  return `totp:${userId}`;
}

export interface SecondFactorStatus {
  bEnabled: boolean;
  bPending: boolean;
  iRecoveryCodesLeft: number;
  bRequiredByCompany: boolean;
}

/** Recovery codes as shown: `abcde-fghij` (50 random bits, base32 without look-alikes). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Recovery codes are random, so a plain SHA-256 of the normalized code is enough at rest. */
function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}

/**
 * Second factors: TOTP (RFC 6238) with ten single-use recovery codes. Secrets are kept
 * encrypted (SecretBox); a TOTP code is accepted once (the last time step used is stored).
 * Every code check counts the user's wrong codes (limitGuesses).
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox | undefined,
    private readonly mail: MailService,
    private readonly now: () => Date,
  ) {}

  private requireBox(): SecretBox {
    if (!this.box) throw new AppError('TOTP_NOT_CONFIGURED');
    return this.box;
  }

  private async requireUser(db: Executor, userId: string): Promise<repo.SecondFactorRow> {
    const row = await repo.findSecondFactor(db, userId);
    if (!row) throw new AppError('SESSION_EXPIRED');
    return row;
  }

  async status(userId: string): Promise<SecondFactorStatus> {
    const row = await this.requireUser(this.db, userId);
    return {
      bEnabled: row.enabledAt !== null,
      bPending: row.pendingSecret !== null,
      iRecoveryCodesLeft:
        row.enabledAt === null ? 0 : await repo.countUnusedRecoveryCodes(this.db, userId),
      bRequiredByCompany: row.requireTotp,
    };
  }

  async isEnabled(userId: string, db: Executor = this.db): Promise<boolean> {
    const row = await repo.findSecondFactor(db, userId);
    return row?.enabledAt != null;
  }

  /** A new secret waiting for its first code; a user with a second factor disables it first. */
  async setup(userId: string): Promise<{ sSecret: string; sOtpauthUrl: string }> {
    const box = this.requireBox();
    const row = await this.requireUser(this.db, userId);
    if (row.enabledAt !== null) throw new AppError('INVALID_STATE');
    const secret = generateSecret();
    await repo.setPendingSecret(this.db, userId, box.seal(secret));
    return {
      sSecret: secret,
      sOtpauthUrl: generateURI({
        issuer: ISSUER,
        label: row.email,
        secret,
        period: PERIOD_SECONDS,
      }),
    };
  }

  /** Confirms the pending secret with a code; answers the recovery codes, shown this once. */
  async enable(userId: string, code: string): Promise<{ recoveryCodes: string[] }> {
    const box = this.requireBox();
    return this.limitGuesses(userId, 'sCode', () =>
      this.db.transaction().execute(async (trx) => {
        const row = await this.requireUser(trx, userId);
        if (row.enabledAt !== null || row.pendingSecret === null) {
          throw new AppError('INVALID_STATE');
        }
        const step = await this.matchingStep(box.open(row.pendingSecret), code);
        if (step === undefined) throw new AppError('TOTP_INVALID', { field: 'sCode' });
        if (!(await repo.enableSecret(trx, userId, row.pendingSecret, this.now(), step))) {
          throw new AppError('INVALID_STATE');
        }
        return { recoveryCodes: await this.issueRecoveryCodes(trx, userId) };
      }),
    );
  }

  /** New recovery codes (the old ones stop working), after a current code. */
  async regenerateRecoveryCodes(
    userId: string,
    code: string,
  ): Promise<{ recoveryCodes: string[] }> {
    return this.limitGuesses(userId, 'sCode', () =>
      this.db.transaction().execute(async (trx) => {
        await this.assertEnabledAndVerify(trx, userId, code);
        return { recoveryCodes: await this.issueRecoveryCodes(trx, userId) };
      }),
    );
  }

  /** Turns the user's own second factor off, after a current code (or a recovery code). */
  async disable(userId: string, code: string): Promise<void> {
    await this.limitGuesses(userId, 'sCode', () =>
      this.db.transaction().execute(async (trx) => {
        await this.assertEnabledAndVerify(trx, userId, code);
        await repo.clearSecondFactor(trx, userId);
      }),
    );
  }

  /**
   * Checks a code of a user with a second factor (login, step-up): 401 TOTP_INVALID with
   * `field` when it is wrong or used, 429 TOTP_LOCKED after too many wrong ones.
   */
  async checkCode(userId: string, code: string, field: string): Promise<void> {
    await this.limitGuesses(userId, field, async () => {
      if (!(await this.codeMatches(this.db, userId, code))) {
        throw new AppError('TOTP_INVALID', { field });
      }
    });
  }

  /**
   * Whether a code of a user with a second factor is right: a TOTP code (each time step
   * once) or an unused recovery code (then used up). Callers go through limitGuesses.
   */
  private async codeMatches(db: Executor, userId: string, code: string): Promise<boolean> {
    const row = await repo.findSecondFactor(db, userId);
    if (!row?.secret || row.enabledAt === null) return false;
    const trimmed = code.trim();
    if (TOTP_CODE.test(trimmed)) {
      const step = await this.matchingStep(this.requireBox().open(row.secret), trimmed);
      return step !== undefined && (await repo.claimTimeStep(db, userId, step));
    }
    return repo.useRecoveryCode(db, userId, hashRecoveryCode(trimmed), this.now());
  }

  /** An admin turns a member's second factor off (the member sets it up again). */
  async resetMember(
    enterpriseId: string,
    memberId: string,
  ): Promise<{ before: { bTotpEnabled: boolean }; after: { bTotpEnabled: boolean } }> {
    return this.db.transaction().execute(async (trx) => {
      const member = await repo.findMember(trx, enterpriseId, memberId);
      if (!member) throw new AppError('NOT_FOUND', { field: 'userId' });
      await repo.clearSecondFactor(trx, memberId);
      return {
        before: { bTotpEnabled: member.enabledAt !== null },
        after: { bTotpEnabled: false },
      };
    });
  }

  async companyPolicy(enterpriseId: string): Promise<{ bRequireTotp: boolean }> {
    return { bRequireTotp: await repo.companyRequiresTotp(this.db, enterpriseId) };
  }

  async setCompanyPolicy(
    enterpriseId: string,
    required: boolean,
  ): Promise<{ before: { bRequireTotp: boolean }; after: { bRequireTotp: boolean } }> {
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.companyRequiresTotp(trx, enterpriseId);
      await repo.setCompanyRequiresTotp(trx, enterpriseId, required);
      return { before: { bRequireTotp: before }, after: { bRequireTotp: required } };
    });
  }

  private async assertEnabledAndVerify(trx: Executor, userId: string, code: string): Promise<void> {
    const row = await this.requireUser(trx, userId);
    if (row.enabledAt === null) throw new AppError('INVALID_STATE');
    if (!(await this.codeMatches(trx, userId, code))) {
      throw new AppError('TOTP_INVALID', { field: 'sCode' });
    }
  }

  /**
   * Runs a code check (`check` throws TOTP_INVALID for a wrong code) within the user's limit
   * of wrong codes. The attempt is counted in the database before the code is looked at, in
   * one statement that refuses once the limit is reached, so concurrent requests on any
   * replica check at most the limit between them; it runs outside the check's transaction
   * so a refusal's rollback cannot undo the count. A right code forgets the failures, an
   * attempt that checked no code (wrong state) gives its count back, and the wrong code that
   * reaches the limit locks the factor for a window and tells the user by e-mail: someone
   * who has their password or session is guessing.
   */
  private async limitGuesses<T>(
    userId: string,
    field: string,
    check: () => Promise<T>,
  ): Promise<T> {
    const key = codeLimitKey(userId);
    const taken = await limits.takeAttempt(this.db, key, CODE_LIMIT, this.now());
    if (!taken.allowed) {
      throw new AppError('TOTP_LOCKED', { field, retryAfterSeconds: taken.retryAfterSeconds });
    }
    let result: T;
    try {
      result = await check();
    } catch (error) {
      if (!isAppError(error) || error.code !== 'TOTP_INVALID') {
        await limits.giveBackAttempt(this.db, key);
      } else if (taken.failures >= CODE_LIMIT.max) {
        await this.tellLocked(userId);
      }
      throw error;
    }
    await limits.clearAttempts(this.db, key);
    return result;
  }

  private async tellLocked(userId: string): Promise<void> {
    const row = await repo.findSecondFactor(this.db, userId);
    if (!row) return;
    const minutes = CODE_LIMIT.windowMs / 60_000;
    await this.mail.enqueue(this.db, {
      to: row.email,
      subject: 'Your second factor is locked / Tu segundo factor está bloqueado',
      text: [
        `${CODE_LIMIT.max} wrong second-factor codes were sent for your account, so codes are`,
        `refused for the next ${minutes} minutes. If it was not you, someone has your password`,
        'or an open session: change your password now.',
        '',
        `Se enviaron ${CODE_LIMIT.max} códigos de segundo factor incorrectos para tu cuenta, así`,
        `que los códigos se rechazan durante los próximos ${minutes} minutos. Si no fuiste tú,`,
        'alguien tiene tu contraseña o una sesión abierta: cambia tu contraseña ahora.',
      ].join('\n'),
    });
    // Deliver now rather than at the next periodic flush; a failure is retried by it.
    this.mail.flush().catch(() => undefined);
  }

  private async issueRecoveryCodes(trx: Executor, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode), this.now());
    return codes;
  }

  /** The time step a code matches at the server's clock (±1 step), or undefined. */
  private async matchingStep(secret: string, code: string): Promise<bigint | undefined> {
    if (!TOTP_CODE.test(code.trim())) return undefined;
    const result = await verify({
      secret,
      token: code.trim(),
      epoch: Math.floor(this.now().getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
    });
    if (!result.valid || !('timeStep' in result)) return undefined;
    return BigInt(result.timeStep);
  }
}
