import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PortalRoutes } from '../app/router';
import { createQueryClient, Portal } from '../app/Portal';
import { initI18n } from '../lib/i18n';
import { htmlLang, readLanguageCookie } from '../lib/language';
import { hasStoredLoginData } from '../lib/auth-storage';

/**
 * A pre-rendered page shows what a first visit sees in its language: no session, nothing in session storage.
 * The app takes that HTML over (hydrates) only when this visit is such a one; otherwise it renders afresh.
 */
function matchesPrerender(root: HTMLElement, language: ReturnType<typeof readLanguageCookie>) {
  return root.dataset.prerendered === htmlLang(language) && !hasStoredLoginData() && window.sessionStorage.length === 0;
}

/** Starts the portal: its texts, then the app, which takes over a pre-rendered page or renders its own. */
export async function startPortal() {
  const language = readLanguageCookie();
  await initI18n(language);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const portal = (
    <Portal queryClient={createQueryClient()}>
      <BrowserRouter>
        <PortalRoutes />
      </BrowserRouter>
    </Portal>
  );
  // As a transition, taking over the page yields to the browser every few milliseconds instead of holding
  // it for the whole page: a tap or a key press is answered meanwhile.
  if (matchesPrerender(root, language)) startTransition(() => void hydrateRoot(root, portal));
  else createRoot(root).render(portal);
}
