import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { profilePictures, users } from '../src/db/schema';
import { describeOnDatabase } from './helpers';
import { auditSince, signInAdmin, useAuthApp, MINUTE_MS } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { heicPhoto, jpegWithLocation, photo, putProfile, SAME_PROFILE, SCRIPTED_SVG } from './account-helpers';

const UPDATED = { status: true, message: 'Profile Data updated successfully.' };

describeOnDatabase('Profile (PUT /keycloak/user)', (target) => {
  const testApp = useAuthApp(target);

  it('updates language, date of birth and sex at birth, and GET /keycloak/user shows them', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    const since = t.clock.now();
    const reply = await putProfile(t, tokens.access_token, {
      language: 'sp',
      birthDate: '02/29/1964',
      gender: 'preferNoAnswer',
      isRemoveProfilePicture: 'false',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    // The reply speaks the language the request was made in; the next one speaks the new language.
    expect(reply.json()).toEqual(UPDATED);
    const details = (await call(t, 'GET', '/keycloak/user', tokens.access_token)).json().data;
    expect(details).toMatchObject({
      firstName: 'Ana',
      lastName: 'Núñez',
      language: 'sp',
      birthDate: '02/29/1964',
      gender: 'preferNoAnswer',
      profilePicture: null,
    });
    const audit = (await auditSince(t, since)).filter((row) => row.action === 'account.profileUpdated');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: userId, subjectId: userId });
    expect(JSON.stringify(audit[0]!.details)).not.toContain('1964');
  });

  it('ignores every field it does not allow: names, e-mail, role, status and consent stay as they were', async () => {
    const t = testApp();
    const { tokens, userId, email } = await signedInParticipant(t);
    const reply = await putProfile(t, tokens.access_token, {
      ...SAME_PROFILE,
      firstName: 'Mallory',
      lastName: 'Intruder',
      email: 'mallory@example.org',
      role: 'admin',
      status: 'withdrawn',
      consentSignedAt: '2026-01-01T00:00:00Z',
      emailSubscription: 'false',
      id: '00000000-0000-0000-0000-000000000000',
    });
    expect(reply.json()).toEqual(UPDATED);
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      firstName: 'Ana',
      lastName: 'Núñez',
      email,
      role: 'patient',
      status: 'active',
      consentSignedAt: null,
      emailSubscription: true,
    });
  });

  it('refuses a date of birth under 18 years with its message, in both languages, and changes nothing', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    // The test clock is 03/01/2026 (UTC): someone born on 03/03/2008 is still 17 anywhere on Earth.
    const underage = { ...SAME_PROFILE, language: 'sp', birthDate: '03/03/2008' };
    const en = await putProfile(t, tokens.access_token, underage);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      status: false,
      message: 'Something went wrong!',
      data: [{ errorField: 'birthDate', message: 'Your age must be 18 years or above' }],
    });
    const sp = await putProfile(t, tokens.access_token, underage, undefined, 'sp');
    expect(sp.json().data).toEqual([{ errorField: 'birthDate', message: 'Debe tener 18 años o más' }]);
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ language: 'en', birthDate: '1960-05-17' });
  });

  it('names every bad field: an impossible date, an unknown sex at birth and language, a missing field', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    const reply = await putProfile(t, tokens.access_token, { language: 'fr', birthDate: '02/30/1970', gender: 'x' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data).toEqual([
      { errorField: 'language', message: 'Please select your preferred language' },
      { errorField: 'birthDate', message: 'Please enter a valid date of birth' },
      { errorField: 'gender', message: 'Please select your gender' },
    ]);
    const missing = await putProfile(t, tokens.access_token, { language: 'en', gender: 'male' });
    expect(missing.json().data).toEqual([{ errorField: 'birthDate', message: 'Please enter your date of birth' }]);
  });

  it('refuses a body that is not multipart, a request without a token, and an administrator', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    const json = await call(t, 'PUT', '/keycloak/user', tokens.access_token, { payload: SAME_PROFILE });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ status: false, message: 'Invalid request' });
    expect((await putProfile(t, '', SAME_PROFILE)).statusCode).toBe(401);
    const admin = await signInAdmin(t);
    const refused = await putProfile(t, admin.access_token, SAME_PROFILE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Account settings are for study participants.');
  });
});

describeOnDatabase('Profile picture', (target) => {
  const testApp = useAuthApp(target);

  async function pictureOf(t: ReturnType<typeof testApp>, token: string) {
    const details = (await call(t, 'GET', '/keycloak/user', token)).json().data;
    if (!details.profilePicture) return undefined;
    return call(t, 'GET', details.profilePicture, token);
  }

  it('re-encodes a large PNG to a WebP of at most 512 pixels a side, served only to its owner with nosniff', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    const upload = { name: 'me.png', type: 'image/png', bytes: await photo('png', 2000, 1000) };
    const reply = await putProfile(t, tokens.access_token, SAME_PROFILE, upload);
    expect(reply.json()).toEqual(UPDATED);

    const served = (await pictureOf(t, tokens.access_token))!;
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
    });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 256 });

    // Without a token, or with another participant's, the picture is not there to be had.
    const path = (await call(t, 'GET', '/keycloak/user', tokens.access_token)).json().data.profilePicture;
    expect((await call(t, 'GET', path, undefined)).statusCode).toBe(401);
    const other = await signedInParticipant(t);
    expect((await call(t, 'GET', path, other.tokens.access_token)).statusCode).toBe(404);
  });

  it('strips metadata such as the GPS position and the camera from a JPEG', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    const original = await jpegWithLocation();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    await putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'IMG_0001.JPG',
      type: 'image/jpeg',
      bytes: original,
    });
    const [kept] = await t.db.select().from(profilePictures).where(eq(profilePictures.userId, userId));
    const meta = await sharp(Buffer.from(kept!.content!)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(Buffer.from(kept!.content!).includes('PhoneMaker')).toBe(false);
  });

  it('converts a HEIC photo (HEVC, as phones save them) so browsers can show it', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    const heic = await heicPhoto();
    expect(heic.toString('latin1', 4, 12)).toBe('ftypheic');
    const reply = await putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'IMG_2040.HEIC',
      type: 'image/heic',
      bytes: heic,
    });
    expect(reply.json(), reply.body).toEqual(UPDATED);
    const served = (await pictureOf(t, tokens.access_token))!;
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    // The colour survives the conversion (the test drew a solid red-ish square).
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(data[0]! - 180)).toBeLessThan(20);
  });

  it('rasterizes an SVG that carries script, so what is served is a WebP with no script in it', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    const reply = await putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'avatar.svg',
      type: 'image/svg+xml',
      bytes: SCRIPTED_SVG,
    });
    expect(reply.json()).toEqual(UPDATED);
    const served = (await pictureOf(t, tokens.access_token))!;
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(served.rawPayload.includes('script')).toBe(false);
    expect(served.rawPayload.includes('<svg')).toBe(false);
  });

  it('refuses an SVG that reaches outside itself (a local file, an entity) and keeps the old picture', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    await putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'a.png',
      type: 'image/png',
      bytes: await photo('png', 64, 64),
    });
    const [before] = await t.db.select().from(profilePictures).where(eq(profilePictures.userId, userId));
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://tracker.example/x.css);</style></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9" style="fill: u&#114;l(file:///etc/passwd)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>rect { fill: \\75 rl(https://tracker.example/x) }</style></svg>',
    ]) {
      const reply = await putProfile(
        t,
        tokens.access_token,
        { ...SAME_PROFILE, language: 'sp' },
        {
          name: 'x.svg',
          type: 'image/svg+xml',
          bytes: Buffer.from(svg),
        },
      );
      expect(reply.statusCode).toBe(422);
      expect(reply.json().message).toBe(
        'We could not read this picture. Please choose another JPG, PNG, SVG, WebP, HEIC or HEIF image.',
      );
    }
    const [after] = await t.db.select().from(profilePictures).where(eq(profilePictures.userId, userId));
    expect(after!.sha256).toBe(before!.sha256);
    // A refused picture leaves the whole update undone, the language included.
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row!.language).toBe('en');
  });

  it('judges by content, not name: a document renamed .png and a script named .jpg are refused, translated', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    const renamed = [
      { name: 'photo.png', type: 'image/png', bytes: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF') },
      { name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('#!/bin/sh\nrm -rf /\n') },
      { name: 'photo.webp', type: 'image/webp', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
      // A PNG signature followed by garbage: it looks like a picture but is not one.
      { name: 'broken.png', type: 'image/png', bytes: Buffer.concat([(await photo('png', 8, 8)).subarray(0, 20)]) },
    ];
    for (const file of renamed) {
      const reply = await putProfile(t, tokens.access_token, SAME_PROFILE, file, 'sp');
      expect(reply.statusCode, file.name).toBe(422);
      expect(reply.json()).toEqual({
        status: false,
        message: 'No pudimos leer esta foto. Elija otra imagen JPG, PNG, SVG, WebP, HEIC o HEIF.',
        data: [
          {
            errorField: 'file',
            message: 'No pudimos leer esta foto. Elija otra imagen JPG, PNG, SVG, WebP, HEIC o HEIF.',
          },
        ],
      });
    }
    expect((await call(t, 'GET', '/keycloak/user', tokens.access_token)).json().data.profilePicture).toBeNull();
  });

  it('refuses a file over 10 MB with 413 and a translated message, keeping nothing', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    const oversize = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    oversize.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const reply = await putProfile(
      t,
      tokens.access_token,
      { ...SAME_PROFILE, language: 'sp' },
      {
        name: 'huge.png',
        type: 'image/png',
        bytes: oversize,
      },
    );
    expect(reply.statusCode).toBe(413);
    expect(reply.json().message).toBe('The picture must be smaller than 10 MB.');
    expect(await t.db.select().from(profilePictures).where(eq(profilePictures.userId, userId))).toHaveLength(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row!.language).toBe('en');
  });

  it('refuses a picture that would decode to more pixels than a phone camera makes', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    // 10,000 x 10,000 pixels of one colour compress to a few kilobytes: a classic decompression bomb.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const reply = await putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'b.png',
      type: 'image/png',
      bytes: bomb,
    });
    expect(reply.statusCode).toBe(422);
  });

  it('replaces a picture with a new one under a new address, and removal falls back to none', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    await putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'a.webp',
      type: 'image/webp',
      bytes: await photo('webp', 100, 100),
    });
    const first = (await call(t, 'GET', '/keycloak/user', tokens.access_token)).json().data.profilePicture;
    expect(first).toMatch(/^\/common-server\/keycloak\/user\/picture\?v=[0-9a-f]{16}$/);
    await putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'b.jpg',
      type: 'image/jpeg',
      bytes: await photo('jpeg', 300, 200),
    });
    const second = (await call(t, 'GET', '/keycloak/user', tokens.access_token)).json().data.profilePicture;
    expect(second).not.toBe(first);
    expect(await t.db.select().from(profilePictures).where(eq(profilePictures.userId, userId))).toHaveLength(1);

    t.clock.advance(MINUTE_MS);
    const since = t.clock.now();
    const removed = await putProfile(
      t,
      tokens.access_token,
      { ...SAME_PROFILE, isRemoveProfilePicture: 'true' },
      {
        name: 'c.png',
        type: 'image/png',
        bytes: await photo('png', 10, 10),
      },
    );
    expect(removed.json()).toEqual(UPDATED);
    expect((await call(t, 'GET', '/keycloak/user', tokens.access_token)).json().data.profilePicture).toBeNull();
    expect(await t.db.select().from(profilePictures).where(eq(profilePictures.userId, userId))).toHaveLength(0);
    const served = await call(t, 'GET', '/keycloak/user/picture', tokens.access_token);
    expect(served.statusCode).toBe(404);
    const audit = (await auditSince(t, since)).find((row) => row.action === 'account.profileUpdated');
    expect(audit!.details).toMatchObject({ picture: 'removed' });
  });
});
