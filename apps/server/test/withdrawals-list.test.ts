import { expect, it } from 'vitest';
import { describeOnDatabase, TEST_ADMIN_EMAIL } from './helpers';
import { freshStartAt, useAuthApp } from './auth-helpers';
import { signedInParticipant } from './participant-helpers';
import { adminSession, dataOf, expectAdminOnly } from './settings-helpers';
import { REQUESTS, withdrawnParticipant } from './withdrawal-helpers';

const USERS = '/consent/withdrawal-users';
const SUMMARY = '/consent/withdrawal-users/summary';

describeOnDatabase('Withdrawals tab lists', (target) => {
  const testApp = useAuthApp(target);

  it('is for administrators only', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    await expectAdminOnly(t, tokens.access_token, [
      ['GET', USERS],
      ['GET', SUMMARY],
      ['GET', REQUESTS],
      ['POST', REQUESTS, { email: 'someone@example.org', reason: 'Asked' }],
      ['DELETE', `${REQUESTS}?email=someone@example.org`],
    ]);
  });

  it('lists withdrawn participants newest first, ten to a page, and sorts by e-mail', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-04-20T15:00:00.000Z');
    // Twelve withdrawals, one a day from April 1 (p01) to April 12 (p12).
    for (let day = 1; day <= 12; day += 1) {
      const n = String(day).padStart(2, '0');
      await withdrawnParticipant(t, {
        email: `p${n}@example.org`,
        at: `2026-04-${n}T14:00:00.000Z`,
        reason: `Reason ${n}`,
        firstName: `Name${n}`,
      });
    }
    const admin = await adminSession(t);
    const first = await dataOf<{ content: { email: string }[]; totalElements: number }>(admin('GET', USERS));
    expect(first.totalElements).toBe(12);
    expect(first.content.map((row) => row.email)).toEqual([
      'p12@example.org',
      'p11@example.org',
      'p10@example.org',
      'p09@example.org',
      'p08@example.org',
      'p07@example.org',
      'p06@example.org',
      'p05@example.org',
      'p04@example.org',
      'p03@example.org',
    ]);
    expect(first.content[0]).toEqual({
      id: expect.any(String),
      email: 'p12@example.org',
      name: 'Name12 Vega',
      withdrawalDate: '2026-04-12T14:00:00.000Z',
      reason: 'Reason 12',
      source: 'participant',
      requestedBy: null,
    });
    const second = await dataOf<{ content: { email: string }[]; page: number; size: number }>(
      admin('GET', `${USERS}?page=1&size=10&sort=withdrawalDate,desc`),
    );
    expect(second.content.map((row) => row.email)).toEqual(['p02@example.org', 'p01@example.org']);
    expect([second.page, second.size]).toEqual([1, 10]);

    const oldest = await dataOf<{ content: { email: string }[] }>(admin('GET', `${USERS}?sort=withdrawalDate,asc`));
    expect(oldest.content[0]!.email).toBe('p01@example.org');
    const byEmail = await dataOf<{ content: { email: string }[] }>(admin('GET', `${USERS}?size=25&sort=email,desc`));
    expect(byEmail.content.map((row) => row.email).slice(0, 3)).toEqual([
      'p12@example.org',
      'p11@example.org',
      'p10@example.org',
    ]);
    expect(byEmail.content).toHaveLength(12);
  });

  it('refuses a page size, page or sort the lists do not offer, naming the parameter', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    for (const [path, field] of [
      [`${USERS}?size=5`, 'size'],
      [`${USERS}?size=100`, 'size'],
      [`${USERS}?page=-1`, 'page'],
      [`${USERS}?page=abc`, 'page'],
      [`${USERS}?sort=reason,desc`, 'sort'],
      [`${USERS}?sort=withdrawalDate,down`, 'sort'],
      [`${REQUESTS}?size=50`, 'size'],
      [`${REQUESTS}?sort=reason,asc`, 'sort'],
    ] as const) {
      const reply = await admin('GET', path);
      expect(reply.statusCode, path).toBe(400);
      expect(reply.json().data[0].errorField, path).toBe(field);
    }
    const spanish = await admin('GET', `${USERS}?size=7`, { language: 'sp' });
    expect(spanish.json().status).toBe(false);
    expect(spanish.json().message).toBe('Solicitud no válida');
  });

  it('counts withdrawals per month of the study time zone over the last twelve, by who carried them out', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-15T12:00:00.000Z');
    // 03:00 UTC on March 1 is still February 28 in Chicago.
    await withdrawnParticipant(t, { email: 'a@example.org', at: '2026-03-01T03:00:00.000Z' });
    await withdrawnParticipant(t, { email: 'b@example.org', at: '2026-03-02T16:00:00.000Z' });
    await withdrawnParticipant(t, { email: 'c@example.org', at: '2026-03-10T16:00:00.000Z', source: 'manual' });
    await withdrawnParticipant(t, { email: 'd@example.org', at: '2025-04-01T16:00:00.000Z', source: 'manual' });
    // Older than the twelve months shown: counted in the total only.
    await withdrawnParticipant(t, { email: 'e@example.org', at: '2025-03-20T16:00:00.000Z' });
    const admin = await adminSession(t);
    const summary = await dataOf<{
      months: { month: string; participant: number; manual: number }[];
      total: { participant: number; manual: number };
    }>(admin('GET', SUMMARY));
    expect(summary.months.map((m) => m.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(summary.months[0]).toEqual({ month: '2025-04', participant: 0, manual: 1 });
    expect(summary.months[10]).toEqual({ month: '2026-02', participant: 1, manual: 0 });
    expect(summary.months[11]).toEqual({ month: '2026-03', participant: 1, manual: 1 });
    expect(summary.months.slice(1, 10).every((m) => m.participant === 0 && m.manual === 0)).toBe(true);
    expect(summary.total).toEqual({ participant: 3, manual: 2 });
    expect(summary).toMatchObject({ from: '2025-04-01', to: '2026-03-15' });

    // A range of the administrator's choosing, by the days of the study time zone.
    expect(await dataOf(admin('GET', `${SUMMARY}?from=2025-03-01&to=2025-04-30`))).toEqual({
      from: '2025-03-01',
      to: '2025-04-30',
      months: [
        { month: '2025-03', participant: 1, manual: 0 },
        { month: '2025-04', participant: 0, manual: 1 },
      ],
      total: { participant: 3, manual: 2 },
    });
    expect((await dataOf<typeof summary>(admin('GET', `${SUMMARY}?from=2026-02-28&to=2026-02-28`))).months).toEqual([
      { month: '2026-02', participant: 1, manual: 0 },
    ]);
    expect((await dataOf<typeof summary>(admin('GET', `${SUMMARY}?from=2026-03-01&to=2026-03-09`))).months).toEqual([
      { month: '2026-03', participant: 1, manual: 0 },
    ]);
  });

  it('refuses a range the wrong way round, of one date only or over five years, in the reader’s language', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    for (const [query, message] of [
      ['from=2026-03-02&to=2026-03-01', 'The start date must be on or before the end date.'],
      ['from=2026-03-02', 'Enter both a start date and an end date, or neither.'],
      ['from=2020-01-01&to=2025-01-01', 'Choose a range of five years or less.'],
    ]) {
      const reply = await admin('GET', `${SUMMARY}?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json(), query).toEqual({ status: false, message });
    }
    const spanish = await admin('GET', `${SUMMARY}?from=2026-03-02&to=2026-03-01`, { language: 'sp' });
    expect(spanish.json().message).toBe('La fecha de inicio debe ser igual o anterior a la fecha de fin.');
  });

  it('names the administrator who queued a manual withdrawal', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-05-04T15:00:00.000Z');
    const { email } = await signedInParticipant(t);
    const admin = await adminSession(t);
    expect((await admin('POST', REQUESTS, { payload: { email, reason: 'Called the study line' } })).statusCode).toBe(
      200,
    );
    t.clock.set('2026-05-04T16:00:00.000Z');
    expect(await t.app.services.withdrawals.carryOutDue()).toBe(1);
    const page = await dataOf<{ content: unknown[] }>((await adminSession(t))('GET', USERS));
    expect(page.content).toEqual([
      {
        id: expect.any(String),
        email,
        name: 'Ana Núñez',
        withdrawalDate: '2026-05-04T16:00:00.000Z',
        reason: 'Called the study line',
        source: 'manual',
        requestedBy: TEST_ADMIN_EMAIL,
      },
    ]);
  });
});
