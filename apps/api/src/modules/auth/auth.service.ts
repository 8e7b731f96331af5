import { randomUUID } from 'node:crypto';
import type {
  ChangePasswordBody,
  EnterpriseType,
  LoginBody,
  MeResponse,
  PasswordRecoveryBody,
  Role,
  SessionUser,
  SignupBody,
  TeamRole,
} from '@app/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { MailService } from '../mail/mail.service.js';
import type { PasswordHasher } from './password-hasher.js';
import { hashToken, newOpaqueToken } from './tokens.js';
import * as limits from './attempt-limits.repository.js';
import * as repo from './auth.repository.js';
import { SessionCache } from './session-cache.js';

export interface AuthSettings {
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  resetTokenTtlMinutes: number;
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  failureWindowMinutes: number;
  /** Recovery requests one address may make in `recoveryWindowMinutes`. */
  recoveryMaxPerAddress: number;
  recoveryWindowMinutes: number;
  publicUrl: string;
  /** How long a resolved session is reused without reading it again; 0 reads every time. */
  sessionCacheMs: number;
}

/** The caller of a request, resolved from its bearer token. */
export interface Principal {
  sessionId: string;
  user: SessionUser;
  enterpriseId: string;
  enterpriseType: EnterpriseType;
  /**
   * Set when the caller is an integrator's API key (`user` is then the admin who created it):
   * its scopes bound what it may call, and its calls are audited as the key.
   */
  apiKey?: { id: string; name: string; scopes: readonly string[] };
}

const MINUTE = 60_000;
/** Failed logins of one account, from any address, that cost no wait. */
export const FREE_LOGIN_FAILURES = 3;
/** The longest wait between two attempts of one account. */
const MAX_LOGIN_DELAY_MS = 5 * MINUTE;
/**
 * Failed logins from one address, over all accounts, that cost no wait: an office behind
 * one address mistypes a few passwords a day; a sprayer trying one password on many
 * accounts fails far more.
 */
const FREE_ADDRESS_FAILURES = 20;
/** The longest wait between two attempts from an address past its free failures. */
const MAX_ADDRESS_DELAY_MS = 10_000;

/**
 * How long one account must wait after its last failure, given how many failures it has in
 * the window: nothing for the first three, then 1 s, 2 s, 4 s, … up to 5 minutes.
 */
export function loginDelayMs(failures: number): number {
  return limits.attemptDelayMs(failures, {
    max: Number.POSITIVE_INFINITY,
    free: FREE_LOGIN_FAILURES,
    maxDelayMs: MAX_LOGIN_DELAY_MS,
    windowMs: 0,
  });
}
/** An invitation link lives longer than a reset link: the invitee may read it days later. */
const INVITATION_TTL_MINUTES = 7 * 24 * 60;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

export function toSessionUser(user: repo.UserWithEnterprise): SessionUser {
  return {
    sUserId: user.userId,
    sFullName: `${user.firstName} ${user.lastName}`.trim(),
    sEmail: user.email,
    sEnterpriseId: user.enterpriseId,
    sRole: user.role,
    isManager: user.isManager,
    sTeamRole: user.teamRole,
    bTotpEnabled: user.totpEnabledAt !== null,
    bTotpSetupRequired: user.companyRequiresTotp && user.totpEnabledAt === null,
    sTimeZone: user.companyTimeZone,
  };
}

/** What login needs of the second factor and the audit trail (wired in app.ts). */
export interface LoginCompanions {
  /**
   * Checks a TOTP or recovery code of a user with a second factor (each usable once):
   * throws TOTP_INVALID for a wrong one, TOTP_LOCKED after too many.
   */
  checkSecondFactor?: (userId: string, code: string) => Promise<void>;
  /** Records a sign-in or a failed sign-in in the audit trail. */
  recordSignIn?: (event: {
    enterpriseId: string | null;
    userId: string | null;
    ip: string;
    userAgent: string | null;
    email: string;
    outcome: string;
    status: number;
  }) => Promise<void>;
}

export class AuthService {
  private readonly sessions: SessionCache;
  private companions: LoginCompanions = {};
  private readonly accountLimit: limits.AttemptLimit;
  private readonly addressLimit: limits.AttemptLimit;

  constructor(
    private readonly db: Db,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailService,
    private readonly settings: AuthSettings,
    private readonly now: () => Date,
  ) {
    this.sessions = new SessionCache(settings.sessionCacheMs);
    const windowMs = settings.failureWindowMinutes * MINUTE;
    this.accountLimit = {
      max: settings.maxFailuresPerAccount,
      free: FREE_LOGIN_FAILURES,
      maxDelayMs: MAX_LOGIN_DELAY_MS,
      windowMs,
    };
    this.addressLimit = {
      max: settings.maxFailuresPerIp,
      free: Math.min(FREE_ADDRESS_FAILURES, settings.maxFailuresPerIp),
      maxDelayMs: MAX_ADDRESS_DELAY_MS,
      windowMs,
    };
  }

  /** Joins the second factor and the audit trail to login (they are built after this service). */
  attach(companions: LoginCompanions): void {
    this.companions = { ...this.companions, ...companions };
  }

  /**
   * Signs in; every attempt past the rate limits, successful or not, goes to the audit trail
   * (of the account's company when the e-mail is known).
   */
  async login(
    body: LoginBody,
    ip: string,
    userAgent: string | null = null,
  ): Promise<{ token: string; user: SessionUser }> {
    let known: repo.UserWithEnterprise | undefined;
    const record = async (outcome: string, status: number) => {
      await this.companions.recordSignIn?.({
        enterpriseId: known?.enterpriseId ?? null,
        userId: known?.userId ?? null,
        ip,
        userAgent,
        email: body.sEmail,
        outcome,
        status,
      });
    };
    try {
      const session = await this.checkLogin(body, ip, (user) => {
        known = user;
      });
      await record('OK', 200);
      return session;
    } catch (error) {
      if (error instanceof AppError && error.code !== 'RATE_LIMITED') {
        await record(error.code, error.statusCode);
      }
      throw error;
    }
  }

  /**
   * Wrong passwords and wrong second-factor codes are counted per account, from any
   * address: after 3 free failures each further attempt of the account waits 1 s, 2 s, 4 s …
   * (at most 5 minutes), and at `maxFailuresPerAccount` the account is held for the window.
   * The attempt is taken before the password is checked, in one statement, so concurrent
   * attempts on any replica cannot pass the delay together. Per address they only slow
   * down: past 20 failures over all accounts each attempt from it waits up to 10 s, and
   * only at the generous `maxFailuresPerIp` (spraying) is it held, so a colleague behind the
   * same address signs in while someone hammers another account from it.
   */
  private async checkLogin(
    body: LoginBody,
    ip: string,
    found: (user: repo.UserWithEnterprise) => void,
  ): Promise<{ token: string; user: SessionUser }> {
    const now = this.now();
    const addressKey = `login-address:${ip}`;
    const accountKey = loginAccountKey(body.sEmail);
    const addressWait = await limits.waitOf(this.db, addressKey, this.addressLimit, now);
    if (addressWait !== undefined) {
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: addressWait });
    }
    const taken = await limits.takeAttempt(this.db, accountKey, this.accountLimit, now);
    if (!taken.allowed) {
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: taken.retryAfterSeconds });
    }
    let failed = false;
    try {
      const session = await this.checkCredentials(body, ip, found, () => {
        failed = true;
      });
      await limits.clearAttempts(this.db, accountKey);
      return session;
    } catch (error) {
      if (failed) await limits.countFailure(this.db, addressKey, this.addressLimit, now);
      else await limits.giveBackAttempt(this.db, accountKey);
      throw error;
    }
  }

  /** The password, then the second factor; `failed` is called for a wrong one of either. */
  private async checkCredentials(
    body: LoginBody,
    ip: string,
    found: (user: repo.UserWithEnterprise) => void,
    failed: () => void,
  ): Promise<{ token: string; user: SessionUser }> {
    const user = await repo.findUserByEmail(this.db, body.sEmail);
    const lane = { address: ip, account: body.sEmail };
    const passwordMatches = user
      ? await this.hasher.verify(body.sPassword, user.passwordHash, lane)
      : await this.hasher.verifyAgainstDummy(body.sPassword, lane);
    if (user) found(user);
    if (!user || !passwordMatches || !user.active) {
      failed();
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (user.totpEnabledAt !== null) {
      // The password was right: asking for the code is no failure; a wrong code is one.
      if (!body.sTotp) throw new AppError('TOTP_REQUIRED', { field: 'sTotp' });
      try {
        const checkSecondFactor = this.companions.checkSecondFactor;
        if (!checkSecondFactor) throw new AppError('TOTP_INVALID', { field: 'sTotp' });
        await checkSecondFactor(user.userId, body.sTotp);
      } catch (error) {
        if (error instanceof AppError && error.code === 'TOTP_INVALID') failed();
        throw error;
      }
    }
    return this.openSession(user);
  }

  async signup(
    body: SignupBody,
    kind: 'customer' | 'vendor',
  ): Promise<{ token: string; user: SessionUser }> {
    // Hash before the transaction: it is slow and needs no lock.
    const passwordHash = await this.hasher.hash(body.sPassword);
    const enterpriseId = randomUUID();
    const userId = randomUUID();
    const role: Role = kind;
    await this.db
      .transaction()
      .execute(async (trx) => {
        if (await repo.emailExists(trx, body.sEmail)) {
          throw new AppError('EMAIL_TAKEN', { field: 'sEmail' });
        }
        await repo.insertEnterprise(trx, {
          id: enterpriseId,
          name: body.sEnterpriseName,
          type: kind,
        });
        await repo.insertUser(trx, {
          id: userId,
          enterpriseId,
          email: body.sEmail,
          firstName: body.sName,
          lastName: body.sLastName,
          phone: body.sPhone,
          passwordHash,
          role,
          isManager: true,
        });
      })
      .catch((error: unknown) => {
        // Two signups racing for one e-mail: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', { field: 'sEmail' });
        throw error;
      });
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new Error('User vanished after signup');
    return this.openSession(user);
  }

  /**
   * A signed-in user types their password again to confirm a sensitive change (a user
   * without a second factor changing where the company is paid). It is an attempt on the
   * account's login limit, taken before the password is checked, so a stolen session cannot
   * guess it faster than the login form allows, on any replica. Answers whether it matched.
   */
  async confirmPassword(userId: string, password: string, ip: string): Promise<boolean> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) return false;
    const now = this.now();
    const accountKey = loginAccountKey(user.email);
    const taken = await limits.takeAttempt(this.db, accountKey, this.accountLimit, now);
    if (!taken.allowed) {
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: taken.retryAfterSeconds });
    }
    if (
      await this.hasher.verify(password, user.passwordHash, { address: ip, account: user.email })
    ) {
      await limits.clearAttempts(this.db, accountKey);
      return true;
    }
    await limits.countFailure(this.db, `login-address:${ip}`, this.addressLimit, now);
    return false;
  }

  async logout(principal: Principal): Promise<void> {
    await repo.revokeSession(this.db, principal.sessionId, this.now());
    this.sessions.forgetSession(principal.sessionId);
  }

  async me(principal: Principal): Promise<MeResponse> {
    const user = await repo.findUserById(this.db, principal.user.sUserId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return {
      user: toSessionUser(user),
      enterprise: {
        sEnterpriseId: user.enterpriseId,
        sName: user.enterpriseName,
        bVerified: user.enterpriseVerified,
        sType: user.enterpriseType,
      },
    };
  }

  /** Resolves a bearer token; any token that is unknown, revoked or expired is SESSION_EXPIRED. */
  async authenticate(token: string | undefined): Promise<Principal> {
    if (!token) throw new AppError('SESSION_EXPIRED');
    const now = this.now();
    const idleSince = new Date(now.getTime() - this.settings.sessionIdleMinutes * MINUTE);
    const tokenHash = hashToken(token);
    const cached = this.sessions.get(tokenHash, now);
    if (cached && cached.lastSeenAt > idleSince && cached.expiresAt > now) {
      if (now.getTime() - cached.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await repo.touchSession(this.db, cached.principal.sessionId, now);
        cached.lastSeenAt = now;
      }
      return cached.principal;
    }
    const session = await repo.findActiveSession(this.db, tokenHash, now, idleSince);
    if (!session) throw new AppError('SESSION_EXPIRED');
    let lastSeenAt = session.lastSeenAt;
    if (now.getTime() - lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await repo.touchSession(this.db, session.sessionId, now);
      lastSeenAt = now;
    }
    const principal: Principal = {
      sessionId: session.sessionId,
      user: toSessionUser(session),
      enterpriseId: session.enterpriseId,
      enterpriseType: session.enterpriseType,
    };
    this.sessions.set(tokenHash, {
      principal,
      lastSeenAt,
      expiresAt: session.expiresAt,
      readAt: now,
    });
    return principal;
  }

  /**
   * Drops what this process remembers of the user's sessions: call it after changing the
   * user (name, access, deactivation), so the next request reads the user again.
   */
  forgetUser(userId: string): void {
    this.sessions.forgetUser(userId);
  }

  /** The same for every user of a company, after a change of the company's own settings. */
  forgetEnterprise(enterpriseId: string): void {
    this.sessions.forgetEnterprise(enterpriseId);
  }

  /**
   * Always succeeds from the caller's view and takes the same path for every address, known
   * or not: it records the request (at most `recoveryMaxPerAddress` per address in the
   * window, counted in the database so the limit holds across replicas) and nothing more.
   * Whether the address has an account is looked at after the answer, by
   * `processRecoveryRequests`. Answers whether the request was recorded (not throttled).
   */
  async requestPasswordReset(body: PasswordRecoveryBody): Promise<boolean> {
    const now = this.now();
    const since = new Date(now.getTime() - this.settings.recoveryWindowMinutes * MINUTE);
    return this.db.transaction().execute((trx) =>
      repo.recordRecoveryRequest(trx, {
        id: randomUUID(),
        email: body.sEmail,
        now,
        since,
        max: this.settings.recoveryMaxPerAddress,
      }),
    );
  }

  /**
   * Turns recorded recovery requests into reset links and e-mails (for active accounts; a
   * request for an unknown address ends here), a batch per transaction. Answers how many
   * requests it handled. The outbox flush then delivers the e-mails.
   */
  async processRecoveryRequests(): Promise<number> {
    const batch = 20;
    let handled = 0;
    for (;;) {
      const claimed = await this.db.transaction().execute(async (trx) => {
        const now = this.now();
        const requests = await repo.claimRecoveryRequests(trx, now, batch);
        for (const request of requests) {
          const user = await repo.findUserByEmail(trx, request.email);
          if (user?.active) await this.issueResetLink(trx, user, now);
        }
        return requests.length;
      });
      handled += claimed;
      if (claimed < batch) return handled;
    }
  }

  private async issueResetLink(
    trx: Executor,
    user: repo.UserWithEnterprise,
    now: Date,
  ): Promise<void> {
    // Only the token's hash is stored; the link itself lives in the outbox until it is sent.
    const { token, tokenHash } = newOpaqueToken();
    const link = `${this.settings.publicUrl}/change-password/${token}/`;
    await repo.insertPasswordReset(trx, {
      id: randomUUID(),
      tokenHash,
      userId: user.userId,
      now,
      expiresAt: new Date(now.getTime() + this.settings.resetTokenTtlMinutes * MINUTE),
    });
    await this.mail.enqueue(trx, {
      to: user.email,
      subject: 'Reset your password / Restablece tu contraseña',
      text: [
        `Hello ${user.firstName},`,
        '',
        `To choose a new password, open this link within ${this.settings.resetTokenTtlMinutes} minutes:`,
        link,
        '',
        'If you did not ask for it, ignore this e-mail: your password stays the same.',
      ].join('\n'),
    });
  }

  /**
   * Creates a sub-user of an enterprise with no usable password and e-mails a single-use
   * link to choose one (the password-reset machinery, with a longer life), in one
   * transaction. The e-mail is delivered by the outbox flush.
   */
  async inviteUser(input: {
    enterpriseId: string;
    enterpriseName: string;
    inviterName: string;
    email: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    jobTitle: string | null;
    role: Role;
    isManager: boolean;
    teamRole?: TeamRole | undefined;
  }): Promise<string> {
    const now = this.now();
    const userId = randomUUID();
    const { token, tokenHash } = newOpaqueToken();
    const link = `${this.settings.publicUrl}/change-password/${token}/`;
    await this.db
      .transaction()
      .execute(async (trx) => {
        if (await repo.emailExists(trx, input.email)) {
          throw new AppError('EMAIL_TAKEN', { field: 'sEmail' });
        }
        await repo.insertUser(trx, {
          id: userId,
          enterpriseId: input.enterpriseId,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          jobTitle: input.jobTitle,
          // Not a scrypt hash, so no password matches it until the invitee chooses one.
          passwordHash: `invited$${newOpaqueToken().tokenHash}`,
          role: input.role,
          isManager: input.isManager || input.teamRole === 'ADMIN',
          ...(input.teamRole ? { teamRole: input.teamRole } : {}),
        });
        await repo.insertPasswordReset(trx, {
          id: randomUUID(),
          tokenHash,
          userId,
          now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MINUTES * MINUTE),
        });
        await this.mail.enqueue(trx, {
          to: input.email,
          subject: `${input.enterpriseName}: you are invited / te invitaron`,
          text: [
            `Hello ${input.firstName},`,
            '',
            `${input.inviterName} invited you to the account of ${input.enterpriseName}.`,
            'To choose your password and sign in, open this link within 7 days:',
            link,
            '',
            `Hola ${input.firstName}: ${input.inviterName} te invitó a la cuenta de ${input.enterpriseName}.`,
            'Para elegir tu contraseña abre el enlace de arriba (vigente 7 días).',
          ].join('\n'),
        });
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', { field: 'sEmail' });
        throw error;
      });
    // Deliver now rather than at the next periodic flush; a failure is retried by it.
    this.mail.flush().catch(() => undefined);
    return userId;
  }

  async changePasswordWithResetToken(resetToken: string, body: ChangePasswordBody): Promise<void> {
    const passwordHash = await this.hasher.hash(body.sPassword);
    const now = this.now();
    const userId = await this.db.transaction().execute(async (trx) => {
      const resetFor = await repo.consumePasswordReset(trx, hashToken(resetToken), now);
      if (!resetFor) throw new AppError('RESET_LINK_INVALID');
      await repo.updatePasswordHash(trx, resetFor, passwordHash);
      // Using one link, or a new password, voids every other link of the user (reset or invitation).
      await repo.voidPasswordResetsOfUser(trx, resetFor, now);
      // A new password ends every open session of the account.
      await repo.revokeSessionsOfUser(trx, resetFor, now);
      return resetFor;
    });
    // After the commit, so no request in between puts a revoked session back.
    this.sessions.forgetUser(userId);
    // The new password is not a guess: a hold from someone else's guesses ends with it.
    const user = await repo.findUserById(this.db, userId);
    if (user) await limits.clearAttempts(this.db, loginAccountKey(user.email));
  }

  private async openSession(
    user: repo.UserWithEnterprise,
  ): Promise<{ token: string; user: SessionUser }> {
    const now = this.now();
    const { token, tokenHash } = newOpaqueToken();
    await repo.insertSession(this.db, {
      id: randomUUID(),
      tokenHash,
      userId: user.userId,
      now,
      expiresAt: new Date(now.getTime() + this.settings.sessionMaxHours * 60 * MINUTE),
    });
    return { token, user: toSessionUser(user) };
  }
}

function loginAccountKey(email: string): string {
  return `login-account:${email}`;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
