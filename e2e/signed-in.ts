import { test as base } from './fixtures';
import { ADMIN, apiLogin, createPatient, useSignedIn } from './accounts';
import type { Role } from './fixtures';

interface SignedInFixtures {
  /** Starts the test's page in a real session of a participant or the administrator. */
  signIn(role: Role): Promise<{ email: string }>;
}

/**
 * Journeys that need a signed-in user. Each worker registers one participant of its own (English), so
 * parallel workers never share an account, its login codes or its lockout counter.
 */
export const test = base.extend<SignedInFixtures, { workerPatient: { email: string; password: string } }>({
  // Playwright reads which fixtures a fixture needs from its first parameter, so it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  workerPatient: [async ({}, use) => use(await createPatient('en', 'worker')), { scope: 'worker', timeout: 60_000 }],
  signIn: async ({ page, workerPatient }, use) => {
    await use(async (role) => {
      const account = role === 'admin' ? ADMIN : workerPatient;
      await useSignedIn(page, await apiLogin(account.email, account.password));
      return { email: account.email };
    });
  },
});
export { expect } from './fixtures';
