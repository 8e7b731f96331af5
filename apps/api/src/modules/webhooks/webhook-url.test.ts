import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../secrets/secret-box.js';
import { checkWebhookTarget, isPublicAddress, WebhookUrlRefused } from './webhook-url.js';
import { retryDelaySeconds } from './webhooks.service.js';

describe('webhook targets', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.0.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['2::1', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('refuses a name with one private address among public ones', async () => {
    const resolve = async () => [
      { address: '8.8.8.8', family: 4 as const },
      { address: '10.0.0.7', family: 4 as const },
    ];
    await expect(
      checkWebhookTarget('https://hooks.example.test/in', { allowLoopback: false, resolve }),
    ).rejects.toBeInstanceOf(WebhookUrlRefused);
  });

  it('connects to the address it checked', async () => {
    const resolve = async () => [{ address: '8.8.4.4', family: 4 as const }];
    const target = await checkWebhookTarget('https://hooks.example.test/in', {
      allowLoopback: false,
      resolve,
    });
    expect(target.address).toEqual({ address: '8.8.4.4', family: 4 });
  });

  it('allows loopback (and http to it) only with the flag, never another private range', async () => {
    await expect(
      checkWebhookTarget('http://127.0.0.1:8080/x', { allowLoopback: true }),
    ).resolves.toBeDefined();
    await expect(
      checkWebhookTarget('http://127.0.0.1:8080/x', { allowLoopback: false }),
    ).rejects.toBeInstanceOf(WebhookUrlRefused);
    await expect(
      checkWebhookTarget('https://10.0.0.1/x', { allowLoopback: true }),
    ).rejects.toBeInstanceOf(WebhookUrlRefused);
    await expect(
      checkWebhookTarget('http://8.8.8.8/x', { allowLoopback: true }),
    ).rejects.toBeInstanceOf(WebhookUrlRefused);
  });

  it('backs off 5 s, then ×4 each time, at most 10 hours', () => {
    expect([1, 2, 3, 4, 8, 9].map(retryDelaySeconds)).toEqual([5, 20, 80, 320, 36_000, 36_000]);
  });
});

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, and refuses another key or a changed value', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('abc');
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('whsec_abd').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });

  it('takes a key as 64 hex digits or base64, and nothing shorter', () => {
    const key = randomBytes(32);
    expect(SecretBox.parseKey(key.toString('hex'))).toEqual(key);
    expect(SecretBox.parseKey(key.toString('base64'))).toEqual(key);
    expect(() => SecretBox.parseKey('c2hvcnQ=')).toThrow();
  });
});
