import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { describe, expect, it, vi } from 'vitest';
import { blobText, okReply, renderWithQueries, stubBlobFiles, stubPortal, type PortalCall } from '../../../test-portal';
import { MyInformedConsent } from './MyInformedConsent';

const V2 = {
  id: '2b7c1f0e-0000-4000-8000-000000000002',
  version: 2,
  consentSignBy: 'Ana Núñez',
  signedDate: '03/10/2026',
  latest: true,
};
const V1 = {
  id: '2b7c1f0e-0000-4000-8000-000000000001',
  version: 1,
  consentSignBy: 'Ana Núñez',
  signedDate: '03/02/2026',
  latest: false,
};

const pdf = (text: string) => new Response(`%PDF-1.7 ${text}`, { headers: { 'content-type': 'application/pdf' } });

/** A portal with these signed versions whose copies answer as `copy` says. */
function portal(versions: unknown[], copy: (signatureId: string) => Response | Promise<Response>): PortalCall[] {
  return stubPortal((call) =>
    call.path === '/consent/signatures' ? okReply(versions) : copy(call.query.get('signatureId') ?? ''),
  );
}

describe.each([
  {
    language: 'en',
    headers: ['Version', 'Signed by', 'Signed on', 'Actions'],
    download: (version: number) => `Download the signed consent form, version ${version}`,
    view: (version: number) => `View the signed consent form, version ${version} (opens in a new tab)`,
    none: 'No Consent Form Signed',
    downloading: 'Downloading your signed consent form…',
    failed: 'We could not download your signed consent form. Please try again later.',
  },
  {
    language: 'sp',
    headers: ['Versión', 'Firmado por', 'Firmado el', 'Acciones'],
    download: (version: number) => `Descargar el formulario de consentimiento firmado, versión ${version}`,
    view: (version: number) =>
      `Ver el formulario de consentimiento firmado, versión ${version} (se abre en una pestaña nueva)`,
    none: 'No ha firmado ningún formulario de consentimiento',
    downloading: 'Descargando su formulario de consentimiento firmado…',
    failed: 'No pudimos descargar su formulario de consentimiento firmado. Inténtelo más tarde.',
  },
] as const)('My Informed Consent in $language', (texts) => {
  it('lists every signed version newest first, and views and downloads each one’s own copy', async () => {
    await i18n.changeLanguage(texts.language);
    const calls = portal([V2, V1], (id) => pdf(id));
    const open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
    const files = stubBlobFiles('blob:copy');
    renderWithQueries(<MyInformedConsent />);

    const download1 = await screen.findByRole('button', { name: texts.download(1) });
    await vi.waitFor(() => expect(download1).toBeEnabled());
    const rows = screen.getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(texts.headers);
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2', 'Ana Núñez', '03/10/2026'],
      ['1', 'Ana Núñez', '03/02/2026'],
    ]);
    expect(calls.filter((c) => c.path === '/consent/download-stream').map((c) => c.query.get('signatureId'))).toEqual([
      V2.id,
      V1.id,
    ]);

    await userEvent.click(download1);
    expect(files.saved).toEqual(['signed-informed-consent.pdf']);
    expect(await blobText(files.blobs[0]!)).toBe(`%PDF-1.7 ${V1.id}`);

    await userEvent.click(screen.getByRole('button', { name: texts.view(2) }));
    expect(open).toHaveBeenCalledWith('blob:copy', '_blank');
    expect(await blobText(files.blobs[1]!)).toBe(`%PDF-1.7 ${V2.id}`);
    files.restore();
  });

  it('shows the loading indicator while a copy downloads, and disables the row whose copy failed', async () => {
    await i18n.changeLanguage(texts.language);
    let finish: (reply: Response) => void = () => {};
    portal([V2, V1], (id) =>
      id === V2.id ? new Promise<Response>((resolve) => (finish = resolve)) : new Response('{}', { status: 500 }),
    );
    renderWithQueries(<MyInformedConsent />);

    expect(await screen.findByText(texts.downloading)).toBeVisible();
    expect(screen.getByRole('button', { name: texts.download(2) })).toBeDisabled();
    finish(pdf('v2'));
    expect(await screen.findByText(texts.failed)).toBeVisible();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: texts.download(2) })).toBeEnabled());
    expect(screen.getByRole('button', { name: texts.view(1) })).toBeDisabled();
    expect(screen.getByRole('button', { name: texts.download(1) })).toBeDisabled();
    expect(screen.queryByText(texts.downloading)).toBeNull();
  });

  it('says No Consent Form Signed before any signing', async () => {
    await i18n.changeLanguage(texts.language);
    const calls = portal([], () => pdf('never'));
    renderWithQueries(<MyInformedConsent />);
    expect(await screen.findByText(texts.none)).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/consent/signatures']);
  });
});
