import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { journeyChromium } from '../scripts/journey-chromium.mjs';

import { ADMIN } from './accounts';
import { OUTPUT_DIR } from './output-dir';
import { mailApiUrl, PORTAL_PORT as port, SMTP_PORT as smtpPort } from './ports';

const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '..');

/** Journeys in the system Chromium (no browser download) against the real portal, started like a user would. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two workers, the portal and Chromium share two cores; an axe pass over a long page alone can take several
  // seconds there, so a journey with a few of them needs room beyond the default.
  timeout: 60_000,
  // A page's first screen appears here in under half a second, but on a shared machine running three to four
  // times slower than usual one once took over 10 s behind a journey that starts two more portals: each check
  // waits up to 20 s (a passing check returns as soon as it holds, so this costs nothing when all is well).
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  outputDir: OUTPUT_DIR,
  // Once the portal has started: the administrator's passkey, which the workers sign them in with.
  globalSetup: './global-setup.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: journeyChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // Debian's full-browser wrapper adds --enable-gpu-rasterization, which without a GPU rasterizes in
        // software through the GPU process, several times slower on a small machine.
        '--disable-gpu-rasterization',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: ['**/downtime*.spec.ts', '**/study-settings-*.spec.ts'],
    },
    // Editors of study-wide settings (security policy, survey period, reminders) change what every other
    // journey relies on, so they run after those, and restore what they changed.
    {
      name: 'study-settings',
      use: { browserName: 'chromium' },
      testMatch: '**/study-settings-*.spec.ts',
      dependencies: ['chromium'],
    },
    // Downtime closes the portal to participants, so those journeys run alone, after all the others, one
    // file at a time (the banner editor's window and the sign-out window are the same setting).
    {
      name: 'downtime',
      use: { browserName: 'chromium' },
      testMatch: '**/downtime*.spec.ts',
      dependencies: ['study-settings'],
      workers: 1,
    },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/mail-catcher.ts',
      cwd: repoRoot,
      url: `${mailApiUrl}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Participants who registered yesterday and never activated their accounts go in first, for the
      // activation-reminder journey (e2e/backdated-registrations.ts); then the portal starts as a user starts it.
      command: 'node --import tsx e2e/backdated-registrations.ts && npm start',
      cwd: repoRoot,
      url: `${baseURL}/common-server/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'portal-e2e-data'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // The first administrator's authenticator app, seeded at the first start (the journeys' data is fresh).
        ADMIN_TOTP_SECRET: ADMIN.appSecret,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '50',
        PUBLIC_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // Reminder days are calendar days in UTC, and reminders go out at any hour, so journeys may run whenever.
        STUDY_TIME_ZONE: 'UTC',
        REMINDER_SEND_HOURS: '0-24',
        // A manual withdrawal request waits 20 s before it is carried out: long enough to delete one, short
        // enough to watch another carried out.
        WITHDRAWAL_REQUEST_HOLD_S: '20',
        // The scheduled jobs (reminders, deliveries, withdrawals at the end of their hold, one-time invitations)
        // run every 5 s as well as at each minute, so a journey waits seconds for their effects, not minutes.
        SCHEDULER_INTERVAL_S: '5',
      },
    },
  ],
});
