import { randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKeyScope } from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { toSessionUser, type Principal } from '../auth/auth.service.js';
import { hashToken } from '../auth/tokens.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './api-keys.repository.js';

export interface ApiKeyAnswer {
  sApiKeyId: string;
  sName: string;
  aScopes: ApiKeyScope[];
  /** The secret's first characters, to tell keys apart (the secret itself is never kept). */
  sPrefix: string;
  dExpiresAt: string;
  dCreatedAt: string;
  dLastUsedAt: string | null;
  dRevokedAt: string | null;
  sCreatedBy: string;
}

/** The longest life of a key. */
const MAX_LIFE_MS = 366 * 24 * 3600 * 1000;
/** `last_used_at` is written at most this often per key (a busy ERP calls many times a second). */
const TOUCH_INTERVAL_MS = 60_000;
/** How many characters of the secret the list shows. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 6;

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * Integrators' API keys. A key acts for its company with the creator's ADMIN standing, bounded
 * by its scopes (api-key-scopes.ts); its money calls wait for a person above the approval
 * threshold (approvals.service.ts). Every request reads the key's row: revoking or expiring a
 * key holds at once on every replica, with no cache to outlive it.
 */
export class ApiKeysService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async create(
    principal: Principal,
    input: { name: string; scopes: ApiKeyScope[]; expiresAt: Date },
  ): Promise<ApiKeyAnswer & { sSecret: string }> {
    const now = this.now();
    if (input.expiresAt <= now || input.expiresAt.getTime() - now.getTime() > MAX_LIFE_MS) {
      throw new AppError('INVALID_INPUT', { field: 'dExpiresAt' });
    }
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    await repo.insertApiKey(this.db, {
      id,
      enterprise_id: principal.enterpriseId,
      created_by: principal.user.sUserId,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      prefix: secret.slice(0, SHOWN_CHARACTERS),
      secret_hash: hashToken(secret),
      expires_at: input.expiresAt,
      created_at: now,
    });
    const row = await repo.findApiKey(this.db, principal.enterpriseId, id);
    if (!row) throw new Error('The key just written was not found');
    return { ...toAnswer(row, principal.user.sFullName), sSecret: secret };
  }

  async list(enterpriseId: string): Promise<ApiKeyAnswer[]> {
    const rows = await repo.listApiKeys(this.db, enterpriseId);
    return rows.map((row) =>
      toAnswer(row, `${row.creator_first_name} ${row.creator_last_name}`.trim()),
    );
  }

  async revoke(enterpriseId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND', { field: 'sApiKeyId' });
    const row = await repo.findApiKey(this.db, enterpriseId, id.toLowerCase());
    if (!row) throw new AppError('NOT_FOUND', { field: 'sApiKeyId' });
    await repo.revokeApiKey(this.db, row.id, this.now());
  }

  /** The principal of a live key's secret; 403 SESSION_EXPIRED for any other. */
  async authenticate(token: string): Promise<Principal> {
    const now = this.now();
    const key = await repo.findLiveKey(this.db, hashToken(token), now);
    if (!key) throw new AppError('SESSION_EXPIRED');
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
      await repo.touchApiKey(this.db, key.keyId, now);
    }
    return {
      sessionId: `api-key:${key.keyId}`,
      // The company's second-factor policy binds people; a key has no second factor to set up.
      user: { ...toSessionUser(key), bTotpSetupRequired: false },
      enterpriseId: key.enterpriseId,
      enterpriseType: key.enterpriseType,
      apiKey: { id: key.keyId, name: key.keyName, scopes: key.scopes },
    };
  }
}

function toAnswer(row: repo.ApiKeyRow, createdBy: string): ApiKeyAnswer {
  return {
    sApiKeyId: row.id,
    sName: row.name,
    aScopes: row.scopes as ApiKeyScope[],
    sPrefix: row.prefix,
    dExpiresAt: iso(row.expires_at),
    dCreatedAt: iso(row.created_at),
    dLastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
    dRevokedAt: row.revoked_at ? iso(row.revoked_at) : null,
    sCreatedBy: createdBy,
  };
}

function iso(value: Date): string {
  return new Date(value).toISOString();
}
