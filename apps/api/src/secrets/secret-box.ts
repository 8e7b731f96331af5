import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (TOTP secrets, webhook signing secrets): AES-256-GCM with the 32-byte
 * SECRETS_KEY. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); a changed key or a
 * tampered value fails to open instead of giving a wrong secret.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The secret key must be 32 bytes (AES-256)');
    this.key = key;
  }

  /** A key given as 64 hex digits or as base64 of 32 bytes. */
  static parseKey(text: string): Buffer {
    const trimmed = text.trim();
    const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
      ? Buffer.from(trimmed, 'hex')
      : Buffer.from(trimmed, 'base64');
    if (key.length !== 32) {
      throw new Error('SECRETS_KEY must be 32 bytes: 64 hex digits or base64');
    }
    return key;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', iv, tag, body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) {
      throw new Error('Not a sealed secret');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}

/**
 * The key of the webhook secrets: SECRETS_KEY (on the embedded database a development key
 * when unset); on PostgreSQL without it, a key of this process only, with a warning.
 */
export function webhookSecretsKey(
  key: Buffer | undefined,
  warn: (message: string) => void,
): Buffer {
  if (key) return key;
  warn(
    'No SECRETS_KEY: webhook signing secrets are encrypted with a key of this process only; they cannot be read after a restart or by another replica. Set SECRETS_KEY in production.',
  );
  return randomBytes(32);
}
