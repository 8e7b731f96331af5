// What the benches measure in the page: `armResponsivenessProbe` runs inside it
// (page.evaluate: no imports, no closures); `timeDownload` drives it from Node.
/* global window, requestAnimationFrame */

/** Watches the main thread during the export: longest long task and longest frame gap. */
export function armResponsivenessProbe() {
  const probe = { start: performance.now(), longestTask: 0, longestFrameGap: 0, running: true };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime >= probe.start)
        probe.longestTask = Math.max(probe.longestTask, entry.duration);
    }
  });
  observer.observe({ type: 'longtask' });
  let last = performance.now();
  const frame = (now) => {
    probe.longestFrameGap = Math.max(probe.longestFrameGap, now - last);
    last = now;
    if (probe.running) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__responsiveness = {
    stop: () =>
      new Promise((resolve) => {
        // Long-task entries arrive in a later task: give them a moment.
        setTimeout(() => {
          probe.running = false;
          observer.disconnect();
          resolve({ longestTask: probe.longestTask, longestFrameGap: probe.longestFrameGap });
        }, 100);
      }),
  };
}

/**
 * Clicks `button` once it is enabled (it is disabled while an export runs) and times it to
 * the download, watching the page's main thread meanwhile.
 */
export async function timeDownload(page, button, timeout) {
  while (!(await button.isEnabled())) await page.waitForTimeout(50);
  await page.evaluate(armResponsivenessProbe);
  const started = performance.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout }),
    button.click(),
  ]);
  const elapsed = performance.now() - started;
  const responsiveness = await page.evaluate(() => window.__responsiveness.stop());
  return { download, elapsed, ...responsiveness };
}
