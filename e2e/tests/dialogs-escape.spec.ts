import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn } from './helpers';
import { shot } from './screenshots';

/**
 * Escape closes every dialog that a Cancel or Close button closes, as keyboard users expect:
 * each dialog the demo customer can open from the finance screens is opened, then Escape.
 */

const DEMO_PASSWORD = 'Demo1234!';

/** Opens a dialog with `open`, checks it is there, presses Escape and checks it is gone. */
async function escapeCloses(page: Page, label: string, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole('dialog');
  await expect(dialog, `${label} opened`).toBeVisible();
  // The dialog's first field has focus (or its frame): Escape reaches the dialog either way.
  await page.keyboard.press('Escape');
  await expect(dialog, `${label} closed by Escape`).toBeHidden();
}

function invoicesTable(page: Page): Locator {
  return page.getByRole('table', { name: /Invoices pending assignment/ });
}

/** The first invoice that can be selected (To pay), selected. */
async function selectToPayInvoice(page: Page): Promise<string> {
  const checkbox = invoicesTable(page).getByRole('checkbox', { disabled: false }).first();
  await expect(checkbox).toBeVisible({ timeout: 60_000 });
  const name = ((await checkbox.getAttribute('aria-label')) ?? '').replace(/^Select: /, '');
  if (!(await checkbox.isChecked())) await checkbox.check();
  return name;
}

test('Escape closes the finance dialogs, as their Cancel buttons do', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, 'demo@demo.test', DEMO_PASSWORD);

  await page.goto('/exchange');
  for (const button of ['Send payment', 'Convert', 'Forward', 'Add funds']) {
    await escapeCloses(page, button, () =>
      page.getByRole('button', { name: button, exact: true }).click(),
    );
  }

  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending invoices' })).toBeVisible();
  for (const button of ['Add invoice', 'Import CFDI', 'Pay in batch']) {
    await escapeCloses(page, button, () =>
      page.getByRole('button', { name: button, exact: true }).click(),
    );
  }
  const invoice = await selectToPayInvoice(page);
  for (const button of ['Pay', 'Convert', 'Auto-convert']) {
    await escapeCloses(page, `${button} (${invoice})`, async () => {
      await selectToPayInvoice(page);
      await page.getByRole('button', { name: button, exact: true }).click();
    });
  }
  await escapeCloses(page, `Edit invoice ${invoice}`, () =>
    page.getByRole('button', { name: `Edit invoice: ${invoice}` }).click(),
  );
  await escapeCloses(page, `Delete invoice ${invoice} (confirmation)`, () =>
    page.getByRole('button', { name: `Delete item: ${invoice}` }).click(),
  );
  // Cancelled by Escape, nothing was deleted.
  await expect(page.getByRole('checkbox', { name: `Select: ${invoice}` })).toBeVisible();

  await page.goto('/suppliers');
  await escapeCloses(page, 'Add supplier', () =>
    page.getByRole('button', { name: 'Add supplier' }).first().click(),
  );

  await page.goto('/payments');
  await escapeCloses(page, 'Batch from CSV', () =>
    page.getByRole('button', { name: 'Batch from CSV' }).click(),
  );

  await page.goto('/profile/tab/6');
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible({ timeout: 60_000 });
  await escapeCloses(page, 'Add endpoint', () =>
    page.getByRole('button', { name: 'Add endpoint' }).first().click(),
  );
});

// The session-ended dialog, which must be answered, stays open on Escape (accounts.spec.ts).

for (const language of ['en', 'sp'] as const) {
  test(`the invoices table names the month and leaves empty cells empty at 1366 px (${language})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await logIn(page, 'demo@demo.test', DEMO_PASSWORD);
    await page.evaluate((stored) => window.localStorage.setItem('language', stored), language);
    await page.goto('/invoices');
    const table = page.getByTestId('invoices-table-scroller');
    const firstDate = table.locator('td[data-field="dPurchaseDate"]').first();
    await expect(firstDate).toBeVisible({ timeout: 60_000 });
    const month =
      language === 'en'
        ? /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}$/
        : /^\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\.? \d{4}$/;
    for (const field of ['dPurchaseDate', 'dDueDate']) {
      const texts = await table.locator(`td[data-field="${field}"]`).allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      // An overdue invoice's due date carries its badge after the date.
      for (const text of texts) expect(text.replace(/(Overdue|Vencida)$/, '')).toMatch(month);
    }
    // A date is whole in its cell, not cut with an ellipsis.
    const cut = await table
      .locator('td[data-field="dPurchaseDate"], td[data-field="dDueDate"]')
      .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).length);
    expect(cut).toBe(0);
    // The status chip is whole in its column: cut, its ellipsis showed as a stray dot at the
    // edge of the auto-convert cell beside it.
    const spilled = await table.locator('td[data-field="sStatusId"]').evaluateAll(
      (cells) =>
        cells.filter((cell) => {
          const chip = cell.firstElementChild?.getBoundingClientRect();
          const box = cell.getBoundingClientRect();
          return !chip || chip.right > box.right - 2 || cell.scrollWidth > cell.clientWidth;
        }).length,
    );
    expect(spilled).toBe(0);
    // An invoice without a rate order shows nothing in the auto-convert column.
    const autoConvert = await table.locator('td[data-field="rateOrder"]').allTextContents();
    for (const text of autoConvert) expect(text.trim()).not.toMatch(/^[.·•…]$/);
    expect(autoConvert.some((text) => text === '')).toBe(true);
    // The whole table, Actions included, fits beside the menu without scrolling sideways.
    const actions = page.getByRole('columnheader', { name: /^(Actions|Acciones)$/ });
    const box = (await actions.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
    expect(
      await table.evaluate((scroller) => scroller.scrollWidth <= scroller.clientWidth + 1),
    ).toBe(true);
    await shot(page, `invoices-dates-${language}-1366`);
  });
}
