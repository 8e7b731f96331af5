// Functions the benches run inside the page (page.evaluate): no imports, no closures.
/* global window, requestAnimationFrame */

export /** Watches the main thread during the export: longest long task and longest frame gap. */
function armResponsivenessProbe() {
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
