import { describe, expect, it } from 'vitest';
import { apiProxyTarget } from './api-target';

describe('the dev proxy target', () => {
  it('follows PORT and HOST as the API does, 3000 on the loopback by default', () => {
    expect(apiProxyTarget({})).toBe('http://127.0.0.1:3000');
    expect(apiProxyTarget({ PORT: '3450' })).toBe('http://127.0.0.1:3450');
    expect(apiProxyTarget({ PORT: '4000', HOST: '0.0.0.0' })).toBe('http://127.0.0.1:4000');
    expect(apiProxyTarget({ PORT: '4000', HOST: '::1' })).toBe('http://[::1]:4000');
  });

  it('refuses a PORT that is not a port', () => {
    expect(() => apiProxyTarget({ PORT: 'abc' })).toThrow(/PORT must be a port number/);
    expect(() => apiProxyTarget({ PORT: '70000' })).toThrow(/PORT must be a port number/);
  });
});
