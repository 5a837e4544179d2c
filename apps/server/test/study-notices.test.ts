import { eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { emailMessages, healthSystems, inboxMessages } from '../src/db/schema';
import { describeOnDatabase, type TestApp } from './helpers';
import { auditSince, DEMO, freshStartAt, signIn, signInAdmin, useAuthApp } from './auth-helpers';
import { inboxOf, leaveCategory } from './inbox-helpers';
import { insertBulkParticipants, insertParticipants } from './one-time-helpers';
import { call } from './participant-helpers';
import { adminSession, dataOf, UUID } from './settings-helpers';
import { userByEmail } from './registration-helpers';

const NOW = '2026-03-02T16:00:00.000Z';

const NOTICE = {
  title: { en: 'New clinic hours', sp: 'Nuevo horario de la clínica' },
  body: { en: 'The clinic now opens on Saturdays.', sp: 'La clínica ahora abre los sábados.' },
};

const idOfSystem = async (t: TestApp, databaseValue: string) =>
  (await t.db.select().from(healthSystems).where(eq(healthSystems.databaseValue, databaseValue)))[0]!.id;

const count = async (t: TestApp, table: string) =>
  Number(
    ((await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  );

/**
 * The seeded demo participant (Geisinger, Spanish) and, besides, two more of Geisinger, one of Riverside, one
 * Riverside registration not yet activated (its address unconfirmed: no notice), and one Geisinger participant who
 * withdrew (none either).
 */
async function participants(t: TestApp) {
  const demo = (await userByEmail(t, DEMO.email))!;
  const geisinger = await insertParticipants(t, 2, { healthSystem: 'geisinger' });
  const [riverside] = await insertParticipants(t, 1, { healthSystem: 'riverside', language: 'sp' });
  const [pending] = await insertParticipants(t, 1, { healthSystem: 'riverside', status: 'pending' });
  const [withdrawn] = await insertParticipants(t, 1, { healthSystem: 'geisinger', status: 'withdrawn' });
  return { demo, geisinger, riverside: riverside!, pending: pending!, withdrawn: withdrawn! };
}

// Posting is one transaction and the e-mail job one batch at a time; nothing here differs between databases.
describeOnDatabase('Study notices', (target) => {
  const testApp = useAuthApp(target);

  it('go to every active participant, or to one health system’s, each in Messages, audited', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const people = await participants(t);
    const admin = await adminSession(t);
    const geisingerId = await idOfSystem(t, 'geisinger');
    const riversideId = await idOfSystem(t, 'riverside');

    expect(await dataOf(admin('GET', '/study-notices/audiences'))).toEqual({
      everyone: 4,
      healthSystems: [
        { id: geisingerId, name: 'Geisinger', recipients: 3 },
        { id: riversideId, name: 'Riverside Kidney Care (demo)', recipients: 1 },
      ],
    });

    const since = t.clock.now();
    const toGeisinger = await dataOf(
      admin('POST', '/study-notices', { payload: { ...NOTICE, healthSystemId: geisingerId } }),
    );
    expect(toGeisinger).toEqual({
      id: UUID,
      ...NOTICE,
      healthSystemId: geisingerId,
      healthSystemName: 'Geisinger',
      recipients: 3,
      postedAt: NOW,
      postedBy: 'admin@example.org',
    });
    for (const id of [people.demo.id, ...people.geisinger.map((p) => p.id)])
      expect(await inboxOf(t, id)).toEqual([
        { kind: 'notice', params: {}, noticeId: toGeisinger.id, emailId: null, readAt: null },
      ]);
    for (const id of [people.riverside.id, people.pending.id, people.withdrawn.id])
      expect(await inboxOf(t, id)).toEqual([]);

    const [audit, ...more] = (await auditSince(t, since)).filter((a) => a.action === 'studyNotice.posted');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      action: 'studyNotice.posted',
      subjectId: geisingerId,
      details: { noticeId: toGeisinger.id, healthSystemId: geisingerId, recipients: 3 },
    });
    expect(audit!.actorId).toBe((await userByEmail(t, 'admin@example.org'))!.id);

    t.clock.set('2026-03-02T16:01:00.000Z');
    const toEveryone = await dataOf(admin('POST', '/study-notices', { payload: { ...NOTICE, healthSystemId: null } }));
    expect(toEveryone).toMatchObject({ healthSystemId: null, healthSystemName: null, recipients: 4 });
    expect(await inboxOf(t, people.riverside.id)).toHaveLength(1);
    expect(await inboxOf(t, people.pending.id)).toEqual([]);
    expect(await inboxOf(t, people.withdrawn.id)).toEqual([]);

    const list = await dataOf<{ content: { id: string; recipients: number }[]; totalElements: number }>(
      admin('GET', '/study-notices'),
    );
    expect(list.content.map((n) => [n.id, n.recipients])).toEqual([
      [toEveryone.id, 4],
      [toGeisinger.id, 3],
    ]);
    expect(list).toMatchObject({ totalElements: 2, page: 0, size: 10 });
    // Paged: the second notice alone on page 1 of size 10 is past the end; the count still holds.
    expect(await dataOf(admin('GET', '/study-notices?page=1&size=10'))).toEqual({
      content: [],
      totalElements: 2,
      page: 1,
      size: 10,
    });
    expect((await admin('GET', '/study-notices?size=7')).statusCode).toBe(400);

    // The demo participant reads both in Messages, newest first, with each text in both languages.
    const token = (await signIn(t, DEMO.email, DEMO.password)).access_token;
    const page = await dataOf<{ content: unknown[]; unread: number }>(call(t, 'GET', '/messages', token));
    expect(page.unread).toBe(2);
    expect(page.content).toEqual([
      { id: UUID, kind: 'notice', params: {}, ...NOTICE, createdAt: '2026-03-02T16:01:00.000Z', read: false },
      { id: UUID, kind: 'notice', params: {}, ...NOTICE, createdAt: NOW, read: false },
    ]);
  });

  it('e-mail each participant the notice in their language as study news, in batches, except those who left news', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const people = await participants(t);
    await leaveCategory(t, people.geisinger[1]!.id, 'news');
    const admin = await adminSession(t);
    await dataOf(admin('POST', '/study-notices', { payload: { ...NOTICE, healthSystemId: null } }));

    expect(await t.app.services.noticeMail.run()).toBe(4);
    expect(await t.app.services.noticeMail.run()).toBe(0);
    await t.app.services.mailer.sweep();
    await t.app.services.mailer.idle();

    const rows = await t.db
      .select({ to: emailMessages.recipient, status: emailMessages.status, reason: emailMessages.suppressedReason })
      .from(emailMessages)
      .where(eq(emailMessages.template, 'study-notice'));
    expect(rows.sort((a, b) => a.to.localeCompare(b.to))).toEqual(
      [
        { to: DEMO.email, status: 'sent', reason: null },
        { to: people.geisinger[0]!.email, status: 'sent', reason: null },
        { to: people.geisinger[1]!.email, status: 'suppressed', reason: 'unsubscribed' },
        { to: people.riverside.email, status: 'sent', reason: null },
      ].sort((a, b) => a.to.localeCompare(b.to)),
    );
    const [english] = t.mail.to(people.geisinger[0]!.email);
    expect(english!.subject).toBe('Kidney Research Study: New clinic hours');
    expect(english!.text).toContain('The clinic now opens on Saturdays.');
    expect(english!.links).toEqual(['http://localhost:8080/messages']);
    const [spanish] = t.mail.to(people.riverside.email);
    expect(spanish!.subject).toBe('Estudio de Investigación Renal: Nuevo horario de la clínica');
    expect(spanish!.text).toContain('La clínica ahora abre los sábados.');
    // Every message now names its e-mail, the one left out as well: the job never queues one twice.
    const waiting = await t.db
      .select()
      .from(inboxMessages)
      .where(sql`${inboxMessages.emailId} is null`);
    expect(waiting).toEqual([]);
  });

  it('refuse a notice without both languages, too long, or to a health system that does not exist, and write nothing', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const token = (await signInAdmin(t)).access_token;
    const post = (payload: unknown) => call(t, 'POST', '/study-notices', token, { payload });

    const missing = await post({ title: { en: 'Hours', sp: ' ' }, body: { en: 'x'.repeat(5001) } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      status: false,
      message: 'Invalid request',
      data: [
        { errorField: 'title.sp', message: 'Enter a title.' },
        { errorField: 'body.en', message: 'The message can have at most 5,000 characters.' },
        { errorField: 'body.sp', message: 'Enter a message.' },
      ],
    });
    const long = await post({ ...NOTICE, title: { en: 'x'.repeat(201), sp: 'Hola' } });
    expect(long.json().data).toEqual([
      { errorField: 'title.en', message: 'The title can have at most 200 characters.' },
    ]);

    const unknown = await call(t, 'POST', '/study-notices', token, {
      payload: { ...NOTICE, healthSystemId: '00000000-0000-4000-8000-000000000000' },
      language: 'sp',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      status: false,
      message: 'Este sistema de salud no existe. Vuelva a cargar la página y elija uno de la lista.',
      data: [
        {
          errorField: 'healthSystemId',
          message: 'Este sistema de salud no existe. Vuelva a cargar la página y elija uno de la lista.',
        },
      ],
    });
    const notAnId = await post({ ...NOTICE, healthSystemId: 'geisinger' });
    expect(notAnId.json().data).toEqual([
      { errorField: 'healthSystemId', message: 'Choose a health system from the list.' },
    ]);
    expect(await count(t, 'study_notices')).toBe(0);
    expect(await count(t, 'inbox_messages')).toBe(0);
  });

  it('refuse control characters in a title and a NUL in a body, translated, and write nothing', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const token = (await signInAdmin(t)).access_token;
    const reply = await call(t, 'POST', '/study-notices', token, {
      payload: {
        title: { en: 'New\r\nBcc: someone', sp: 'Hola\u0000' },
        body: { en: 'Line one\nLine two', sp: 'Texto\u0000' },
      },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data).toEqual([
      {
        errorField: 'title.en',
        message: 'The title must be one line of plain text: remove line breaks, tabs and other control characters.',
      },
      {
        errorField: 'title.sp',
        message: 'The title must be one line of plain text: remove line breaks, tabs and other control characters.',
      },
      {
        errorField: 'body.sp',
        message: 'The message contains a character that cannot be stored (a NUL character). Remove it and try again.',
      },
    ]);
    const spanish = await call(t, 'POST', '/study-notices', token, {
      payload: { ...NOTICE, title: { en: 'Tab\there', sp: 'Hola' } },
      language: 'sp',
    });
    expect(spanish.json().data).toEqual([
      {
        errorField: 'title.en',
        message:
          'El título debe ser una sola línea de texto: quite los saltos de línea, las tabulaciones y otros caracteres de control.',
      },
    ]);
    expect(await count(t, 'study_notices')).toBe(0);
    expect(await count(t, 'inbox_messages')).toBe(0);
  });

  it('e-mail more than one batch, each participant exactly once, with two runs at the same time', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    await insertBulkParticipants(t, 501);
    const admin = await adminSession(t);
    const posted = await dataOf<{ recipients: number }>(admin('POST', '/study-notices', { payload: NOTICE }));
    expect(posted.recipients).toBe(502);

    const runs = await Promise.all([t.app.services.noticeMail.run(), t.app.services.noticeMail.run()]);
    expect(runs[0]! + runs[1]!).toBe(502);
    expect(await t.app.services.noticeMail.run()).toBe(0);
    const perUser = (await t.db.execute(sql`
      select count(*)::int as users, min(n)::int as least, max(n)::int as most
      from (select user_id, count(*) as n from email_messages where template = 'study-notice' group by user_id) e`)) as unknown as {
      rows: { users: number; least: number; most: number }[];
    };
    expect(perUser.rows[0]).toEqual({ users: 502, least: 1, most: 1 });
    expect(
      await t.db
        .select()
        .from(inboxMessages)
        .where(sql`${inboxMessages.emailId} is null`),
    ).toEqual([]);
  });

  it('pass over a message whose e-mail cannot be queued, queue the others, and try it again on the next run', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const people = await participants(t);
    const admin = await adminSession(t);
    await dataOf(admin('POST', '/study-notices', { payload: NOTICE }));
    const mailer = t.app.services.mailer;
    const queue = mailer.queue.bind(mailer);
    const broken = people.geisinger[0]!.email;
    const spy = vi
      .spyOn(mailer, 'queue')
      .mockImplementation((executor, request) =>
        request.to === broken ? Promise.reject(new Error('template failed')) : queue(executor, request),
      );

    expect(await t.app.services.noticeMail.run()).toBe(3);
    const waiting = await t.db
      .select({ userId: inboxMessages.userId })
      .from(inboxMessages)
      .where(sql`${inboxMessages.emailId} is null`);
    expect(waiting).toEqual([{ userId: people.geisinger[0]!.id }]);

    spy.mockRestore();
    expect(await t.app.services.noticeMail.run()).toBe(1);
    expect(
      await t.db
        .select()
        .from(inboxMessages)
        .where(sql`${inboxMessages.emailId} is null`),
    ).toEqual([]);
  });

  it('refuse a notice its audience would give to nobody', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const admin = await adminSession(t);
    const riversideId = await idOfSystem(t, 'riverside');
    const reply = await admin('POST', '/study-notices', { payload: { ...NOTICE, healthSystemId: riversideId } });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({
      status: false,
      message: 'No participant would receive this notice: nobody in the chosen audience has an active account.',
    });
    expect(await count(t, 'study_notices')).toBe(0);
  });
});
