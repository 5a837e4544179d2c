import diagnosticsChannel from 'node:diagnostics_channel';
import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import { useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { detailedPng, heicPhoto, putProfile, SAME_PROFILE } from './account-helpers';

describeOnDatabase('Profile pictures decode on worker threads', (target) => {
  const testApp = useAuthApp(target);

  // Calls stay answered while a photo decodes because the decode runs on a thread of its own: the test checks that
  // rule, not a delay, which would measure how loaded the machine is rather than the portal.
  it(
    'decodes a large HEIC photo on a worker thread, not on the thread that answers calls',
    { timeout: 120_000 },
    async () => {
      const t = testApp();
      const { tokens } = await signedInParticipant(t);
      const heic = await heicPhoto(await detailedPng(2000, 1500));

      const started: number[] = [];
      const onWorker = (message: unknown) =>
        started.push((message as { worker: { threadId: number } }).worker.threadId);
      diagnosticsChannel.subscribe('worker_threads', onWorker);
      try {
        const reply = await putProfile(t, tokens.access_token, SAME_PROFILE, {
          name: 'IMG_3001.HEIC',
          type: 'image/heic',
          bytes: heic,
        });
        expect(reply.json(), reply.body).toEqual({ status: true, message: 'Profile Data updated successfully.' });
      } finally {
        diagnosticsChannel.unsubscribe('worker_threads', onWorker);
      }
      expect(started).toHaveLength(1);
      expect(started[0]).not.toBe(threadId);
      // The photo was decoded for real: it is kept shrunk to 512 pixels on its longer side.
      const path = (await call(t, 'GET', '/keycloak/user', tokens.access_token)).json().data.profilePicture;
      const kept = await call(t, 'GET', path, tokens.access_token);
      expect(await sharp(kept.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 384 });
    },
  );
});
