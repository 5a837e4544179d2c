import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import { useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { detailedPng, heicPhoto, putProfile, SAME_PROFILE } from './account-helpers';

/** Far above a call's own work, far below the second or more the decode below takes on one thread. */
const MAX_EVENT_LOOP_DELAY_MS = 200;

describeOnDatabase('Profile pictures decode on worker threads', (target) => {
  const testApp = useAuthApp(target);

  it('keeps the event loop answering other calls while a large HEIC photo decodes', { timeout: 120_000 }, async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    const heic = await heicPhoto(await detailedPng(2000, 1500));

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const upload = putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'IMG_3001.HEIC',
      type: 'image/heic',
      bytes: heic,
    });
    const health = await t.app.inject({ method: 'GET', url: '/common-server/health' });
    const reply = await upload;
    delay.disable();

    expect(health.statusCode).toBe(200);
    expect(reply.json(), reply.body).toEqual({ status: true, message: 'Profile Data updated successfully.' });
    expect(delay.max / 1e6).toBeLessThan(MAX_EVENT_LOOP_DELAY_MS);
    // The photo was decoded for real: it is kept shrunk to 512 pixels on its longer side.
    const path = (await call(t, 'GET', '/keycloak/user', tokens.access_token)).json().data.profilePicture;
    const kept = await call(t, 'GET', path, tokens.access_token);
    expect(await sharp(kept.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 384 });
  });
});
