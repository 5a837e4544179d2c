import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailMessages, mailSuppressions } from '../src/db/schema';
import { isSigningCertUrl } from '../src/modules/mail-events/sns-signature';
import { loggerOptions } from '../src/plugins/logging';
import { activationMail } from '../src/providers/mail/templates/activation';
import { describeOnDatabase, sendNow, useTestApp, type TestApp } from './helpers';
import { freshStartAt, MINUTE_MS } from './auth-helpers';
import { adminSession, dataOf, UUID } from './settings-helpers';
import {
  fakeFetch,
  liftPath,
  postEvents,
  sendgridHeaders,
  sendgridKeys,
  SENDGRID_PATH,
  SES_PATH,
  signedSns,
  snsSigner,
  SUPPRESSIONS,
} from './mail-events-helpers';

// Noon in the study's time zone (America/Chicago), within the hours bulk mail leaves.
const NOW = '2026-03-01T18:00:00.000Z';
const NOW_S = Date.parse(NOW) / 1000;
const TOPIC = 'arn:aws:sns:us-east-1:123456789012:portal-ses-events';
const CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-test.pem';
/** A certificate URL on an SNS host that nothing serves: a test shows it is never fetched. */
const UNSERVED_CERT_URL = 'https://sns.us-west-2.amazonaws.com/SimpleNotificationService-unserved.pem';
const SUBSCRIBE_URL = 'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=x&Token=t';
const TEXT = { 'content-type': 'text/plain; charset=UTF-8' };

const ok = (message: string) => ({ status: true, message });
const no = (message: string) => ({ status: false, message });
const TAKEN = ok('Events received.');
const ALREADY = ok('These events were already received; nothing changed.');

const suppressionsOf = (t: TestApp) =>
  t.db
    .select({
      email: mailSuppressions.email,
      reason: mailSuppressions.reason,
      provider: mailSuppressions.provider,
      detail: mailSuppressions.detail,
      createdAt: mailSuppressions.createdAt,
      liftedAt: mailSuppressions.liftedAt,
    })
    .from(mailSuppressions)
    .orderBy(sql`lower(${mailSuppressions.email})`);

/** The warnings the app logs, parsed. */
function capturedWarnings() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const options = loggerOptions('warn') as Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  return { lines, logger: { ...options, stream } };
}

const providerEventCount = async (t: TestApp) =>
  (await t.db.execute(sql`select count(*)::int as n from mail_provider_events`)) as unknown as {
    rows: { n: number }[];
  };

/** A message of `category` to `to`, recorded and sent through the mailer. */
const mailTo = (t: TestApp, to: string, category: 'account' | 'reminders', template = 'activation') =>
  sendNow(t.app.services.mailer, t.db, {
    to,
    language: 'en',
    template,
    category,
    content: activationMail('en', { firstName: 'Ana', link: 'https://portal.example.org/x', expiresOn: '03/30/2026' }),
  });

describeOnDatabase('Mail provider events and the suppression list', (target) => {
  const sendgrid = sendgridKeys();
  let sns: Awaited<ReturnType<typeof snsSigner>>;
  const outside = fakeFetch({});
  const log = capturedWarnings();
  beforeAll(async () => {
    sns = await snsSigner({ from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' });
    outside.pages[CERT_URL] = sns.certificatePem;
    outside.pages[SUBSCRIBE_URL] = '<ConfirmSubscriptionResponse/>';
  });
  const testApp = useTestApp(target, {
    start: NOW,
    env: {
      CAPTCHA_ENABLED: 'false',
      SENDGRID_WEBHOOK_PUBLIC_KEY: sendgrid.publicBase64,
      SES_SNS_TOPIC_ARN: TOPIC,
    },
    fetchText: outside.fetchText,
    logger: log.logger,
  });
  const sendgridPost = (t: TestApp, events: unknown[], at = NOW_S) => {
    const body = JSON.stringify(events);
    return postEvents(t, SENDGRID_PATH, body, sendgridHeaders(sendgrid.privateKey, body, at));
  };
  const notification = (message: unknown, fields: Record<string, string> = {}) => ({
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: TOPIC,
    Message: JSON.stringify(message),
    Timestamp: '2026-03-01T17:59:30.000Z',
    SigningCertURL: CERT_URL,
    UnsubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe',
    ...fields,
  });

  it('takes in signed SendGrid events: delivered marks the message, bounces, drops and spam reports suppress', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const sentId = await mailTo(t, 'ana@example.org', 'account');
    await t.app.services.mailer.idle();
    const events = [
      { email: 'ana@example.org', event: 'processed', sg_event_id: 'e1', timestamp: NOW_S },
      {
        email: 'ana@example.org',
        event: 'delivered',
        sg_event_id: 'e2',
        timestamp: NOW_S,
        'smtp-id': `<${sentId}@kidney-study-portal>`,
      },
      {
        email: 'Gone@Example.org',
        event: 'bounce',
        sg_event_id: 'e3',
        timestamp: NOW_S,
        type: 'bounce',
        status: '5.1.1',
        bounce_classification: 'Invalid Address',
        reason: '550 5.1.1 <gone@example.org>: no such user',
      },
      {
        email: 'busy@example.org',
        event: 'bounce',
        sg_event_id: 'e4',
        timestamp: NOW_S,
        type: 'blocked',
        status: '4.7.1',
      },
      { email: 'invalid@example.org', event: 'dropped', sg_event_id: 'e5', timestamp: NOW_S, reason: 'Invalid' },
      {
        email: 'left@example.org',
        event: 'dropped',
        sg_event_id: 'e6',
        timestamp: NOW_S,
        reason: 'Unsubscribed Address',
      },
      { email: 'angry@example.org', event: 'spamreport', sg_event_id: 'e7', timestamp: NOW_S },
      // The other types SendGrid documents are taken and change nothing; an account event names no address.
      { email: 'ana@example.org', event: 'deferred', sg_event_id: 'e8', timestamp: NOW_S, attempt: '1' },
      { email: 'ana@example.org', event: 'open', sg_event_id: 'e9', timestamp: NOW_S },
      { email: 'ana@example.org', event: 'click', sg_event_id: 'e10', timestamp: NOW_S, url: 'https://x.org' },
      { email: 'ana@example.org', event: 'unsubscribe', sg_event_id: 'e11', timestamp: NOW_S },
      { email: 'ana@example.org', event: 'group_unsubscribe', sg_event_id: 'e12', timestamp: NOW_S, asm_group_id: 1 },
      { email: 'ana@example.org', event: 'group_resubscribe', sg_event_id: 'e13', timestamp: NOW_S, asm_group_id: 1 },
      { event: 'account_status_change', sg_event_id: 'e14', timestamp: NOW_S, type: 'compliance_suspend' },
    ];
    const reply = await sendgridPost(t, events);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual(TAKEN);

    const [sent] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, sentId));
    expect(sent!.deliveredAt).toEqual(new Date(NOW));
    const at = new Date(NOW);
    expect(await suppressionsOf(t)).toEqual([
      {
        email: 'angry@example.org',
        reason: 'complaint',
        provider: 'sendgrid',
        detail: 'spamreport',
        createdAt: at,
        liftedAt: null,
      },
      {
        email: 'Gone@Example.org',
        reason: 'bounce',
        provider: 'sendgrid',
        detail: 'bounce 5.1.1 Invalid Address',
        createdAt: at,
        liftedAt: null,
      },
      {
        email: 'invalid@example.org',
        reason: 'bounce',
        provider: 'sendgrid',
        detail: 'dropped Invalid',
        createdAt: at,
        liftedAt: null,
      },
    ]);

    // SendGrid's retry of the same batch, signed again a minute later: answered 200, nothing changes.
    t.clock.advance(MINUTE_MS);
    const retried = await sendgridPost(t, events, NOW_S + 60);
    expect(retried.json()).toEqual(ALREADY);
    expect(await suppressionsOf(t)).toHaveLength(3);
    // A new bounce of an address already suppressed keeps the one entry in force.
    const again = await sendgridPost(
      t,
      [{ email: 'gone@example.org', event: 'bounce', sg_event_id: 'e15', timestamp: NOW_S, type: 'bounce' }],
      NOW_S + 60,
    );
    expect(again.json()).toEqual(TAKEN);
    expect(await suppressionsOf(t)).toHaveLength(3);

    // Event ids are kept 7 days: the batch sent again 8 days later is taken in again (and changes nothing new).
    t.clock.advance(8 * 24 * 60 * MINUTE_MS);
    const later = await sendgridPost(t, events, NOW_S + 8 * 24 * 3600 + 60);
    expect(later.json()).toEqual(TAKEN);
    expect((await providerEventCount(t)).rows[0]!.n).toBe(events.length);
  });

  it('refuses unsigned, forged, replayed, malformed and unknown SendGrid events, changing nothing', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const events = [{ email: 'x@example.org', event: 'bounce', sg_event_id: 'f1', timestamp: NOW_S, type: 'bounce' }];
    const body = JSON.stringify(events);
    const valid = sendgridHeaders(sendgrid.privateKey, body, NOW_S);
    const forged = sendgridHeaders(sendgridKeys().privateKey, body, NOW_S);
    const signedFor = (text: string) => sendgridHeaders(sendgrid.privateKey, text, NOW_S);
    const noAddress = JSON.stringify([{ event: 'bounce', sg_event_id: 'f3', timestamp: NOW_S, type: 'bounce' }]);
    const unknown = JSON.stringify([...events, { ...events[0], sg_event_id: 'f2', event: 'teleported' }]);
    const logged = log.lines.length;

    const answers = [
      await postEvents(t, SENDGRID_PATH, body, { 'content-type': 'application/json' }),
      await postEvents(t, SENDGRID_PATH, body, forged),
      // The body changed after it was signed.
      await postEvents(t, SENDGRID_PATH, body.replace('x@', 'y@'), valid),
      // Signed six minutes ago: a replay.
      await postEvents(t, SENDGRID_PATH, body, sendgridHeaders(sendgrid.privateKey, body, NOW_S - 360)),
      await postEvents(t, SENDGRID_PATH, '[{"event":', signedFor('[{"event":')),
      await postEvents(t, SENDGRID_PATH, '{"events":[]}', signedFor('{"events":[]}')),
      // A bounce must name its address.
      await postEvents(t, SENDGRID_PATH, noAddress, signedFor(noAddress)),
      await postEvents(t, SENDGRID_PATH, unknown, signedFor(unknown)),
    ];
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual([
      [401, no('The request is not signed.')],
      [403, no('The signature does not match the request.')],
      [403, no('The signature does not match the request.')],
      [403, no('The request’s time is too far from now; it may be a replay.')],
      [400, no('The request body is not a valid event batch.')],
      [400, no('The request body is not a valid event batch.')],
      [400, no('The request body is not a valid event batch.')],
      [400, no('The request holds an event of an unknown type.')],
    ]);
    expect(await suppressionsOf(t)).toEqual([]);
    expect((await providerEventCount(t)).rows[0]!.n).toBe(0);
    // Each refusal is logged with its reason, the unknown type by its name, and never an address.
    const warnings = log.lines.slice(logged);
    expect(warnings.map((line) => [line.msg, line.status, line.eventType])).toEqual([
      ['mail provider event refused', 401, undefined],
      ['mail provider event refused', 403, undefined],
      ['mail provider event refused', 403, undefined],
      ['mail provider event refused', 403, undefined],
      ['mail provider event refused', 400, undefined],
      ['mail provider event refused', 400, undefined],
      ['mail provider event refused', 400, undefined],
      ['mail provider event refused', 400, 'teleported'],
    ]);
    expect(JSON.stringify(warnings)).not.toContain('example.org');
    const spanish = await t.app.inject({
      method: 'POST',
      url: SENDGRID_PATH,
      payload: body,
      headers: { ...forged, cookie: 'preferredLanguage=sp' },
    });
    expect(spanish.json()).toEqual(no('La firma no corresponde a la solicitud.'));
    const form = await postEvents(t, SENDGRID_PATH, 'a=1', {
      ...valid,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
  });

  it('takes in SES events through signed SNS messages (SignatureVersion 1 and 2), once each', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const sentId = await mailTo(t, 'rosa@example.org', 'account');
    const otherId = await mailTo(t, 'luz@example.org', 'account');
    await t.app.services.mailer.idle();
    const bounce = notification({
      notificationType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [
          { emailAddress: 'gone@example.org', status: '5.1.1', diagnosticCode: 'smtp; 550 gone@example.org unknown' },
        ],
      },
      mail: { messageId: 'ses-1' },
    });
    const transient = notification({
      notificationType: 'Bounce',
      bounce: {
        bounceType: 'Transient',
        bounceSubType: 'MailboxFull',
        bouncedRecipients: [{ emailAddress: 'full@example.org' }],
      },
    });
    const complaint = notification({
      eventType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'angry@example.org' }], complaintFeedbackType: 'abuse' },
    });
    // SES sends under a Message-ID of its own: ours is among the original headers.
    const delivery = notification(
      {
        notificationType: 'Delivery',
        mail: {
          messageId: 'ses-2',
          headers: [{ name: 'Message-ID', value: `<${sentId}@kidney-study-portal>` }],
          commonHeaders: { messageId: '<0100018e-ses-2@email.amazonses.com>' },
        },
        delivery: { recipients: ['rosa@example.org'] },
      },
      { Subject: 'Amazon SES Email Event Notification' },
    );
    // Without the original headers, the common headers' Message-ID is read.
    const commonOnly = notification({
      eventType: 'Delivery',
      mail: { messageId: 'ses-3', commonHeaders: { messageId: `<${otherId}@kidney-study-portal>` } },
      delivery: { recipients: ['luz@example.org'] },
    });

    for (const [message, version] of [
      [bounce, '1'],
      [transient, '2'],
      [complaint, '2'],
      [delivery, '1'],
      [commonOnly, '2'],
    ] as const) {
      const reply = await postEvents(t, SES_PATH, signedSns(sns.privateKey, message, version), TEXT);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual(TAKEN);
    }
    const at = new Date(NOW);
    expect(await suppressionsOf(t)).toEqual([
      {
        email: 'angry@example.org',
        reason: 'complaint',
        provider: 'ses',
        detail: 'complaint abuse',
        createdAt: at,
        liftedAt: null,
      },
      {
        email: 'gone@example.org',
        reason: 'bounce',
        provider: 'ses',
        detail: 'Permanent/General 5.1.1',
        createdAt: at,
        liftedAt: null,
      },
    ]);
    const delivered = await t.db
      .select({ id: emailMessages.id, deliveredAt: emailMessages.deliveredAt })
      .from(emailMessages)
      .where(sql`${emailMessages.id} in (${sentId}, ${otherId})`);
    expect(delivered.map((row) => row.deliveredAt)).toEqual([at, at]);
    // The certificate was fetched once and kept.
    expect(outside.asked.filter((url) => url === CERT_URL)).toHaveLength(1);

    const replay = await postEvents(t, SES_PATH, signedSns(sns.privateKey, bounce), TEXT);
    expect(replay.json()).toEqual(ALREADY);
    // A replay is answered before any certificate is fetched (SigningCertURL is not among the signed fields).
    const elsewhere = await postEvents(
      t,
      SES_PATH,
      signedSns(sns.privateKey, { ...bounce, SigningCertURL: UNSERVED_CERT_URL }),
      TEXT,
    );
    expect(elsewhere.json()).toEqual(ALREADY);
    expect(outside.asked).not.toContain(UNSERVED_CERT_URL);
  });

  it('confirms the SNS subscription only through an SNS host', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const confirmation = {
      Type: 'SubscriptionConfirmation',
      MessageId: randomUUID(),
      Token: 'token-1',
      TopicArn: TOPIC,
      Message: 'You have chosen to subscribe to the topic.',
      SubscribeURL: SUBSCRIBE_URL,
      Timestamp: '2026-03-01T17:59:00.000Z',
      SigningCertURL: CERT_URL,
    };
    const reply = await postEvents(t, SES_PATH, signedSns(sns.privateKey, confirmation), TEXT);
    expect([reply.statusCode, reply.json()]).toEqual([200, ok('Subscription confirmed.')]);
    expect(outside.asked).toContain(SUBSCRIBE_URL);

    const elsewhere = {
      ...confirmation,
      MessageId: randomUUID(),
      SubscribeURL: 'https://attacker.example.com/?Action=ConfirmSubscription',
    };
    const refused = await postEvents(t, SES_PATH, signedSns(sns.privateKey, elsewhere), TEXT);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      no('The subscription link is not on an allowed SNS host.'),
    ]);
    expect(outside.asked).not.toContain(elsewhere.SubscribeURL);

    // A genuine SNS topic of someone else's account is refused before its certificate is fetched.
    const foreign = {
      ...confirmation,
      MessageId: randomUUID(),
      TopicArn: 'arn:aws:sns:us-east-1:999999999999:portal-ses-events',
      SubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=foreign&Token=f',
      SigningCertURL: UNSERVED_CERT_URL,
    };
    const other = await postEvents(t, SES_PATH, signedSns(sns.privateKey, foreign), TEXT);
    expect([other.statusCode, other.json()]).toEqual([
      403,
      no('The message is not from the SNS topic this portal takes events from.'),
    ]);
    expect(outside.asked).not.toContain(foreign.SubscribeURL);
    expect(outside.asked).not.toContain(UNSERVED_CERT_URL);
  });

  it('refuses SNS messages with a certificate off SNS, a forged signature, an old time, another topic or an unknown type', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const bounce = {
      notificationType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'x@example.org' }] },
    };
    const forger = await snsSigner({ from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' });
    const asked = outside.asked.length;
    const cases: [string, number, string][] = [
      [
        signedSns(
          sns.privateKey,
          notification(bounce, { SigningCertURL: 'https://sns.us-east-1.amazonaws.com.evil.example/cert.pem' }),
        ),
        403,
        'The signing certificate is not on an allowed SNS host.',
      ],
      [
        signedSns(
          sns.privateKey,
          notification(bounce, { SigningCertURL: 'http://sns.us-east-1.amazonaws.com/cert.pem' }),
        ),
        403,
        'The signing certificate is not on an allowed SNS host.',
      ],
      ...[
        'https://sns.us-east-1.amazonaws.com/cert.txt',
        // Not a region's SNS endpoint: another Amazon service's host.
        'https://sns.s3.amazonaws.com/cert.pem',
        'https://sns.amazonaws.com/cert.pem',
        'https://sns.us-east-1.amazonaws.com.cn/cert.pem',
        'https://sns.cn-north-1.amazonaws.com/cert.pem',
        // A query, a fragment, a port (even the default one) or credentials.
        `${CERT_URL}?x=1`,
        `${CERT_URL}?`,
        `${CERT_URL}#x`,
        'https://sns.us-east-1.amazonaws.com:443/SimpleNotificationService-test.pem',
        'https://sns.us-east-1.amazonaws.com:8443/SimpleNotificationService-test.pem',
        'https://user:secret@sns.us-east-1.amazonaws.com/SimpleNotificationService-test.pem',
        'https://SNS.us-east-1.amazonaws.com/SimpleNotificationService-test.pem',
      ].map((url): [string, number, string] => [
        signedSns(sns.privateKey, notification(bounce, { SigningCertURL: url })),
        403,
        'The signing certificate is not on an allowed SNS host.',
      ]),
      [signedSns(forger.privateKey, notification(bounce)), 403, 'The signature does not match the request.'],
      [
        signedSns(sns.privateKey, notification(bounce)).replace('x@example.org', 'y@example.org'),
        403,
        'The signature does not match the request.',
      ],
      [
        signedSns(
          sns.privateKey,
          notification(bounce, { Timestamp: '2026-03-01T16:59:00.000Z', SigningCertURL: UNSERVED_CERT_URL }),
        ),
        403,
        'The request’s time is too far from now; it may be a replay.',
      ],
      [
        signedSns(
          sns.privateKey,
          notification(bounce, {
            TopicArn: 'arn:aws:sns:us-east-1:123456789012:other',
            SigningCertURL: UNSERVED_CERT_URL,
          }),
        ),
        403,
        'The message is not from the SNS topic this portal takes events from.',
      ],
      [
        signedSns(sns.privateKey, notification({ notificationType: 'Teleported' })),
        400,
        'The request holds an event of an unknown type.',
      ],
      [
        signedSns(sns.privateKey, notification(bounce, { Type: 'Telegram', SigningCertURL: UNSERVED_CERT_URL })),
        400,
        'The request holds an event of an unknown type.',
      ],
      [
        signedSns(sns.privateKey, { ...notification(bounce), Message: 'not json' }),
        400,
        'The request body is not a valid event batch.',
      ],
      ['{"Type":"Notification"', 400, 'The request body is not a valid event batch.'],
    ];
    const answers = [];
    for (const [body] of cases) answers.push(await postEvents(t, SES_PATH, body, TEXT));
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
      cases.map(([, status, message]) => [status, no(message)]),
    );
    expect(await suppressionsOf(t)).toEqual([]);
    expect((await providerEventCount(t)).rows[0]!.n).toBe(0);
    // No certificate was fetched from anywhere but the SNS host (and that one is kept from before, or fetched once);
    // a message refused by a cheaper check (time, topic, type) fetched none.
    expect(outside.asked.slice(asked).every((url) => url === CERT_URL)).toBe(true);
  });

  it('reads a region-shaped SNS host in any partition as a certificate host', () => {
    expect(
      [
        'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem',
        'https://sns.eu-central-1.amazonaws.com/a.pem',
        'https://sns.us-gov-west-1.amazonaws.com/a.pem',
        'https://sns.cn-north-1.amazonaws.com.cn/a.pem',
        'https://sns.cn-northwest-1.amazonaws.com.cn/a.pem',
      ].map(isSigningCertUrl),
    ).toEqual([true, true, true, true, true]);
  });

  it('keeps bulk mail from a suppressed address while account mail goes; an administrator lifts it, audited', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    await sendgridPost(t, [
      {
        email: 'gone@example.org',
        event: 'bounce',
        sg_event_id: 'g1',
        timestamp: NOW_S,
        type: 'bounce',
        status: '5.1.1',
      },
    ]);
    const reminder = await mailTo(t, 'gone@example.org', 'reminders', 'survey-reminder');
    const reset = await mailTo(t, 'gone@example.org', 'account', 'password-reset');
    await t.app.services.mailer.idle();
    const statusOf = async (id: string) =>
      (await t.db.select().from(emailMessages).where(eq(emailMessages.id, id)))[0]!;
    expect(await statusOf(reminder)).toMatchObject({ status: 'suppressed', suppressedReason: 'addressSuppressed' });
    expect(await statusOf(reset)).toMatchObject({ status: 'sent' });
    expect(t.mail.to('gone@example.org').map((m) => m.id)).toEqual([reset]);

    const admin = await adminSession(t);
    const page = await dataOf<{ content: { id: string }[]; totalElements: number }>(
      admin('GET', `${SUPPRESSIONS}?page=0&size=10`),
    );
    expect(page).toEqual({
      content: [
        {
          id: UUID,
          email: 'gone@example.org',
          reason: 'bounce',
          provider: 'sendgrid',
          detail: 'bounce 5.1.1',
          createdAt: NOW,
        },
      ],
      totalElements: 1,
      page: 0,
      size: 10,
    });
    expect((await admin('GET', `${SUPPRESSIONS}?size=7`)).statusCode).toBe(400);
    const id = page.content[0]!.id;

    t.clock.advance(MINUTE_MS);
    const lifted = await admin('POST', liftPath(id));
    expect([lifted.statusCode, lifted.json()]).toEqual([200, ok('The suppression was lifted.')]);
    const again = await admin('POST', liftPath(id), { language: 'sp' });
    expect([again.statusCode, again.json()]).toEqual([409, no('Esta supresión ya se levantó.')]);
    const unknown = await admin('POST', liftPath(randomUUID()));
    expect([unknown.statusCode, unknown.json()]).toEqual([404, no('There is no suppression with this id.')]);
    expect((await admin('POST', liftPath('not-an-id'))).statusCode).toBe(400);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'emailSuppression.lifted'), eq(auditLog.at, new Date('2026-03-01T18:01:00.000Z'))),
      );
    expect(audit).toMatchObject({
      actorId: UUID,
      details: { suppressionId: id, reason: 'bounce', provider: 'sendgrid' },
    });
    expect(JSON.stringify(audit!.details)).not.toContain('gone@example.org');
    expect((await dataOf<{ totalElements: number }>(admin('GET', SUPPRESSIONS))).totalElements).toBe(0);

    const afterLift = await mailTo(t, 'gone@example.org', 'reminders', 'survey-reminder');
    await t.app.services.mailer.idle();
    expect(await statusOf(afterLift)).toMatchObject({ status: 'sent' });
  });
});

describe('The webhooks without their settings', () => {
  describeOnDatabase('unset SENDGRID_WEBHOOK_PUBLIC_KEY and SES_SNS_TOPIC_ARN', (target) => {
    const outside = fakeFetch({});
    const testApp = useTestApp(target, { demo: false, start: NOW, fetchText: outside.fetchText });
    it('answers that they are not set up', async () => {
      const reply = await postEvents(testApp(), SENDGRID_PATH, '[]', { 'content-type': 'application/json' });
      expect([reply.statusCode, reply.json()]).toEqual([404, no('This webhook is not set up on this portal.')]);
    });

    it('takes no SNS message without SES_SNS_TOPIC_ARN, however well signed', async () => {
      const sns = await snsSigner({ from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' });
      outside.pages[CERT_URL] = sns.certificatePem;
      const bounce = {
        Type: 'Notification',
        MessageId: randomUUID(),
        TopicArn: 'arn:aws:sns:us-east-1:999999999999:anyone',
        Message: JSON.stringify({
          notificationType: 'Bounce',
          bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'x@example.org' }] },
        }),
        Timestamp: '2026-03-01T17:59:30.000Z',
        SigningCertURL: CERT_URL,
      };
      const reply = await postEvents(testApp(), SES_PATH, signedSns(sns.privateKey, bounce), TEXT);
      expect([reply.statusCode, reply.json()]).toEqual([404, no('This webhook is not set up on this portal.')]);
      expect(await suppressionsOf(testApp())).toEqual([]);
      expect(outside.asked).toEqual([]);
    });
  });
});
