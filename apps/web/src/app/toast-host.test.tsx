import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showToast } from '../lib/toast';
import { ToastHost } from './toast-host';

// The toaster's chunk cannot be fetched (offline, or a deploy removed it).
vi.mock('./toaster', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('ToastHost without its toaster chunk', () => {
  it('still shows an error toast, as an alert', async () => {
    render(<ToastHost />);
    act(() => showToast('INSUFFICIENT_FUNDS: Not enough USD.', { variant: 'error' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'INSUFFICIENT_FUNDS: Not enough USD.',
    );
  });
});
