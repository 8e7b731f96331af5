/**
 * Runs `callback` when the page has settled: after the load event, `delayMs` more (the first
 * page's own data and code come first), then once the browser is idle. Answers a cancel.
 * For code that is not needed for the first page but should be there before it is needed.
 */
export function whenIdle(callback: () => void, delayMs = 4000): () => void {
  let cancelled = false;
  let cancelStep = () => {};
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: 2000 });
      cancelStep = () => window.cancelIdleCallback(handle);
    } else {
      callback();
    }
  };
  const afterLoad = () => {
    if (cancelled) return;
    const timer = window.setTimeout(idle, delayMs);
    cancelStep = () => window.clearTimeout(timer);
  };
  if (document.readyState === 'complete') afterLoad();
  else {
    window.addEventListener('load', afterLoad, { once: true });
    cancelStep = () => window.removeEventListener('load', afterLoad);
  }
  return () => {
    cancelled = true;
    cancelStep();
  };
}
