import { existsSync } from 'node:fs';

/** The system Chromium the end-to-end tests drive (Playwright cannot download browsers here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable() {
  return existsSync(CHROMIUM_PATH);
}
