import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { appSettings, downtimeSettings, securityPolicy } from '../src/db/schema';
import { describeOnDatabase, useTestApp } from './helpers';

const SETTINGS_TTL_MS = 5_000;
/** An editor's version: 16 hexadecimal digits. */
const VERSION = expect.stringMatching(/^[0-9a-f]{16}$/);
const PAYLOAD_KEY = randomBytes(32).toString('base64');

const SEEDED_CONTACT = {
  phone: '1-800-555-0100',
  extension: '100',
  email: 'study@example.org',
  helpDeskUrl: 'https://help.example.org',
  hours: {
    en: 'Monday to Friday, 10am to 4pm Central',
    sp: 'De lunes a viernes, de 10 a. m. a 4 p. m., hora del Centro',
  },
  hoursAlternate: {
    en: 'Monday to Friday, 9am to 7pm CT',
    sp: 'De lunes a viernes, de 9 a. m. a 7 p. m., hora del Centro',
  },
};

interface DowntimeReply {
  status: boolean;
  data: {
    enableDowntime: boolean;
    message: { en: string; sp: string };
    effectiveStartDate: string | null;
    effectiveEndDate: string | null;
    reminderDaysInAdvance: number;
    inDowntime: boolean;
    show: boolean;
  };
}

describeOnDatabase('settings calls', (target) => {
  const testApp = useTestApp(target, {
    start: '2026-03-01T12:00:00.000Z',
    env: { PAYLOAD_KEY, CAPTCHA_ENABLED: 'false' },
  });
  const get = async <T = unknown>(url: string) => {
    const reply = await testApp().app.inject({ method: 'GET', url });
    expect(reply.statusCode, url).toBe(200);
    return reply.json<T>();
  };
  const downtime = () => get<DowntimeReply>('/common-server/downtime');

  it('GET /downtime: no downtime by default', async () => {
    expect(await downtime()).toEqual({
      status: true,
      data: {
        enableDowntime: false,
        message: { en: '', sp: '' },
        effectiveStartDate: null,
        effectiveEndDate: null,
        reminderDaysInAdvance: 0,
        inDowntime: false,
        show: false,
        version: VERSION,
      },
    });
  });

  it('GET /downtime follows a scheduled window through reminder, downtime and its end', async () => {
    const { db, clock } = testApp();
    await db
      .update(downtimeSettings)
      .set({
        enableDowntime: true,
        messageEn: 'The portal is down for maintenance on March 10.',
        messageSp: 'El portal estará en mantenimiento el 10 de marzo.',
        effectiveStartDate: new Date('2026-03-10T06:00:00.000Z'),
        effectiveEndDate: new Date('2026-03-10T10:00:00.000Z'),
        reminderDaysInAdvance: 2,
      })
      .where(eq(downtimeSettings.id, 1));

    // The row is cached for 5 s: the change shows once the clock has moved past that.
    expect((await downtime()).data.enableDowntime).toBe(false);
    clock.advance(SETTINGS_TTL_MS);
    expect(await downtime()).toEqual({
      status: true,
      data: {
        enableDowntime: true,
        message: {
          en: 'The portal is down for maintenance on March 10.',
          sp: 'El portal estará en mantenimiento el 10 de marzo.',
        },
        effectiveStartDate: '2026-03-10T06:00:00.000Z',
        effectiveEndDate: '2026-03-10T10:00:00.000Z',
        reminderDaysInAdvance: 2,
        inDowntime: false,
        show: false,
        version: VERSION,
      },
    });

    const at = async (instant: string) => {
      clock.set(instant);
      const { data } = await downtime();
      return { show: data.show, inDowntime: data.inDowntime };
    };
    expect(await at('2026-03-08T05:59:59.999Z')).toEqual({ show: false, inDowntime: false });
    expect(await at('2026-03-08T06:00:00.000Z')).toEqual({ show: true, inDowntime: false });
    expect(await at('2026-03-10T05:59:59.999Z')).toEqual({ show: true, inDowntime: false });
    expect(await at('2026-03-10T06:00:00.000Z')).toEqual({ show: true, inDowntime: true });
    expect(await at('2026-03-10T09:59:59.999Z')).toEqual({ show: true, inDowntime: true });
    expect(await at('2026-03-10T10:00:00.000Z')).toEqual({ show: false, inDowntime: false });
    expect(await at('2026-03-11T00:00:00.000Z')).toEqual({ show: false, inDowntime: false });
  });

  it('GET /downtime: disabling takes effect at once after invalidation', async () => {
    const { db, app, clock } = testApp();
    await db
      .update(downtimeSettings)
      .set({
        enableDowntime: true,
        effectiveStartDate: new Date('2026-03-10T06:00:00.000Z'),
        effectiveEndDate: new Date('2026-03-10T10:00:00.000Z'),
      })
      .where(eq(downtimeSettings.id, 1));
    clock.set('2026-03-10T07:00:00.000Z');
    app.services.settings.invalidate();
    expect((await downtime()).data).toMatchObject({ enableDowntime: true, show: true, inDowntime: true });

    await db.update(downtimeSettings).set({ enableDowntime: false }).where(eq(downtimeSettings.id, 1));
    expect((await downtime()).data.inDowntime).toBe(true);
    app.services.settings.invalidate();
    expect((await downtime()).data).toMatchObject({ enableDowntime: false, show: false, inDowntime: false });
  });

  it('GET /client-config gives the payload key, captcha flag, contact details and inactivity timeout', async () => {
    expect(await get('/common-server/client-config')).toEqual({
      status: true,
      data: {
        payloadKey: PAYLOAD_KEY,
        captchaEnabled: false,
        contact: SEEDED_CONTACT,
        inactiveSessionTimeoutInMin: 30,
      },
    });
  });

  it('GET /client-config follows the security policy’s inactivity timeout at once', async () => {
    const { db } = testApp();
    const timeout = async () =>
      (await get<{ data: { inactiveSessionTimeoutInMin: number } }>('/common-server/client-config')).data
        .inactiveSessionTimeoutInMin;
    expect(await timeout()).toBe(30);
    await db.update(securityPolicy).set({ inactiveSessionTimeoutInMin: 45 });
    expect(await timeout()).toBe(45);
    await db.update(securityPolicy).set({ inactiveSessionTimeoutInMin: 30 });
    expect(await timeout()).toBe(30);
  });

  it('GET /client-config follows a changed contact setting and falls back to the defaults on a broken one', async () => {
    const { db, app } = testApp();
    const changed = { ...SEEDED_CONTACT, phone: '1-800-555-0199', extension: '7' };
    await db.update(appSettings).set({ value: changed }).where(eq(appSettings.key, 'contact'));
    app.services.settings.invalidate();
    expect((await get<{ data: { contact: unknown } }>('/common-server/client-config')).data.contact).toEqual(changed);

    await db
      .update(appSettings)
      .set({ value: { phone: 42 } })
      .where(eq(appSettings.key, 'contact'));
    app.services.settings.invalidate();
    expect((await get<{ data: { contact: unknown } }>('/common-server/client-config')).data.contact).toEqual(
      SEEDED_CONTACT,
    );
  });
});
