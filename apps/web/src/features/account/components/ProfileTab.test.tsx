import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TUserDetails } from '@portal/shared/auth/user-details';
import { SUCCESS_MESSAGE_DISPLAY_MS } from '@portal/shared/constants';
import { FALLBACK_REGISTRATION_DROPDOWNS } from '@portal/shared/reference/registration-dropdowns';
import { SessionProvider } from '../../../lib/session';
import { initI18n } from '../../../lib/i18n';
import { storeParticipantToken } from '../../../test-session';
import { ProfileTab } from './ProfileTab';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  await i18next.changeLanguage('en');
});

const USER: TUserDetails = {
  id: 'participant-1',
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.org',
  language: 'en',
  birthDate: '05/17/1958',
  gender: 'female',
  profilePicture: null,
  phoneNumber: null,
  zipCode: '60601',
  isPatient: true,
  isPractitioner: false,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** The profile of a signed-in participant; `saved` answers the PUT. */
async function renderProfile(saved: () => Response) {
  storeParticipantToken();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return saved();
      if (url.endsWith('/keycloak/user')) return json(200, { status: true, data: USER });
      if (url.includes('/registration-dropdowns'))
        return json(200, { status: true, data: FALLBACK_REGISTRATION_DROPDOWNS });
      return json(404, { status: false });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter>
          <ProfileTab />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return screen.findByRole('button', { name: i18next.t('account.save') });
}

describe.each(['en', 'sp'] as const)('Profile in %s', (language) => {
  it('shows the server’s refusal of the date of birth under the field', async () => {
    await i18next.changeLanguage(language);
    const save = await renderProfile(() =>
      json(400, {
        status: false,
        data: [{ errorField: 'birthDate', message: 'error.register.birthDate18yrsOrAbove' }],
      }),
    );
    await userEvent.click(save);
    const field = screen.getByRole('textbox', { name: i18next.t('registration.fields.birthDate') });
    expect(await screen.findByText(i18next.t('error.register.birthDate18yrsOrAbove'))).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(i18next.t('account.profile.failed'))).not.toBeInTheDocument();
  });

  it('says “Something went wrong!” on a failure without details, for two seconds', async () => {
    await i18next.changeLanguage(language);
    const save = await renderProfile(() => json(500, { status: false }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(save);
    const failure = await screen.findByText(i18next.t('account.profile.failed'));
    expect(failure).toBeVisible();
    await act(async () => {
      vi.advanceTimersByTime(SUCCESS_MESSAGE_DISPLAY_MS - 200);
    });
    expect(screen.getByText(i18next.t('account.profile.failed'))).toBeVisible();
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByText(i18next.t('account.profile.failed'))).not.toBeInTheDocument();
  });
});
