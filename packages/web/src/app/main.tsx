import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n } from '@/lib/i18n';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import './styles.css';

// Texts come first: every screen, the login page included, is drawn in the chosen language.
await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      {/* Every navigation commits at once, so each page opened gets its tab even when the
          operator clicks on before the previous page's code has arrived. */}
      <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')} useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
