import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { consentSignatures, emailMessages, healthSystems, users } from '../src/db/schema';
import { publishConsentForm } from '../src/modules/consent/forms';
import { buildDefaultConsentForm } from '../src/modules/consent/default-form/build-default-form';
import { describeEachDatabase } from './helpers';
import { auditSince, refresh, setPolicy, signInAdmin, useAuthApp, MINUTE_MS } from './auth-helpers';
import { completeSigning, fieldOf, openCeremony, sign, signConsent } from './consent-helpers';
import { call, signedInParticipant } from './participant-helpers';

// Both databases: which of several signings sent at once is taken is decided by the database's locks.
describeEachDatabase('The consent signing ceremony', (target) => {
  const testApp = useAuthApp(target);

  describe('choosing the form', () => {
    it('gives an unsigned participant a signUrl to the current default form of their language', async () => {
      const t = testApp();
      const { tokens } = await signedInParticipant(t);
      const init = await call(t, 'GET', '/signature/init', tokens.access_token);
      expect(init.statusCode).toBe(200);
      expect(init.json().data).toMatchObject({ consentSigned: false, userLanguage: 'en' });
      const ceremony = await openCeremony(t, tokens.access_token);
      expect(ceremony).toMatchObject({ language: 'en', locale: 'en_US', version: 1, codeRequired: false });
      expect(ceremony.participantName).toBe('Ana Núñez');
      expect(ceremony.fields.map((f) => f.type).sort()).toEqual(
        ['checkbox', 'checkbox', 'checkbox', 'checkbox', 'date', 'signature', 'text'].sort(),
      );
    });

    it('gives a Spanish-speaking participant the Spanish form, locale es_ES', async () => {
      const t = testApp();
      const { tokens } = await signedInParticipant(t, { language: 'sp' });
      const init = await call(t, 'GET', '/signature/init', tokens.access_token);
      expect(init.json().data.userLanguage).toBe('sp');
      expect(await openCeremony(t, tokens.access_token)).toMatchObject({ language: 'sp', locale: 'es_ES' });
    });

    it('gives a participant of a health system with its own form that form, and others the default', async () => {
      const t = testApp();
      const own = await signedInParticipant(t, { healthSystem: 'geisinger', healthSystemConsent: true });
      const other = await signedInParticipant(t);
      const [system] = await t.db
        .select({ id: healthSystems.id })
        .from(healthSystems)
        .where(eq(healthSystems.databaseValue, 'geisinger'));
      const built = await buildDefaultConsentForm('en');
      const published = await publishConsentForm(t.db, {
        healthSystemId: system!.id,
        language: 'en',
        fileName: 'geisinger-consent.pdf',
        bytes: built.bytes,
        fields: built.fields.slice(0, 2),
        at: t.clock.now(),
      });
      expect((await openCeremony(t, own.tokens.access_token)).formId).toBe(published.id);
      expect((await openCeremony(t, other.tokens.access_token)).formId).not.toBe(published.id);
    });

    it('serves the form PDF as a download whose bytes match the recorded hash', async () => {
      const t = testApp();
      const { tokens } = await signedInParticipant(t);
      const ceremony = await openCeremony(t, tokens.access_token);
      const reply = await call(t, 'GET', ceremony.documentUrl, tokens.access_token);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('application/pdf');
      expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(createHash('sha256').update(reply.rawPayload).digest('hex')).toBe(ceremony.sha256);
    });
  });

  describe('signing', () => {
    it('records the signature on the exact form version, stores the signed copy, audits and e-mails it', async () => {
      const t = testApp();
      const since = t.clock.now();
      const { tokens, userId, email } = await signedInParticipant(t);
      const ceremony = await openCeremony(t, tokens.access_token);
      const reply = await sign(t, tokens.access_token, completeSigning(t, ceremony));
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual({ status: true, data: { consentSigned: true, signedDate: '03/01/2026' } });

      const [row] = await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId));
      expect(row).toMatchObject({ formId: ceremony.formId, formSha256: ceremony.sha256, signatureMethod: 'drawn' });
      expect(row!.userAgent).toBe('ConsentTest/1.0');
      expect(row!.signedSha256).toMatch(/^[0-9a-f]{64}$/);
      const [user] = await t.db.select().from(users).where(eq(users.id, userId));
      expect(user!.consentSignedAt).toEqual(row!.signedAt);

      const audit = (await auditSince(t, since)).filter((a) => a.action === 'consent.signed');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: userId, subjectId: userId });
      expect(JSON.stringify(audit[0]!.details)).not.toContain('Ana');

      await t.app.services.mailer.idle();
      const [mail] = t.mail.to(email);
      expect(mail!.subject).toBe('Your signed Kidney Research Study consent form');
      expect(mail!.attachments).toHaveLength(1);
      expect(mail!.attachments![0]!.contentType).toBe('application/pdf');
      expect(createHash('sha256').update(mail!.attachments![0]!.content).digest('hex')).toBe(row!.signedSha256);
    });

    it('says so in the refreshed token, in init and in GET /signature', async () => {
      const t = testApp();
      const { tokens } = await signedInParticipant(t);
      expect(decodeJwt(tokens.access_token).isConsentSigned).toBe(false);
      await signConsent(t, tokens.access_token);
      const refreshed = await refresh(t, tokens.refresh_token);
      expect(decodeJwt(refreshed.json().data.access_token).isConsentSigned).toBe(true);
      const init = await call(t, 'GET', '/signature/init', tokens.access_token);
      expect(init.json().data).toEqual({ consentSigned: true, signUrl: null, userLanguage: 'en', reconsent: false });
      const status = await call(t, 'GET', '/signature', tokens.access_token);
      expect(status.json().data).toEqual({ consentSigned: true, signedDate: '03/01/2026' });
    });

    it('refuses a second signing, however it is sent', async () => {
      const t = testApp();
      const { tokens, userId } = await signedInParticipant(t);
      const ceremony = await signConsent(t, tokens.access_token);
      const again = await sign(t, tokens.access_token, completeSigning(t, ceremony));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: 'You have already signed the informed consent form.',
        data: { errorCode: 'CONSENT_ALREADY_SIGNED' },
      });
      expect(await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId))).toHaveLength(1);
    });

    it('refuses two signings sent at once but one', async () => {
      const t = testApp();
      const { tokens, userId } = await signedInParticipant(t);
      const request = completeSigning(t, await openCeremony(t, tokens.access_token));
      const replies = await Promise.all([1, 2, 3].map(() => sign(t, tokens.access_token, request)));
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId))).toHaveLength(1);
    });

    it('refuses an outdated form version, and the ceremony points at the new one', async () => {
      const t = testApp();
      const { tokens, userId } = await signedInParticipant(t);
      const old = await openCeremony(t, tokens.access_token);
      const built = await buildDefaultConsentForm('en');
      const next = await publishConsentForm(t.db, {
        healthSystemId: null,
        language: 'en',
        fileName: 'consent-v2.pdf',
        bytes: built.bytes,
        fields: built.fields,
        at: t.clock.now(),
      });
      expect(next.version).toBe(2);
      const reply = await sign(t, tokens.access_token, completeSigning(t, old));
      expect(reply.statusCode).toBe(409);
      expect(reply.json().data).toEqual({ errorCode: 'CONSENT_FORM_OUTDATED' });
      expect((await call(t, 'GET', `/signature/ceremony/${old.formId}`, tokens.access_token)).statusCode).toBe(409);
      expect(await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId))).toHaveLength(0);

      const current = await openCeremony(t, tokens.access_token);
      expect(current).toMatchObject({ formId: next.id, version: 2 });
      expect((await sign(t, tokens.access_token, completeSigning(t, current))).statusCode).toBe(200);
    });

    it('accepts a typed signature', async () => {
      const t = testApp();
      const { tokens, userId } = await signedInParticipant(t);
      const ceremony = await openCeremony(t, tokens.access_token);
      const request = completeSigning(t, ceremony, { signature: { method: 'typed', text: 'Ana Núñez' } });
      expect((await sign(t, tokens.access_token, request)).statusCode).toBe(200);
      const [row] = await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId));
      expect(row!.signatureMethod).toBe('typed');
    });
  });

  describe('refusals that keep nothing', () => {
    it('names every incomplete field, in the reader’s language', async () => {
      const t = testApp();
      const { tokens, userId } = await signedInParticipant(t);
      const ceremony = await openCeremony(t, tokens.access_token);
      const request = completeSigning(t, ceremony);
      const checkbox = fieldOf(ceremony, 'checkbox');
      const text = fieldOf(ceremony, 'text');
      const date = fieldOf(ceremony, 'date');
      request.values[checkbox] = false;
      request.values[text] = '   ';
      request.values[date] = '01/01/2020';
      const reply = await sign(t, tokens.access_token, request, 'sp');
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        status: false,
        message: 'Complete los elementos señalados.',
        data: [
          { errorField: checkbox, message: 'Marque esta casilla para continuar.' },
          { errorField: text, message: 'Este campo es obligatorio.' },
          { errorField: date, message: 'Escriba la fecha de hoy como MM/DD/AAAA.' },
        ].sort(
          (a, b) =>
            ceremony.fields.findIndex((f) => f.id === a.errorField) -
            ceremony.fields.findIndex((f) => f.id === b.errorField),
        ),
      });
      expect(await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId))).toHaveLength(0);
    });

    it('refuses a signature that is not a PNG, or is missing', async () => {
      const t = testApp();
      const { tokens } = await signedInParticipant(t);
      const ceremony = await openCeremony(t, tokens.access_token);
      const notPng = completeSigning(t, ceremony, {
        signature: { method: 'drawn', image: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` },
      });
      const reply = await sign(t, tokens.access_token, notPng);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe('We could not read your signature. Please clear it and sign again.');
      const { signature: _missing, ...unsigned } = completeSigning(t, ceremony);
      expect((await sign(t, tokens.access_token, unsigned)).statusCode).toBe(400);
      const blankTyped = completeSigning(t, ceremony, { signature: { method: 'typed', text: ' ' } });
      expect((await sign(t, tokens.access_token, blankTyped)).statusCode).toBe(400);
    });
  });

  describe('the e-mailed code before signing (otpRequiredBeforeICFSign)', () => {
    it('asks for it, refuses a wrong or expired one, and signs with the right one', async () => {
      const t = testApp();
      await setPolicy(t, { otpRequiredBeforeIcfSign: true, otpExpiryInMin: 1 });
      const { tokens, email } = await signedInParticipant(t);
      const ceremony = await openCeremony(t, tokens.access_token);
      expect(ceremony.codeRequired).toBe(true);
      const request = completeSigning(t, ceremony);
      const without = await sign(t, tokens.access_token, request);
      expect(without.json().data).toEqual({ errorCode: 'CONSENT_CODE_REQUIRED' });

      const codeOf = async () => {
        await t.app.services.mailer.idle();
        return t.mail.to(email).at(-1)!.code!;
      };
      expect((await call(t, 'POST', '/signature/code', tokens.access_token)).statusCode).toBe(200);
      const expired = await codeOf();
      t.clock.advance(2 * MINUTE_MS);
      const late = await sign(t, tokens.access_token, { ...completeSigning(t, ceremony), code: expired });
      expect(late.json().message).toBe('Your code has expired. Please ask for a new one.');

      await call(t, 'POST', '/signature/code', tokens.access_token);
      const code = await codeOf();
      const wrong = await sign(t, tokens.access_token, { ...request, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.json().message).toBe('That code is not right. Please check the e-mail and try again.');
      const right = await sign(t, tokens.access_token, { ...completeSigning(t, ceremony), code });
      expect(right.statusCode, right.body).toBe(200);
    });

    it('lets exactly one of two signings sent at once with the same right code succeed', async () => {
      const t = testApp();
      await setPolicy(t, { otpRequiredBeforeIcfSign: true });
      const { tokens, email, userId } = await signedInParticipant(t);
      const ceremony = await openCeremony(t, tokens.access_token);
      expect((await call(t, 'POST', '/signature/code', tokens.access_token)).statusCode).toBe(200);
      await t.app.services.mailer.idle();
      const request = { ...completeSigning(t, ceremony), code: t.mail.to(email).at(-1)!.code! };

      const replies = await Promise.all([1, 2].map(() => sign(t, tokens.access_token, request)));
      const [signed, other] = [...replies].sort((a, b) => a.statusCode - b.statusCode);
      expect(signed!.statusCode, signed!.body).toBe(200);
      // The other finds the code spent (its check came second) or the form signed (it came after the signing).
      const spent = 'That code is not right. Please check the e-mail and try again.';
      const alreadySigned = 'You have already signed the informed consent form.';
      expect([400, 409]).toContain(other!.statusCode);
      expect(other!.json().message).toBe(other!.statusCode === 400 ? spent : alreadySigned);
      expect(await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId))).toHaveLength(1);
    });

    it('sends no code when the policy does not ask for one', async () => {
      const t = testApp();
      const { tokens } = await signedInParticipant(t);
      expect((await call(t, 'POST', '/signature/code', tokens.access_token)).statusCode).toBe(400);
      expect(
        await t.db
          .select()
          .from(emailMessages)
          .where(and(eq(emailMessages.template, 'consent-code'))),
      ).toHaveLength(0);
    });
  });

  describe('who may call', () => {
    it('refuses calls without a token (401) and an administrator’s (403)', async () => {
      const t = testApp();
      const admin = await signInAdmin(t);
      const { tokens } = await signedInParticipant(t);
      const ceremony = await openCeremony(t, tokens.access_token);
      const paths = ['/signature/init', `/signature/ceremony/${ceremony.formId}`, ceremony.documentUrl, '/signature'];
      for (const path of paths) {
        expect((await call(t, 'GET', path, undefined)).statusCode, path).toBe(401);
        expect((await call(t, 'GET', path, admin.access_token)).statusCode, path).toBe(403);
      }
      expect((await sign(t, admin.access_token, completeSigning(t, ceremony))).statusCode).toBe(403);
    });
  });
});
