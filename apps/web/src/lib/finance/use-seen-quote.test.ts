import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSeenQuote, type ShownQuote } from './use-seen-quote';

const first: ShownQuote = { rate: 18.1234, reference: 'q-1' };
const sameRate: ShownQuote = { rate: 18.1234, reference: 'q-2' };
const moved: ShownQuote = { rate: 18.2, reference: 'q-3' };

function render(open: boolean, live: ShownQuote | undefined) {
  return renderHook(({ isOpen, quote }) => useSeenQuote(isOpen, quote), {
    initialProps: { isOpen: open, quote: live },
  });
}

describe('useSeenQuote', () => {
  it('keeps the quote the step opened with and holds a moved rate until accepted', () => {
    const hook = render(true, first);
    expect(hook.result.current.seen).toEqual(first);
    expect(hook.result.current.changed).toBeUndefined();

    hook.rerender({ isOpen: true, quote: moved });
    // What a confirm would send is still the quote whose figures were seen.
    expect(hook.result.current.seen).toEqual(first);
    expect(hook.result.current.changed).toEqual({ before: first, after: moved });

    act(() => hook.result.current.accept());
    expect(hook.result.current.seen).toEqual(moved);
    expect(hook.result.current.changed).toBeUndefined();
  });

  it('takes a new reference at the same rate without asking: no figure changed', () => {
    const hook = render(true, first);
    hook.rerender({ isOpen: true, quote: sameRate });
    expect(hook.result.current.changed).toBeUndefined();
    expect(hook.result.current.seen).toEqual(sameRate);
  });

  it('starts again each time the step opens', () => {
    const hook = render(true, first);
    hook.rerender({ isOpen: false, quote: moved });
    expect(hook.result.current.seen).toBeUndefined();
    hook.rerender({ isOpen: true, quote: moved });
    expect(hook.result.current.seen).toEqual(moved);
    expect(hook.result.current.changed).toBeUndefined();
  });
});
