import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A transition lets React render the first screen in slices that yield to the browser (input, paint)
// instead of one long task; the static header in index.html stays until the app's replaces it.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
