import { expect, it } from 'vitest';
import { activationMail } from '../src/providers/mail/templates/activation';
import type { SendMailRequest } from '../src/providers/mail/mailer';
import { describeOnDatabase, useTestApp, type TestApp } from './helpers';
import { freshStartAt, setDowntime } from './auth-helpers';
import { adminSession, dataOf } from './settings-helpers';

const BACKLOG = '/email-analytics/backlog';

const reminder = (to: string): SendMailRequest => ({
  to,
  language: 'sp',
  template: 'survey-reminder',
  category: 'reminders',
  content: activationMail('sp', {
    firstName: 'Ana',
    link: 'https://portal.example.org/survey',
    expiresOn: '03/30/2026',
  }),
});

/** Queues `count` reminders to `domain` at `at`. */
async function queueAt(t: TestApp, at: string, domain: string, count: number) {
  t.clock.set(at);
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < count; i += 1) await t.app.services.mailer.queue(tx, reminder(`p${i}@${domain}`));
  });
}

describeOnDatabase('Emails Insight backlog', (target) => {
  const testApp = useTestApp(target, {
    env: { CAPTCHA_ENABLED: 'false', MAIL_PACE_PER_MINUTE: 'yahoo=30' },
  });

  /**
   * Chicago is UTC−6 in early March; bulk mail leaves from 9:00 to 19:00 there. Queued: 130 to Microsoft domains at
   * 9:30, 45 to Yahoo at 9:45, 7 to a clinic and 3 to two family domains at 9:50, and an activation (never paced).
   */
  async function backlogAt(t: TestApp, now: string) {
    await freshStartAt(t, '2026-03-03T15:00:00.000Z');
    await queueAt(t, '2026-03-03T15:30:00.000Z', 'outlook.com', 100);
    await queueAt(t, '2026-03-03T15:30:00.000Z', 'hotmail.es', 30);
    await queueAt(t, '2026-03-03T15:45:00.000Z', 'yahoo.com', 45);
    await queueAt(t, '2026-03-03T15:50:00.000Z', 'clinic.example.org', 7);
    await queueAt(t, '2026-03-03T15:50:00.000Z', 'family.example.net', 2);
    await queueAt(t, '2026-03-03T15:50:00.000Z', 'smith.example.com', 1);
    await t.app.services.mailer.queue(t.db, { ...reminder('new@outlook.com'), category: 'account' });
    t.clock.set(now);
  }

  it('is empty with nothing waiting', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-03T16:00:00.000Z');
    expect(await dataOf((await adminSession(t))('GET', BACKLOG))).toEqual({
      timeZone: 'America/Chicago',
      sendHours: { from: 9, to: 19 },
      inDowntime: false,
      waiting: 0,
      oldestQueuedAt: null,
      oldestWaitingMinutes: null,
      clearsAt: null,
      keys: [],
    });
  });

  it('shows the bulk mail waiting per provider or domain, its rate, and when it clears', async () => {
    const t = testApp();
    // 10:00 in Chicago.
    await backlogAt(t, '2026-03-03T16:00:00.000Z');
    expect(await dataOf((await adminSession(t))('GET', BACKLOG))).toEqual({
      timeZone: 'America/Chicago',
      sendHours: { from: 9, to: 19 },
      inDowntime: false,
      waiting: 185,
      oldestQueuedAt: '2026-03-03T15:30:00.000Z',
      oldestWaitingMinutes: 30,
      // Microsoft's 130 at 60 a minute: 3 minutes.
      clearsAt: '2026-03-03T16:03:00.000Z',
      keys: [
        { paceKey: 'microsoft', waiting: 130, perMinute: 60, clearsAt: '2026-03-03T16:03:00.000Z' },
        { paceKey: 'yahoo', waiting: 45, perMinute: 30, clearsAt: '2026-03-03T16:02:00.000Z' },
        { paceKey: 'clinic.example.org', waiting: 7, perMinute: 600, clearsAt: '2026-03-03T16:01:00.000Z' },
        // family.example.net (2) and smith.example.com (1) are not named.
        { paceKey: '*', waiting: 3, perMinute: 600, clearsAt: '2026-03-03T16:01:00.000Z' },
      ],
    });
  });

  it('goes on the next morning with what the evening leaves, and gives no time during downtime', async () => {
    const t = testApp();
    // 18:58 in Chicago: Microsoft sends 2 minutes tonight and the third from 9:00 tomorrow.
    await backlogAt(t, '2026-03-04T00:58:00.000Z');
    const admin = await adminSession(t);
    const evening = await dataOf<{ clearsAt: string; keys: { paceKey: string; clearsAt: string }[] }>(
      admin('GET', BACKLOG),
    );
    expect(evening.clearsAt).toBe('2026-03-04T15:01:00.000Z');
    expect(evening.keys.map((key) => [key.paceKey, key.clearsAt])).toEqual([
      ['microsoft', '2026-03-04T15:01:00.000Z'],
      ['yahoo', '2026-03-04T01:00:00.000Z'],
      ['clinic.example.org', '2026-03-04T00:59:00.000Z'],
      ['*', '2026-03-04T00:59:00.000Z'],
    ]);

    await setDowntime(t, true);
    expect(await dataOf(admin('GET', BACKLOG))).toMatchObject({
      inDowntime: true,
      waiting: 185,
      clearsAt: null,
      keys: [
        { paceKey: 'microsoft', clearsAt: null },
        { paceKey: 'yahoo', clearsAt: null },
        { paceKey: 'clinic.example.org', clearsAt: null },
        { paceKey: '*', clearsAt: null },
      ],
    });
  });
});
