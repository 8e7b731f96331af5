import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical axe violation on the page as it is now, or inside `include` only.
 * The toasts are left out: notistack's shared success colour is the app shell's, reported
 * apart.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  context = 'axe',
  include?: string,
): Promise<void> {
  const builder = new AxeBuilder({ page })
    .exclude('.notistack-SnackbarContainer')
    .exclude('.notistack-CollapseWrapper');
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
    );
  expect(serious, context).toEqual([]);
}
