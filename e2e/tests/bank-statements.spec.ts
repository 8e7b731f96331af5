import { expect, test } from '@playwright/test';
import { logIn, uniqueEmail } from './helpers';
import { expectNoSeriousA11yViolations } from './accessibility';

const DEMO_PASSWORD = 'Demo1234!';

/** A camt.053 statement of two booked USD credits, as a US bank sends it. */
function camt053(entries: Array<{ reference: string; amount: string; remittance: string }>) {
  const ntry = entries
    .map(
      (entry) => `
      <Ntry>
        <Amt Ccy="USD">${entry.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-27</Dt></BookgDt>
        <AcctSvcrRef>${entry.reference}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Nm>E2E PAYER LLC</Nm></Dbtr></RltdPties>
          <RmtInf><Ustrd>${entry.remittance}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>E2E</MsgId><CreDtTm>2026-11-27T23:00:00Z</CreDtTm></GrpHdr>
    <Stmt><Id>E2E</Id><Acct><Id><Othr><Id>410022819375</Id></Othr></Id></Acct>${ntry}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

test.describe('bank statements in the back office', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the operator imports a statement and assigns an unmatched entry', async ({
    page,
    request,
  }) => {
    test.slow();
    const stamp = Date.now();
    const name = `AAA Statement Buyer ${stamp}`;
    const email = uniqueEmail('stmt');
    const password = 'E2e-Passw0rd!';
    const signup = await request.post('/api/v1/en/auth/signup/customer', {
      data: {
        sName: 'Rita',
        sLastName: 'Lopez',
        sEmail: email,
        sPassword: password,
        sConfirmPassword: password,
        sEnterpriseName: name,
        sPhone: '+1 956 555 0104',
      },
    });
    expect(signup.status()).toBe(201);
    const { token } = (await signup.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const wire = await request.post('/api/v1/en/exchange-rate/addFounds', {
      headers: auth,
      data: {},
    });
    const reference = ((await wire.json()) as { account: Array<{ value: string }> }).account.at(
      -1,
    )?.value;
    expect(reference).toMatch(/^PP[A-Z0-9]{8}$/);

    await logIn(page, 'ops@demo.test', DEMO_PASSWORD);
    await page.goto('/operator?tab=statements');
    await expect(page.getByRole('tab', { name: 'Bank statements' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const unmatchedReference = `E2E-UNM-${stamp}`;
    const leftReference = `E2E-LEFT-${stamp}`;
    await page.getByTestId('statement-file').setInputFiles({
      name: `statement-${stamp}.xml`,
      mimeType: 'text/xml',
      buffer: Buffer.from(
        camt053([
          { reference: `E2E-MAT-${stamp}`, amount: '1250.00', remittance: `WIRE ${reference}` },
          { reference: unmatchedReference, amount: '300.25', remittance: 'NO REFERENCE GIVEN' },
          { reference: leftReference, amount: '99.99', remittance: 'UNKNOWN SENDER' },
        ]),
      ),
    });
    await expect(page.getByTestId('statement-result')).toContainText(
      '1 credited, 2 waiting for you, 0 already imported',
    );

    const row = page.getByTestId('unmatched-entry').filter({ hasText: unmatchedReference });
    await expect(row).toContainText('300.25 USD');
    await expect(row).toContainText('NO REFERENCE GIVEN');
    await expectNoSeriousA11yViolations(page, 'bank statements (en)');

    await row.getByRole('button', { name: `Assign ${unmatchedReference} to a company` }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign this credit to a company' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await dialog.getByRole('button', { name: 'Credit the company' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`300.25 USD credited to ${name}.`)).toBeVisible();
    await expect(row).toHaveCount(0);

    // The day's reconciliation lists the credit still waiting, not the assigned one.
    await page.getByLabel('Day', { exact: true }).fill('2026-11-27');
    await expect(page.getByTestId('reconciliation-count')).toContainText(
      /differences? on 2026-11-27/,
    );
    const differences = page.getByRole('table', {
      name: 'Differences between the bank statements and the ledger',
    });
    await expect(differences.getByRole('row').filter({ hasText: leftReference })).toContainText(
      'Received at the bank, not credited',
    );
    await expect(differences.getByRole('row').filter({ hasText: unmatchedReference })).toHaveCount(
      0,
    );
    await page.getByLabel('Day', { exact: true }).fill('2020-01-02');
    await expect(page.getByTestId('reconciliation-count')).toHaveText(
      'No differences on 2020-01-02: every statement credit is in the ledger, and every credit has its statement line.',
    );

    // The company's balance holds both credits, each once.
    const dashboard = await request.get('/api/v1/en/dashboard', { headers: auth });
    const balances = ((await dashboard.json()) as { balances: { balanceUsd: { balance: number } } })
      .balances;
    expect(balances.balanceUsd.balance).toBe(1550.25);

    // The same file again credits nothing.
    await page.getByTestId('statement-file').setInputFiles({
      name: `statement-${stamp}-again.xml`,
      mimeType: 'text/xml',
      buffer: Buffer.from(
        camt053([
          { reference: `E2E-MAT-${stamp}`, amount: '1250.00', remittance: `WIRE ${reference}` },
          { reference: unmatchedReference, amount: '300.25', remittance: 'NO REFERENCE GIVEN' },
          { reference: leftReference, amount: '99.99', remittance: 'UNKNOWN SENDER' },
        ]),
      ),
    });
    await expect(page.getByTestId('statement-result')).toContainText(
      '0 credited, 0 waiting for you, 3 already imported',
    );

    // In Spanish the same screen.
    await page.goto('/operator?tab=statements');
    await page.evaluate(() => window.localStorage.setItem('language', 'sp'));
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Estados de cuenta' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Importar un estado de cuenta' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Abonos sin asignar/ })).toBeVisible();
  });
});
