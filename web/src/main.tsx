import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from './config.ts';
import { configureAmplify } from './auth/amplify.ts';
import { Providers } from './Providers.tsx';
import { App } from './App.tsx';
import { ErrorBoundary } from './features/shell/ErrorBoundary.tsx';

const root = createRoot(document.getElementById('root')!);

loadConfig()
  .then((config) => {
    configureAmplify(config);
    root.render(
      <StrictMode>
        <Providers>
          <ErrorBoundary>
            <App />
          </ErrorBoundary>
        </Providers>
      </StrictMode>,
    );
  })
  .catch((err: Error) => {
    // Without configuration nothing works; say so plainly instead of a blank page.
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.style.cssText = 'font-family: system-ui; padding: 2rem';
    p.textContent = `The application could not start: ${err.message}`;
    document.getElementById('root')!.replaceChildren(p);
  });
