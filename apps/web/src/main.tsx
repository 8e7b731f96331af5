import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { getLanguage, loadLanguage } from './lib/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = container;

// A transition: React renders the first screen in slices of a few milliseconds, so the page
// answers input while it starts instead of blocking for the whole first render.
function render() {
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// The stored language's shell texts come before the first render (Spanish is its own chunk):
// no English flash. Should they fail to load, the app starts in English.
loadLanguage(getLanguage()).then(render, render);
