import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import type { Language } from '@portal/shared/constants';
import en from '@portal/shared/i18n/en.json';
import sp from '@portal/shared/i18n/sp.json';
import { PortalRoutes } from '../app/router';
import { i18n } from '../lib/i18n';
import { createQueryClient, Portal } from '../app/Portal';
import { hoistStyles } from './hoist-styles';

/** The app's texts for the pre-render: both catalogs at hand, as the browser loads one of them. */
function addTexts() {
  if (i18n.hasTexts('en') && i18n.hasTexts('sp')) return;
  i18n.addTexts('en', en);
  i18n.addTexts('sp', sp);
}

/**
 * The HTML the app renders for `path` in `language` on a first visit, every lazily loaded page included
 * (the pre-render waits for them): the page's `body` and the `styles` for the head.
 */
export async function renderPage(path: string, language: Language): Promise<{ styles: string; body: string }> {
  addTexts();
  i18n.setLanguage(language);
  const portal = (
    <Portal queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <PortalRoutes />
      </MemoryRouter>
    </Portal>
  );
  // Every part in place, however large: React would otherwise send a big part as a spinner and an inline script
  // that swaps it in, which the portal's Content-Security-Policy refuses to run. A part that fails would be sent
  // empty, for the browser to render: the build fails instead.
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(portal, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error: unknown) => void failures.push(error),
  });
  if (failures.length > 0) throw new Error(`the pre-render of ${path} failed`, { cause: failures[0] });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  if (html.includes('<script')) throw new Error(`the pre-rendered ${path} contains a script`);
  return hoistStyles(html);
}
