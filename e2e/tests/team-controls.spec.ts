import { expect, test, type Page } from '@playwright/test';
import { logIn } from './helpers';

/**
 * Team controls on the demo company: the preparer's payment waits for an
 * approval; the approver sees a fresh rate in the review dialog, approves, and the money moves.
 */
const PASSWORD = 'Demo1234!';

test("a preparer's payment waits; the approver approves it at a fresh rate and it is paid", async ({
  browser,
}) => {
  // Three people sign in, one after another, on a machine shared with other runs.
  test.slow();
  const preparerPage = await (await browser.newContext()).newPage();
  await logIn(preparerPage, 'preparer@demo.test', PASSWORD);
  await expect(preparerPage.getByTestId('team-role')).toHaveText('Preparer');

  // The preparer sends a payment through the usual three steps.
  await preparerPage.getByRole('button', { name: 'Send payment' }).click();
  const dialog = preparerPage.getByRole('dialog', { name: 'Send payment' });
  await expect(dialog).toBeVisible();
  const next = dialog.getByRole('button', { name: 'Continue' });
  await dialog.getByRole('combobox', { name: 'Recipient' }).click();
  await preparerPage.getByRole('option').first().click();
  await next.click();
  await dialog.getByTestId('amount-usd').fill('321.45');
  await next.click();
  await dialog.getByRole('textbox', { name: 'Payment concept' }).fill('E2E approval payment');
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(preparerPage.getByText(/^Sent for approval/)).toBeVisible();

  const token = await preparerPage.evaluate(
    () => (JSON.parse(localStorage.getItem('session') ?? '{}') as { token: string }).token,
  );
  const api = preparerPage.request;
  const listed = (await (
    await api.get('/api/v1/en/approvals?status=PENDING', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { approvals: Array<{ sApprovalId: string; dAmountUsd: number }> };
  const mine = listed.approvals.find((approval) => approval.dAmountUsd === 321.45);
  expect(mine).toBeTruthy();
  const paymentsBefore = (await (
    await api.get('/api/v1/en/payments/', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { payments: unknown[] };

  // The approver finds it on the dashboard counter and opens it.
  const approverPage = await (await browser.newContext()).newPage();
  await logIn(approverPage, 'approver@demo.test', PASSWORD);
  await expect(approverPage.getByTestId('team-role')).toHaveText('Approver');
  const pending = approverPage.getByTestId('pending-approvals');
  await expect(pending).toBeVisible();
  await pending.locator(`a[href="/approvals/${mine!.sApprovalId}"]`).click();
  const detail = approverPage.getByTestId('approval-detail');
  await expect(detail).toContainText('Send USD to a supplier now');
  await expect(detail).toContainText('321.45');

  // The review dialog shows the fresh quote; confirming moves the money.
  await detail.getByRole('button', { name: 'Approve' }).click();
  const review = approverPage.getByRole('dialog', { name: 'Approve and move the money' });
  await expect(review.getByTestId('fresh-rate')).toHaveText(/^\d+\.\d{4}$/);
  const freshRate = Number(await review.getByTestId('fresh-rate').textContent());
  await review.getByRole('button', { name: 'Confirm and approve' }).click();
  await expect(review).toBeHidden();
  await expect(detail).toContainText('Done');
  await expect(detail).toContainText('Ana Aguilar');

  const paymentsAfter = (await (
    await api.get('/api/v1/en/payments/', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { payments: Array<{ dAmountUsd: number; dExchangeRate: number; sConcept: string }> };
  expect(paymentsAfter.payments).toHaveLength(paymentsBefore.payments.length + 1);
  const paid = paymentsAfter.payments.find(
    (payment) => payment.sConcept === 'E2E approval payment',
  );
  expect(paid).toMatchObject({ dAmountUsd: 321.45 });
  expect(paid!.dExchangeRate).toBeCloseTo(freshRate, 4);

  // The audit log (an ADMIN's screen) shows both people on that approval: the preparer who
  // asked (their held payment) and the approver who approved it.
  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, 'demo@demo.test', PASSWORD);
  await adminPage.goto('/audit-log');
  const rows = adminPage
    .getByTestId('audit-row')
    .filter({ hasText: `approvals/${mine!.sApprovalId}` });
  await expect(
    rows.filter({ hasText: 'Pablo Prieto' }).filter({ hasText: 'Immediate payment sent' }),
  ).toHaveCount(1);
  await expect(
    rows.filter({ hasText: 'Ana Aguilar' }).filter({ hasText: 'Request approved' }),
  ).toHaveCount(1);
});

/** A disabled write action says why: on hover, and on keyboard focus of its wrapper. */
async function expectDisabledWithReason(page: Page, name: string, reason: string) {
  const button = page.getByRole('button', { name, exact: true });
  await expect(button).toBeDisabled();
  const wrapper = page.locator('[data-disabled-reason]').filter({ has: button });
  await wrapper.hover();
  await expect(page.getByRole('tooltip')).toHaveText(reason);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
  // By keyboard: Tab onto the wrapper (a disabled button cannot take focus).
  await wrapper.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(wrapper).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText(reason);
  await expect(wrapper).toHaveAccessibleDescription(reason);
  await wrapper.blur();
}

test('a viewer sees the screens read-only, each write action disabled with the reason', async ({
  page,
}) => {
  test.slow();
  const reason = 'Viewers cannot make changes';
  await logIn(page, 'viewer@demo.test', PASSWORD);
  await expect(page.getByTestId('team-role')).toHaveText('Viewer');
  await expect(page.getByTestId('read-only-banner')).toBeVisible();
  await expectDisabledWithReason(page, 'Send payment', reason);

  await page.goto('/invoices');
  await expect(page.getByTestId('read-only-banner')).toBeVisible();
  for (const name of ['Add invoice', 'Import CFDI', 'Pay in batch']) {
    await expectDisabledWithReason(page, name, reason);
  }

  await page.goto('/suppliers');
  await expectDisabledWithReason(page, 'Add supplier', reason);

  // The marketplace account screens open for every member; a viewer's reason is their role.
  await page.goto('/profile/tab/2');
  await expectDisabledWithReason(page, 'Invite user', reason);
});

test('a preparer cannot place rate orders or manage members: disabled with the reason', async ({
  page,
}) => {
  await logIn(page, 'preparer@demo.test', PASSWORD);
  await page.goto('/invoices');
  // A preparer writes invoices, but a rate order converts later with no second look.
  await expect(page.getByRole('button', { name: 'Add invoice', exact: true })).toBeEnabled();
  await expectDisabledWithReason(
    page,
    'Auto-convert',
    'Only an administrator or an approver can do this',
  );
  await page.goto('/profile/tab/2');
  await expectDisabledWithReason(page, 'Invite user', 'Only an administrator can change this');
});
