import { describe, expect, it, vi } from 'vitest';

describe('zod without eval (the CSP has no unsafe-eval)', () => {
  it('parses an object schema without ever calling the Function constructor', async () => {
    vi.resetModules();
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);

    const spy = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ sName: z.string().min(1), dAmount: z.number().positive() });
    expect(schema.parse({ sName: 'Agrícola', dAmount: 12.5 })).toEqual({
      sName: 'Agrícola',
      dAmount: 12.5,
    });
    expect(schema.safeParse({ sName: '', dAmount: -1 }).success).toBe(false);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
