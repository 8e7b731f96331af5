import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { loadFeatureTexts } from '../../../lib/i18n/feature-texts';
import { setLanguage } from '../../../lib/i18n/i18n';
import { jsonResponse } from '../../../test/render-app';
import { InvoiceCfdiDialog } from './invoice-cfdi-dialog';

const UUID = 'AAAAAAAA-1111-4111-8111-000000000001';
const invoice = {
  sInvoiceId: 'inv-1',
  sInvoice: 'A-17',
  sName: 'Agrícola Los Altos',
  dTotalAmount: 900,
  dPaidAmount: 400,
};

const cfdi = {
  sUuid: UUID,
  sMetodoPago: 'PPD',
  sSatStatus: 'VIGENTE',
  dSatCheckedAt: '2026-11-20T18:00:00Z',
  aPayments: [
    {
      sPaymentId: 'p1',
      dAmount: 300,
      dPaidAt: '2026-11-02T16:00:00Z',
      sComplement: 'MATCHED',
      sComplementUuid: 'CCCCCCCC-1111-4111-8111-000000000001',
      dComplementAmount: 300,
    },
    {
      sPaymentId: 'p2',
      dAmount: 100,
      dPaidAt: '2026-11-09T16:00:00Z',
      sComplement: 'DUE',
      sComplementUuid: null,
      dComplementAmount: null,
    },
  ],
  aUnmatchedComplements: [],
};

const fetchMock = vi.fn<typeof fetch>();

function serve(answer: { cfdi: unknown }) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/invoices/inv-1/cfdi')) return jsonResponse(200, answer);
    if (url.endsWith('/invoices/inv-1/credit-notes')) {
      return jsonResponse(200, {
        creditNotes: [
          { sUuid: 'NNNNNNNN', sRelation: '01', dAmount: 100, dIssuedOn: '2026-11-05' },
        ],
      });
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found.' });
  });
}

function renderDialog() {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <InvoiceCfdiDialog invoice={invoice} onClose={onClose} />
    </AppProviders>,
  );
  return onClose;
}

beforeAll(() => loadFeatureTexts('finance', 'invoices'));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('InvoiceCfdiDialog', () => {
  it('shows the UUID, issuer, SAT status, credit notes and each payment’s complement', async () => {
    serve({ cfdi });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'CFDI of invoice A-17' });
    expect(await within(dialog).findByText(UUID)).toBeTruthy();
    expect(within(dialog).getByText('Agrícola Los Altos')).toBeTruthy();
    expect(within(dialog).getByTestId('sat-status').textContent).toBe('Valid');
    // 1,000 invoiced, less the note's 100 and the 400 paid: 500 left once it applied.
    const notes = within(dialog).getByRole('table', { name: 'Credit notes' });
    expect(within(notes).getByRole('row', { name: /NNNNNNNN.*100\.00.*500\.00/ })).toBeTruthy();
    const payments = within(dialog).getByRole('table', { name: 'Payments and their complements' });
    const states = within(payments).getAllByTestId('complement-state');
    expect(states.map((cell) => cell.textContent)).toEqual([
      'Received: CCCCCCCC-1111-4111-8111-000000000001',
      'Complement due',
    ]);
  });

  it('flags a complement for another amount, and closes on Escape', async () => {
    serve({
      cfdi: {
        ...cfdi,
        sSatStatus: null,
        dSatCheckedAt: null,
        aPayments: [{ ...cfdi.aPayments[0], sComplement: 'MISMATCH', dComplementAmount: 290 }],
      },
    });
    const onClose = renderDialog();
    const dialog = await screen.findByRole('dialog');
    const cell = await within(dialog).findByTestId('complement-state');
    expect(cell.textContent).toBe(
      'Mismatch: the complement CCCCCCCC-1111-4111-8111-000000000001 says $290.00 MXN',
    );
    expect(within(dialog).getByTestId('sat-status').textContent).toBe('Not checked');
    expect(within(dialog).getByText(/not asked yet/)).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('says so for an invoice not imported from a CFDI, in Spanish too', async () => {
    serve({ cfdi: null });
    await setLanguage('sp');
    try {
      renderDialog();
      expect(await screen.findByText('Esta factura no se importó de un CFDI.')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      await setLanguage('en');
    }
  });
});
