import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ACCOUNTS_TOPIC } from '../src/db/change-notices';
import { describeEachDatabase } from './helpers';
import { ADMIN, DEMO, me, signIn, signInAdmin, useAuthApp } from './auth-helpers';

// On the embedded database the server keeps sessions and user details in memory; these changes are written with
// plain SQL, past every service, so only the database's own notice of them can reach the next call. Both databases:
// only the embedded one keeps accounts in memory.
describeEachDatabase('changes to an account written by any statement', (target) => {
  const testApp = useAuthApp(target);

  it('refuses a session revoked in the database on the very next call, and keeps the other sessions', async () => {
    const t = testApp();
    const revoked = await signInAdmin(t);
    const kept = await signInAdmin(t);
    expect((await me(t, revoked.access_token)).statusCode).toBe(200);
    expect((await me(t, kept.access_token)).statusCode).toBe(200);

    await t.db.execute(sql`update auth_sessions set revoked_at = now(), revoked_reason = 'test'
      where id = (select id from auth_sessions order by created_at, id limit 1)`);
    const statuses = [(await me(t, revoked.access_token)).statusCode, (await me(t, kept.access_token)).statusCode];
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('shows details changed in the database on the very next call', async () => {
    const t = testApp();
    const tokens = await signInAdmin(t);
    expect((await me(t, tokens.access_token)).json().data).toMatchObject({ firstName: 'Study' });

    await t.db.execute(sql`update users set first_name = 'Renamed' where email = ${ADMIN.email}`);
    expect((await me(t, tokens.access_token)).json().data).toMatchObject({ firstName: 'Renamed' });
  });

  it('refuses a participant whose account stops being active in the database on the very next call', async () => {
    const t = testApp();
    const tokens = await signIn(t, DEMO.email, DEMO.password);
    expect((await me(t, tokens.access_token)).statusCode).toBe(200);

    await t.db.execute(sql`update users set status = 'withdrawn' where email = ${DEMO.email}`);
    expect((await me(t, tokens.access_token)).statusCode).toBe(401);
  });

  it('is announced by the database only on the embedded one, where the server keeps accounts in memory', async () => {
    const t = testApp();
    const heard: string[] = [];
    t.handle.changes.on(ACCOUNTS_TOPIC, () => heard.push(ACCOUNTS_TOPIC));
    const markerHeard = new Promise<void>((resolve) =>
      t.handle.changes.on('test-marker', () => {
        heard.push('test-marker');
        resolve();
      }),
    );
    await t.db.execute(sql`update users set first_name = 'Renamed' where email = ${ADMIN.email}`);
    // Notices arrive in the order their transactions commit: once this later one is heard, the update's has been.
    await t.db.execute(sql`select pg_notify('portal_changes', 'test-marker')`);
    await markerHeard;
    // On PostgreSQL a transaction that notifies takes a database-wide lock while it commits; nothing listens there.
    expect(heard).toEqual(target.name === 'PostgreSQL' ? ['test-marker'] : ['accounts', 'test-marker']);
  });
});
