import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WithReason } from './with-reason';

describe('WithReason', () => {
  it('leaves the action as it is without a reason', () => {
    render(
      <WithReason reason={undefined}>
        <button type="button">Pay</button>
      </WithReason>,
    );
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables the action and says why, as a title at once and as a tooltip on keyboard focus', async () => {
    const user = userEvent.setup();
    render(
      <WithReason reason="Viewers cannot send payments.">
        <button type="button">Pay</button>
      </WithReason>,
    );
    // Disabled with its reason at once, while the tooltip's code loads.
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Pay' }).parentElement!.title).toBe(
      'Viewers cannot send payments.',
    );
    await act(async () => {
      await import('@mui/material/Tooltip');
    });
    const button = screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const wrapper = button.parentElement!;
    expect(wrapper.getAttribute('data-disabled-reason')).toBe('Viewers cannot send payments.');

    await user.tab();
    expect(document.activeElement).toBe(wrapper);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Viewers cannot send payments.');
    expect(wrapper.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });
});
