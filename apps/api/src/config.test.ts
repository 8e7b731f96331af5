import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('config: demo data', () => {
  it('loads the demo data by default on the embedded database', () => {
    expect(loadConfig({}).DEMO_DATA).toBe(true);
    expect(loadConfig({ DATA_DIR: '/var/lib/pp' }).DEMO_DATA).toBe(true);
  });

  it('does not load the demo data on PostgreSQL unless DEMO_DATA=true', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/prod';
    expect(loadConfig({ DATABASE_URL: url }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO_DATA: '' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
  });
});

describe('config: TRUST_PROXY', () => {
  it('is off by default and takes a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,127.0.0.1,loopback' }).TRUST_PROXY,
    ).toEqual(['10.0.0.0/8', 'fd00::/8', '127.0.0.1', 'loopback']);
  });

  it('refuses anything else, trusting every proxy included', () => {
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example.com', '1.2.3', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('config: the rate source', () => {
  it('is the simulated market without a Banxico token, and Banxico with one', () => {
    expect(loadConfig({}).RATE_SOURCE).toBe('simulated');
    expect(loadConfig({ BANXICO_TOKEN: 'abc' }).RATE_SOURCE).toBe('banxico');
    expect(loadConfig({ BANXICO_TOKEN: 'abc', RATE_SOURCE: 'simulated' }).RATE_SOURCE).toBe(
      'simulated',
    );
  });

  it('stops the server at start when Banxico is asked for without a token or a valid URL', () => {
    expect(() => loadConfig({ RATE_SOURCE: 'banxico' })).toThrow(/BANXICO_TOKEN/);
    expect(() => loadConfig({ BANXICO_TOKEN: 'abc', BANXICO_URL: 'not a url' })).toThrow(
      /BANXICO_URL/,
    );
    expect(() => loadConfig({ RATE_SOURCE: 'market' })).toThrow(/RATE_SOURCE/);
  });
});
