import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFeatureTexts } from '../../../lib/i18n/feature-texts';
import { setLanguage } from '../../../lib/i18n/i18n';
import { renderApp } from '../../../test/render-app';
import type { StatementRow } from '../statement-rows';
import { StatementGrid } from './statement-grid';

const rows: StatementRow[] = [
  {
    id: 0,
    dDate: '2026-11-02',
    created_at: '2026-11-02T15:00:00Z',
    sDescription: 'Wire received',
    sType: 'ADD_FUNDS',
    dDebit: 0,
    dCredit: 500,
    dBalance: 500,
    sReference: 'W-1',
    sPaidAccount: null,
    dRate: null,
    referenceFix: null,
  },
  {
    id: 1,
    dDate: '2026-11-03',
    created_at: '2026-11-03T15:00:00Z',
    sDescription: 'Pay now to Agrícola del Valle',
    sType: 'PAY_NOW',
    dDebit: 55.38,
    dCredit: 0,
    dBalance: 444.62,
    sReference: 'PP2026110312345',
    sPaidAccount: 'BBVA MEXICO ********9719',
    dRate: 18.0585,
    referenceFix: { dDate: '2026-11-02', dRate: 18.1234 },
  },
];

function renderGrid() {
  renderApp('/statement', [
    {
      path: '/statement',
      Component: () => (
        <StatementGrid
          rows={rows}
          loading={false}
          total={2}
          paginationModel={{ page: 0, pageSize: 50 }}
          onPaginationModelChange={() => {}}
        />
      ),
    },
  ]);
}

beforeAll(() => loadFeatureTexts('statement'));
afterEach(() => setLanguage('en'));

describe('StatementGrid', () => {
  it.each([
    ['en', 'Rate 18.0585 · Banxico FIX of November 2, 2026: 18.1234'],
    ['sp', 'Tipo de cambio 18.0585 · FIX de Banxico del 2 de noviembre de 2026: 18.1234'],
  ] as const)('shows a conversion’s rate beside the day’s FIX (%s)', async (language, line) => {
    setLanguage(language);
    renderGrid();
    const rates = await screen.findAllByTestId('statement-rate');
    // Only the paying movement converted; the deposit has no rate.
    expect(rates).toHaveLength(1);
    expect(rates[0]?.textContent).toBe(line);
    expect(screen.getByTestId('statement-paid-account').textContent).toBe(
      'BBVA MEXICO ********9719',
    );
  });
});
