import type { SessionUser } from '@app/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { setSession } from '../../lib/session-store';
import { jsonResponse, renderApp } from '../../test/render-app';

const customer: SessionUser = {
  sUserId: 'u-1',
  sFullName: 'Dana Buyer',
  sEmail: 'dana@example.com',
  sEnterpriseId: 'e-1',
  sRole: 'customer',
  isManager: true,
  sTeamRole: 'ADMIN',
};

const proof = {
  sPaymentId: 'p-1',
  iTrackingId: 12,
  sTrackingKey: 'PP20261121ABCDEFGHJKLM',
  sStatus: 'COMPLETED',
  sReturnReason: null,
  created_at: '2026-11-21T18:00:00.000Z',
  completed_at: '2026-11-21T18:00:05.000Z',
  dAmount: 1000,
  sCurrency: 'MXN',
  sConcept: 'Factura A-1',
  sSendingInstitution: 'Pesos & Produce',
  issuer: { sName: 'Dana Imports LLC', sTaxId: null },
  payee: {
    sName: 'Agrícola del Valle',
    sTaxId: 'AVA010101AB1',
    sBankName: 'BBVA MEXICO',
    sAccountNumber: '•••• 0015',
  },
  cep: {
    sFechaOperacion: '2026-11-21',
    sClaveRastreo: 'PP20261121ABCDEFGHJKLM',
    sEmisor: '90646',
    sEmisorName: 'STP',
    sReceptor: '40012',
    sReceptorName: 'BBVA MEXICO',
    sCuentaBeneficiario: '012180000000000015',
    dMonto: 1000,
    sUrl: 'https://www.banxico.org.mx/cep/valida.do?criterio=PP20261121ABCDEFGHJKLM',
  },
};

const fetchMock = vi.fn<typeof fetch>();

function answer(url: string, withCep: boolean): Response {
  if (url.includes('/payments/p-1/spei')) {
    return jsonResponse(200, { proof: withCep ? proof : { ...proof, cep: null } });
  }
  if (url.includes('/auth/me')) {
    return jsonResponse(200, {
      user: customer,
      enterprise: {
        sEnterpriseId: 'e-1',
        sName: 'Dana Imports',
        bVerified: true,
        sType: 'customer',
      },
    });
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'The record was not found.' });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('SPEI proof page', () => {
  it("shows a settled payout's CEP data and the link to Banxico", async () => {
    setSession({ token: 'tok', user: customer });
    fetchMock.mockImplementation(async (input) => answer(String(input), true));
    renderApp('/payments/p-1/spei');

    expect((await screen.findByTestId('cep-account')).textContent).toBe('012180000000000015');
    expect(screen.getByTestId('cep-tracking-key').textContent).toBe('PP20261121ABCDEFGHJKLM');
    expect(screen.getByText('STP (90646)')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Get the CEP from Banco de México' });
    expect(link.getAttribute('href')).toBe(proof.cep.sUrl);
  }, 20_000);

  it('shows no CEP block before STP settles, in Spanish too', async () => {
    await i18n.changeLanguage('sp');
    setSession({ token: 'tok', user: customer });
    fetchMock.mockImplementation(async (input) => answer(String(input), false));
    renderApp('/payments/p-1/spei');

    expect(await screen.findByText('Comprobante de transferencia SPEI')).toBeTruthy();
    expect(await screen.findByText('Factura A-1')).toBeTruthy();
    expect(screen.queryByTestId('cep-account')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Obtener el CEP de Banco de México' })).toBeNull();
  }, 20_000);
});
