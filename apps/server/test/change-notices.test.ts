import { describe, expect, it } from 'vitest';
import { localChangeNotices, postgresChangeNotices } from '../src/db/change-notices';
import { importPayloadKey, sealPayload } from '@portal/shared/crypto/payload-envelope';
import { LOGIN_ATTEMPT_COOKIE } from '@portal/shared/auth/login';
import { createPostgresDatabase, TEST_ADMIN_APP_SECRET, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './helpers';
import { appCodeAt } from './second-factor-helpers';
import { withPgClient } from './postgres-databases';
import { twoServerProcesses } from './server-processes';

const serverUrl = process.env.TEST_DATABASE_URL;
const HOUR_MS = 3_600_000;

/** A listener that counts its runs. */
function counter() {
  const runs = { count: 0 };
  return { runs, listener: () => (runs.count += 1) };
}

describe('Change notices', () => {
  it('run the listeners of the announced topic only, in the one process of an embedded database', async () => {
    const notices = localChangeNotices();
    const settings = counter();
    const systems = counter();
    notices.on('settings', settings.listener);
    notices.on('health-systems', systems.listener);
    await notices.announce('settings');
    expect([settings.runs.count, systems.runs.count]).toEqual([1, 0]);
  });

  it.skipIf(!serverUrl)(
    'reach every process on one PostgreSQL, and after a lost connection each listener runs once',
    { timeout: 30_000 },
    async () => {
      const database = await createPostgresDatabase(serverUrl!);
      const notify = (channel: string, topic: string) =>
        withPgClient(database.url, (client) => client.query('select pg_notify($1, $2)', [channel, topic]));
      const first = await postgresChangeNotices(database.url, notify);
      const second = await postgresChangeNotices(database.url, notify);
      try {
        const heard = counter();
        const other = counter();
        second.on('settings', heard.listener);
        second.on('health-systems', other.listener);
        await first.announce('settings');
        await expect.poll(() => heard.runs.count).toBe(1);
        expect(other.runs.count).toBe(0);

        // The listening connections are ended from the server side: each comes back and runs every listener.
        await withPgClient(database.url, (client) =>
          client.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and query = 'listen portal_changes'`,
          ),
        );
        await expect.poll(() => [heard.runs.count, other.runs.count], { timeout: 10_000 }).toEqual([2, 1]);
        await first.announce('health-systems');
        await expect.poll(() => other.runs.count, { timeout: 10_000 }).toBe(2);
      } finally {
        await first.close();
        await second.close();
        await database.drop();
      }
    },
  );

  it.skipIf(!serverUrl)(
    'make a downtime window saved on one server process show at once on another',
    { timeout: 60_000 },
    async () => {
      const processes = await twoServerProcesses(serverUrl!);
      try {
        const [saving, reading] = processes.apps as [(typeof processes.apps)[number], (typeof processes.apps)[number]];
        const downtime = () => reading.inject({ method: 'GET', url: '/common-server/downtime' });
        // Read once, so the reading process holds the window in memory; its clock never moves, so without a
        // notice that copy would be served for good.
        expect((await downtime()).json()).toMatchObject({ data: { enableDowntime: false } });

        const key = await importPayloadKey(saving.env.PAYLOAD_KEY);
        const login = await saving.inject({
          method: 'POST',
          url: '/common-server/login',
          payload: await sealPayload(key, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
        });
        // The administrator's second step: the current code of their app, with the attempt's cookie.
        const code = await saving.inject({
          method: 'POST',
          url: '/common-server/login/otp',
          cookies: { [LOGIN_ATTEMPT_COOKIE]: login.cookies.find((c) => c.name === LOGIN_ATTEMPT_COOKIE)!.value },
          payload: { otp: appCodeAt(TEST_ADMIN_APP_SECRET, processes.clock.now()), username: TEST_ADMIN_EMAIL },
        });
        const token = code.json<{ data: { accessTokenResponse: { access_token: string } } }>().data.accessTokenResponse
          .access_token;
        const start = processes.clock.now().getTime() + HOUR_MS;
        const saved = await saving.inject({
          method: 'POST',
          url: '/common-server/downtime',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            enableDowntime: true,
            message: { en: 'Maintenance tonight.', sp: 'Mantenimiento esta noche.' },
            effectiveStartDate: new Date(start).toISOString(),
            effectiveEndDate: new Date(start + HOUR_MS).toISOString(),
            reminderDaysInAdvance: 1,
          },
        });
        expect(saved.statusCode).toBe(200);
        await expect
          .poll(async () => (await downtime()).json(), { timeout: 5_000 })
          .toMatchObject({ data: { enableDowntime: true, message: { en: 'Maintenance tonight.' } } });
      } finally {
        await processes.close();
      }
    },
  );
});
