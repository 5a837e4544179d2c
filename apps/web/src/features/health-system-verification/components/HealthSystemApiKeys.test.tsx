import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@portal/shared/staff/roles';
import { i18n } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';
import { storeStaffToken } from '../../../test-session';
import { HealthSystemApiKeys } from './HealthSystemApiKeys';

const ACTIVE = {
  id: '11111111-1111-4111-8111-111111111111',
  healthSystem: 'geisinger',
  healthSystemName: 'Geisinger',
  label: 'Records team',
  keyPrefix: 'hsk_AbCdEfGh',
  createdAt: '2026-07-01T15:00:00.000Z',
  createdBy: 'admin@example.org',
  lastUsedAt: null,
  revokedAt: null,
};
const REVOKED = {
  ...ACTIVE,
  id: '22222222-2222-4222-8222-222222222222',
  label: 'Old import',
  keyPrefix: 'hsk_ZyXwVuTs',
  createdAt: '2026-06-02T15:00:00.000Z',
  lastUsedAt: '2026-06-20T15:00:00.000Z',
  revokedAt: '2026-06-30T15:00:00.000Z',
};
const KEY = 'hsk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const ok = (data: unknown) => json(200, { status: true, data });
function renderKeys(role: StaffRole = 'studyAdmin') {
  storeStaffToken(role);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <HealthSystemApiKeys />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** A stubbed portal: the key list, the health systems, and `answer` for an issue or a revoke. */
function stubServer(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (call.method === 'GET' && url.includes('/health-system-api-keys')) {
        return ok({ content: [ACTIVE, REVOKED], totalElements: 2, page: 0, size: 5 });
      }
      if (url.endsWith('/health-system-verification/health-systems')) {
        return ok([
          { value: 'geisinger', name: 'Geisinger' },
          { value: 'riverside', name: 'Riverside Kidney Care' },
        ]);
      }
      return answer(call);
    }),
  );
  return calls;
}

const press = (key: string, scope: Pick<typeof screen, 'getByRole'> = screen) =>
  userEvent.click(scope.getByRole('button', { name: i18n.t(key) }));

describe.each(['en', 'sp'] as const)('Health system API keys in %s', (language) => {
  it('lists the keys: who for, their first characters, issued when and by whom, last use and status', async () => {
    await i18n.changeLanguage(language);
    const calls = stubServer(() => json(500, {}));
    renderKeys();
    expect(screen.getByRole('heading', { name: i18n.t('verification.keys.title') })).toBeVisible();
    const rows = await screen.findAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[1]!)).toEqual([
      'Geisinger',
      'Records team',
      'hsk_AbCdEfGh…',
      language === 'en' ? '07/01/2026 by admin@example.org' : '07/01/2026 por admin@example.org',
      language === 'en' ? 'Never' : 'Nunca',
      language === 'en' ? 'Active' : 'Activa',
      language === 'en' ? 'Revoke' : 'Revocar',
    ]);
    expect(cells(rows[2]!).slice(0, 3)).toEqual(['Geisinger', 'Old import', 'hsk_ZyXwVuTs…']);
    expect(cells(rows[2]!)[4]).toMatch(/^06\/(20|21)\/2026 \d\d:\d\d [AP]M$/);
    expect(cells(rows[2]!).slice(5)).toEqual([language === 'en' ? 'Revoked' : 'Revocada', '']);
    expect(calls[0]!.url).toBe('/common-server/health-system-api-keys?page=0&size=5');
  });

  it('shows an auditor the keys with neither Issue API key nor Revoke', async () => {
    await i18n.changeLanguage(language);
    stubServer(() => json(500, {}));
    renderKeys('auditor');
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('Records team')).toBeVisible();
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: i18n.t('verification.keys.issue') })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(i18n.t('verification.keys.revoke')) })).toBeNull();
  });

  it('issues a key after checking the fields, then shows it once with a Copy button', async () => {
    await i18n.changeLanguage(language);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = stubServer(() => ok({ ...ACTIVE, key: KEY }));
    renderKeys();
    await press('verification.keys.issue');
    const dialog = await screen.findByRole('dialog', { name: i18n.t('verification.keys.issue') });
    await press('verification.keys.issueSubmit', within(dialog));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([
      language === 'en' ? 'Please select a health system' : 'Seleccione un sistema de salud',
      language === 'en' ? 'Please enter a label' : 'Ingrese una etiqueta',
    ]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const select = within(dialog).getByRole('combobox', {
      name: new RegExp(i18n.t('verification.keys.healthSystem')),
    });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, 'geisinger');
    const label = within(dialog).getByRole('textbox', { name: new RegExp(i18n.t('verification.keys.label')) });
    expect(label).toHaveAccessibleDescription(
      `${i18n.t('verification.keys.labelRequired')} ${i18n.t('verification.keys.labelHelp')}`,
    );
    await userEvent.type(label, 'Records team');
    await press('verification.keys.issueSubmit', within(dialog));

    const shown = await within(dialog).findByRole('textbox', { name: i18n.t('verification.keys.newKeyLabel') });
    expect(shown).toHaveValue(KEY);
    expect(dialog).toHaveTextContent(i18n.t('verification.keys.newKeyIntro'));
    expect(
      screen.getByRole('heading', { name: i18n.t('verification.keys.newKeyTitle', { healthSystem: 'Geisinger' }) }),
    ).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/common-server/health-system-api-keys',
      body: { healthSystem: 'geisinger', label: 'Records team' },
    });
    await press('verification.keys.copy', within(dialog));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(within(dialog).getByRole('status')).toHaveTextContent(i18n.t('verification.keys.copied'));
    await press('verification.keys.done', within(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal of the health system under its field', async () => {
    await i18n.changeLanguage(language);
    const message = language === 'en' ? 'This health system does not exist' : 'Este sistema de salud no existe';
    stubServer(() => json(400, { status: false, message, data: [{ errorField: 'healthSystem', message }] }));
    renderKeys();
    await press('verification.keys.issue');
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByRole('combobox', {
      name: new RegExp(i18n.t('verification.keys.healthSystem')),
    });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, 'riverside');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: new RegExp(i18n.t('verification.keys.label')) }),
      'Team',
    );
    await press('verification.keys.issueSubmit', within(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(select).toHaveAccessibleDescription(message);
  });

  it('revokes an active key after a confirmation and says so', async () => {
    await i18n.changeLanguage(language);
    const message = language === 'en' ? 'API key revoked. It no longer opens the API.' : 'Clave de API revocada.';
    const calls = stubServer(() => json(200, { status: true, message }));
    renderKeys();
    const revoke = await screen.findByRole('button', {
      name: i18n.t('verification.keys.revokeLabel', { label: 'Records team', healthSystem: 'Geisinger' }),
    });
    await userEvent.click(revoke);
    const dialog = screen.getByRole('dialog', { name: i18n.t('verification.keys.revokeTitle') });
    expect(dialog).toHaveTextContent(
      i18n.t('verification.keys.revokeBody', {
        healthSystem: 'Geisinger',
        prefix: 'hsk_AbCdEfGh',
        label: 'Records team',
      }),
    );
    await press('verification.keys.revokeConfirm', within(dialog));
    expect(await screen.findByText(message)).toBeVisible();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/common-server/health-system-api-keys/${ACTIVE.id}`);
  });
});
