import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * Screenshots are for people looking at the screens, not checks. They are taken only when
 * `E2E_SHOTS_DIR` names a folder (`E2E_SHOTS_DIR=/tmp/shots npm run e2e`), so that CI spends
 * no time on files nobody opens.
 */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });

/** A screenshot (full page unless told), and with `mobile` one more at 390 px. */
export async function shot(
  page: Page,
  name: string,
  options: { mobile?: boolean; fullPage?: boolean } = {},
): Promise<void> {
  if (!SHOTS_DIR) return;
  const fullPage = options.fullPage ?? true;
  // Let dialogs and menus finish their entrance transitions.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage });
  if (options.mobile) {
    const size = page.viewportSize() ?? { width: 1280, height: 720 };
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-390.png`, fullPage });
    await page.setViewportSize(size);
  }
}
