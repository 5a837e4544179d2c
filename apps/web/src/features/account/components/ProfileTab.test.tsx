import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUserDetails } from '@portal/shared/auth/user-details';
import { FALLBACK_REGISTRATION_DROPDOWNS } from '@portal/shared/reference/registration-dropdowns';
import { SessionProvider } from '../../../lib/session';
import { storeParticipantToken } from '../../../test-session';
import { ProfileTab } from './ProfileTab';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
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
async function renderProfile(saved: () => Response | Promise<Response>) {
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
  return screen.findByRole('button', { name: i18n.t('account.save') });
}

/** Runs the timers already due (replies, re-renders) without moving the fake clock, until `text` shows. */
async function showsWithoutTimePassing(text: string) {
  for (let turn = 0; turn < 100; turn++) {
    const shown = screen.queryByText(text);
    if (shown) return shown;
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
  throw new Error(`"${text}" did not show while the clock stood still`);
}

describe.each(['en', 'sp'] as const)('Profile in %s', (language) => {
  it('shows the server’s refusal of the date of birth under the field', async () => {
    await i18n.changeLanguage(language);
    const save = await renderProfile(() =>
      json(400, {
        status: false,
        data: [{ errorField: 'birthDate', message: 'error.register.birthDate18yrsOrAbove' }],
      }),
    );
    await userEvent.click(save);
    const field = screen.getByRole('textbox', { name: i18n.t('registration.fields.birthDate') });
    expect(await screen.findByText(i18n.t('error.register.birthDate18yrsOrAbove'))).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(i18n.t('account.profile.failed'))).not.toBeInTheDocument();
  });

  it('says “Something went wrong!” on a failure without details, for two seconds', async () => {
    await i18n.changeLanguage(language);
    let reply!: (response: Response) => void;
    const save = await renderProfile(() => new Promise((resolve) => (reply = resolve)));
    await userEvent.click(save);
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ method: 'PUT' })),
    );
    // The clock stands still from the reply on: the message's two seconds start at a known instant.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    reply(json(500, { status: false }));
    const failed = i18n.t('account.profile.failed');
    expect(await showsWithoutTimePassing(failed)).toBeVisible();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText(failed)).toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(failed)).not.toBeInTheDocument();
  });
});
