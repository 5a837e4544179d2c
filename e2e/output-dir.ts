import os from 'node:os';
import path from 'node:path';
import { PORTAL_PORT } from './ports';

/**
 * The journeys' output folder: one per portal port, so runs on other ports (E2E_PORT) do not clear each other's
 * traces. Playwright empties it before the global set-up runs, which then leaves the administrator's passkey there.
 */
export const OUTPUT_DIR = path.join(
  os.tmpdir(),
  PORTAL_PORT === 18420 ? 'portal-e2e-results' : `portal-e2e-results-${PORTAL_PORT}`,
);

/** The administrator's passkey, written by global-setup.ts, read by every worker's sign-ins (accounts.ts). */
export const ADMIN_PASSKEY_FILE = path.join(OUTPUT_DIR, 'admin-passkey.json');
