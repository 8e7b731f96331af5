import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSatStatusServer, type SatStatusServer } from '../../test/sat-status-server.js';
import { SatStatusClient, satExpression } from './sat-status.js';

let server: SatStatusServer;

beforeAll(async () => {
  server = await startSatStatusServer();
});
afterAll(async () => {
  await server.close();
});

const EXPRESSION = satExpression({
  rfcEmisor: 'LCO150820KJ3',
  rfcReceptor: 'XEXX010101000',
  total: 13_501_250n,
  uuid: 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80',
});

describe('the SAT status service adapter', () => {
  it('asks with the CFDI expression and reads Vigente, Cancelado and No Encontrado', async () => {
    expect(EXPRESSION).toBe(
      '?re=LCO150820KJ3&rr=XEXX010101000&tt=135012.50&id=A3D94E10-7B2C-4F61-8E05-3C9B12D47F80',
    );
    const client = new SatStatusClient(server.url, 2_000);
    const uuid = 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80';
    server.answers.set(uuid, 'vigente');
    expect(await client.status(EXPRESSION)).toBe('VIGENTE');
    expect(server.asked.at(-1)).toBe(EXPRESSION);
    server.answers.set(uuid, 'cancelado');
    expect(await client.status(EXPRESSION)).toBe('CANCELADO');
    server.answers.set(uuid, 'no-encontrado');
    expect(await client.status(EXPRESSION)).toBe('NO_ENCONTRADO');
  });

  it('answers UNKNOWN for a failing service or one that does not answer in time', async () => {
    const uuid = 'A3D94E10-7B2C-4F61-8E05-3C9B12D47F80';
    server.answers.set(uuid, 'error');
    expect(await new SatStatusClient(server.url, 2_000).status(EXPRESSION)).toBe('UNKNOWN');
    server.answers.set(uuid, 'timeout');
    const started = Date.now();
    expect(await new SatStatusClient(server.url, 300).status(EXPRESSION)).toBe('UNKNOWN');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
