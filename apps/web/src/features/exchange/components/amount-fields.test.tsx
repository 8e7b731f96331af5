import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n/i18n';
import { EMPTY_AMOUNT, linkAmounts, type AmountEntry } from '../amounts';
import { AmountFields } from './amount-fields';

function Linked() {
  const [entry, setEntry] = useState<AmountEntry>(EMPTY_AMOUNT);
  return <AmountFields entry={entry} linked={linkAmounts(entry, 18)} onChange={setEntry} />;
}

const usdField = () => screen.getByTestId('amount-usd') as HTMLInputElement;
const mxnField = () => screen.getByTestId('amount-mxn') as HTMLInputElement;

describe('amount fields', () => {
  it.each([
    ['1e9', 'a form like 1e9 is not taken'],
    ['-5', 'cannot be negative'],
    ['12.345', 'at most 2 decimals'],
    ['12a', 'Use digits only'],
  ])('keep "%s" as typed and say what is wrong', async (typed, message) => {
    const user = userEvent.setup();
    render(<Linked />);
    await user.type(usdField(), typed);
    expect(usdField().value).toBe(typed);
    expect(usdField().getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain(message);
    // Nothing is converted from an amount with a problem.
    expect(mxnField().value).toBe('');
  });

  it('explain in Spanish too, and link a good amount', async () => {
    await act(() => setLanguage('sp'));
    const user = userEvent.setup();
    render(<Linked />);
    await user.type(usdField(), '1e9');
    expect(usdField().value).toBe('1e9');
    expect(document.body.textContent).toContain('una forma como 1e9 no se acepta');
    await user.clear(usdField());
    await user.type(usdField(), '1,000.50');
    expect(usdField().value).toBe('1,000.50');
    expect(usdField().getAttribute('aria-invalid')).toBe('false');
    expect(mxnField().value).toBe('18009.00');
  });
});
