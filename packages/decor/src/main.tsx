import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { initI18n } from '@/lib/i18n';
import { receiveSession } from '@/lib/decorSync';
import { decorRouteOf } from './route';
import { PublicPage } from './PublicPage';
import { Editor } from './Editor';

// Spec §4: a window the console opened gets its session by message; start listening before anything else.
const route = decorRouteOf(window.location.pathname);
const session = route.kind === 'edit' ? receiveSession() : undefined;

await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>{route.kind === 'public' ? <PublicPage pageId={route.pageId} /> : <Editor pageId={route.kind === 'edit' ? route.pageId : undefined} session={session} />}</AppProviders>
  </StrictMode>,
);
