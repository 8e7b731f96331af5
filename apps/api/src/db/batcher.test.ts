import { describe, expect, it } from 'vitest';
import { Batcher, type BatchRunner } from './batcher.js';

/** A runner that records what it was asked to write, and refuses odd numbers above 100. */
function recordingWriter(limits: { maxBatch: number; maxInFlight: number }) {
  const calls: Array<{ many?: number[]; one?: number }> = [];
  let running = 0;
  let mostRunning = 0;
  const refuse = (item: number) => item > 100 && item % 2 === 1;
  const writer: BatchRunner<number, string> = {
    ...limits,
    async runMany(items) {
      calls.push({ many: items });
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (items.some(refuse)) throw new Error('one of them is refused');
      return items.map((item) => `many:${item}`);
    },
    async runOne(item) {
      calls.push({ one: item });
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (refuse(item)) throw new Error(`refused ${item}`);
      return `one:${item}`;
    },
  };
  return { writer, calls, mostRunning: () => mostRunning };
}

describe('Batcher', () => {
  it('writes a call made alone on its own', async () => {
    const { writer, calls } = recordingWriter({ maxBatch: 10, maxInFlight: 2 });
    const batcher = new Batcher(writer);
    expect(await batcher.run(7)).toBe('one:7');
    expect(calls).toEqual([{ one: 7 }]);
  });

  it('writes calls of the same turn together, each with its own result, in order', async () => {
    const { writer, calls } = recordingWriter({ maxBatch: 10, maxInFlight: 2 });
    const batcher = new Batcher(writer);
    const results = await Promise.all([1, 2, 3].map((item) => batcher.run(item)));
    expect(results).toEqual(['many:1', 'many:2', 'many:3']);
    expect(calls).toEqual([{ many: [1, 2, 3] }]);
  });

  it('keeps to maxBatch and maxInFlight; calls made meanwhile join the next batch', async () => {
    const { writer, calls, mostRunning } = recordingWriter({ maxBatch: 3, maxInFlight: 2 });
    const batcher = new Batcher(writer);
    const items = Array.from({ length: 10 }, (_, index) => index + 1);
    const results = await Promise.all(items.map((item) => batcher.run(item)));
    expect(results).toEqual(items.map((item) => (item === 10 ? 'one:10' : `many:${item}`)));
    expect(calls).toEqual([
      { many: [1, 2, 3] },
      { many: [4, 5, 6] },
      { many: [7, 8, 9] },
      { one: 10 },
    ]);
    expect(mostRunning()).toBe(2);
  });

  it('writes a failed batch again one by one, in order: only the refused call fails', async () => {
    const { writer, calls } = recordingWriter({ maxBatch: 10, maxInFlight: 1 });
    const failures: unknown[] = [];
    const batcher = new Batcher({ ...writer, onBatchFailed: (error) => failures.push(error) });
    const results = await Promise.allSettled([102, 103, 104].map((item) => batcher.run(item)));
    expect(results).toEqual([
      { status: 'fulfilled', value: 'one:102' },
      { status: 'rejected', reason: new Error('refused 103') },
      { status: 'fulfilled', value: 'one:104' },
    ]);
    expect(calls).toEqual([{ many: [102, 103, 104] }, { one: 102 }, { one: 103 }, { one: 104 }]);
    expect(failures).toEqual([new Error('one of them is refused')]);
    // And it goes on batching afterwards.
    expect(await Promise.all([5, 6].map((item) => batcher.run(item)))).toEqual([
      'many:5',
      'many:6',
    ]);
  });
});
