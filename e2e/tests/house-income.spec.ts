import { expect, test } from '@playwright/test';
import { readDownloadedWorkbook } from './finance-fixtures';
import { logIn } from './helpers';
import { shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

const DEMO_PASSWORD = 'Demo1234!';

/** A calendar date `days` before today, as the date inputs take it (UTC is near enough here). */
function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

test.describe("the house's fee income", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the operator sees the fee income by kind, per day and per order, equal to the ledger, and exports it', async ({
    page,
  }) => {
    await logIn(page, 'ops@demo.test', DEMO_PASSWORD);
    await page.goto('/operator');
    await page.getByRole('tab', { name: 'Fee income' }).click();
    await expect(page).toHaveURL(/\/operator\?tab=income$/);

    // The demo's orders, over the last year.
    await page.getByLabel('From').fill(daysAgo(360));
    await page.getByLabel('To').fill(daysAgo(-1));
    const total = page.getByTestId('house-income-dTotal');
    await expect(total).not.toHaveText('$0.00');
    const shown = (await total.textContent()) ?? '';
    // The same figure as the house's fee accounts on the ledger.
    await expect(page.getByTestId('house-income-ledger')).toContainText(`moved ${shown} USD`);
    await expect(page.getByRole('table', { name: 'Per day' })).toBeVisible();
    const orders = page.getByTestId('house-income-order');
    await expect(orders.first()).toBeVisible();
    const orderCount = await orders.count();
    await expectNoSeriousA11yViolations(page, 'fee income (en)');
    await shot(page, 'operator-fee-income-en');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const workbook = await readDownloadedWorkbook(await downloading);
    expect(workbook.fileName).toBe('FeeIncome.xlsx');
    expect(workbook.header).toEqual([
      'Date',
      'Order',
      'Buyer',
      'Grower',
      'Freight',
      'Cold storage (in/out)',
      'Border crossing',
      'Cargo insurance',
      'Total',
    ]);
    expect(workbook.rows.length - 1).toBe(orderCount);

    // A period backwards is explained on the fields, not as a failure.
    await page.getByLabel('From').fill('2020-02-01');
    await page.getByLabel('To').fill('2020-01-01');
    await expect(
      page.getByText('The period must end after it starts and last at most a year.'),
    ).toBeVisible();

    // An empty period says so.
    await page.getByLabel('To').fill('2020-01-31');
    await page.getByLabel('From').fill('2020-01-01');
    await expect(page.getByText('No fee was earned in this period.')).toBeVisible();
    await expect(total).toHaveText('$0.00');
  });
});
