import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { consentSignatures, storedFiles, users } from '../src/db/schema';
import { freshStartAt, refresh, signIn, useAuthApp } from './auth-helpers';
import { completeSigning, openCeremony, sign, signConsent } from './consent-helpers';
import { describeOnDatabase } from './helpers';
import { call, signedInParticipant } from './participant-helpers';
import { publishDefaultVersion, requestReconsent, witnessField } from './reconsent-helpers';
import { adminSession, dataOf } from './settings-helpers';
import { readResponse, saveAnswers, startRound, startSurvey, widget } from './survey-helpers';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const CONSENT_REQUIRED = {
  status: false,
  message: "Please sign your informed consent before answering the study's surveys.",
  data: { errorCode: 'CONSENT_REQUIRED' },
};

describeOnDatabase('Re-consent to a new version of the consent form', (target) => {
  const testApp = useAuthApp(target);

  /**
   * Signs version 1 on 03/02/2026 and starts a questionnaire; version 2 adds a field and asks again on 03/10/2026,
   * when the participant signs in again.
   */
  async function signedThenAsked() {
    const t = testApp();
    await freshStartAt(t, '2026-03-02T15:00:00.000Z');
    const participant = await signedInParticipant(t);
    await signConsent(t, participant.tokens.access_token);
    const responseId = await startRound(t, participant.tokens.access_token, 'core');
    t.clock.set('2026-03-10T15:00:00.000Z');
    const v2 = await publishDefaultVersion(t, [witnessField('Witness name')]);
    await requestReconsent(t, participant.userId);
    const tokens = await signIn(t, participant.email);
    return { t, participant, tokens, token: tokens.access_token, responseId, v2 };
  }

  it('counts a pending re-consent as consent not signed: token, init, ceremony with the changes, surveys waiting', async () => {
    const { t, tokens, token, responseId, v2 } = await signedThenAsked();
    expect(v2.version).toBe(2);

    expect(decodeJwt(token).isConsentSigned).toBe(false);
    const refreshed = await refresh(t, tokens.refresh_token);
    expect(decodeJwt(refreshed.json().data.access_token).isConsentSigned).toBe(false);

    const init = await call(t, 'GET', '/signature/init', token);
    expect(init.json().data).toEqual({
      consentSigned: false,
      signUrl: `/common-server/signature/ceremony/${v2.id}`,
      userLanguage: 'en',
      reconsent: true,
    });
    const ceremony = await openCeremony(t, token);
    expect(ceremony).toMatchObject({ formId: v2.id, version: 2 });
    expect(ceremony.reconsent).toEqual({
      signedVersion: 1,
      signedDate: '03/02/2026',
      changes: [{ kind: 'fieldAdded', field: 'Witness name' }],
    });
    expect((await call(t, 'GET', '/signature', token)).json().data).toEqual({
      consentSigned: false,
      signedDate: null,
    });

    expect(await widget(t, token)).toMatchObject({ consentSigned: false, current: [], oneTime: [] });
    const notice = await call(t, 'GET', '/survey/notification', token);
    expect(notice.json().data).toEqual({ generalSurveyOpen: false, oneTimeSurveyOpen: false });
    const round = await startSurvey(t, token, { kind: 'round', roundId: crypto.randomUUID(), formKey: 'core' });
    expect(round.statusCode).toBe(403);
    expect(round.json()).toEqual(CONSENT_REQUIRED);
    expect((await readResponse(t, token, responseId)).json()).toEqual(CONSENT_REQUIRED);
    const save = await saveAnswers(t, token, responseId, { answers: {}, pageNo: 0 });
    expect(save.statusCode).toBe(403);
    const submit = await call(t, 'POST', `/survey/response/${responseId}/submit`, token, { payload: { answers: {} } });
    expect(submit.json()).toEqual(CONSENT_REQUIRED);
  });

  it('counts a participant asked to re-consent as awaiting consent on the administrator’s dashboard', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    await signConsent(t, participant.tokens.access_token);
    const admin = await adminSession(t);
    const before = await dataOf<{ participants: Record<string, number> }>(admin('GET', '/dashboard'));
    await publishDefaultVersion(t, [witnessField('Witness name')]);
    await requestReconsent(t, participant.userId);
    const after = await dataOf<{ participants: Record<string, number> }>(admin('GET', '/dashboard'));
    expect(after.participants).toMatchObject({
      consented: before.participants.consented! - 1,
      awaitingConsent: before.participants.awaitingConsent! + 1,
    });
  });

  it('signs the new version: both signed versions listed and downloadable, the first one unchanged, consent dated from the first', async () => {
    const { t, participant, token } = await signedThenAsked();
    const [v1Row] = await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, participant.userId));
    const [v1File] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, v1Row!.signedFileId));

    const ceremony = await openCeremony(t, token);
    const signed = await sign(t, token, completeSigning(t, ceremony));
    expect(signed.json().data).toEqual({ consentSigned: true, signedDate: '03/10/2026' });

    const [user] = await t.db.select().from(users).where(eq(users.id, participant.userId));
    expect(user!.consentSignedAt!.toISOString()).toBe('2026-03-02T15:00:00.000Z');
    expect(user!.reconsentRequestedAt).toBeNull();
    const tokens = await signIn(t, participant.email);
    expect(decodeJwt(tokens.access_token).isConsentSigned).toBe(true);
    const view = await widget(t, tokens.access_token);
    expect(view.consentSigned).toBe(true);
    expect(view.nextRoundOpensAt).toBe('2027-03-02T15:00:00.000Z'); // rounds still count from the first signing

    const list = await call(t, 'GET', '/consent/signatures', token);
    expect(list.statusCode).toBe(200);
    const versions = list.json().data;
    expect(versions).toEqual([
      { id: expect.any(String), version: 2, consentSignBy: 'Ana Núñez', signedDate: '03/10/2026', latest: true },
      { id: v1Row!.id, version: 1, consentSignBy: 'Ana Núñez', signedDate: '03/02/2026', latest: false },
    ]);
    expect((await call(t, 'GET', '/consent/view-consent', token)).json().data).toEqual({
      consentSignBy: 'Ana Núñez',
      signedDate: '03/10/2026',
    });

    const rows = await t.db
      .select()
      .from(consentSignatures)
      .where(eq(consentSignatures.userId, participant.userId))
      .orderBy(asc(consentSignatures.signedAt));
    expect(rows).toHaveLength(2);
    const [first, second] = [versions[1].id, versions[0].id].map((id: string) =>
      call(t, 'GET', `/consent/download-stream?signatureId=${id}`, token),
    );
    const [firstCopy, secondCopy] = await Promise.all([first!, second!]);
    expect([firstCopy.statusCode, secondCopy.statusCode]).toEqual([200, 200]);
    expect(firstCopy.headers['content-disposition']).toBe('attachment; filename="signed-informed-consent.pdf"');
    expect(sha256(firstCopy.rawPayload)).toBe(rows[0]!.signedSha256);
    expect(sha256(secondCopy.rawPayload)).toBe(rows[1]!.signedSha256);
    expect(rows[0]!.signedSha256).not.toBe(rows[1]!.signedSha256);
    const latest = await call(t, 'GET', '/consent/download-stream', token);
    expect(sha256(latest.rawPayload)).toBe(rows[1]!.signedSha256);

    // The first signature and its file are as they were.
    expect(rows[0]).toEqual(v1Row);
    const [v1FileAfter] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, v1Row!.signedFileId));
    expect(v1FileAfter).toEqual(v1File);
  });

  it('never gives a signed copy by id to anyone but its signer', async () => {
    const t = testApp();
    const owner = await signedInParticipant(t);
    await signConsent(t, owner.tokens.access_token);
    const [row] = await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, owner.userId));
    const other = await signedInParticipant(t);
    await signConsent(t, other.tokens.access_token);

    const stolen = await call(t, 'GET', `/consent/download-stream?signatureId=${row!.id}`, other.tokens.access_token);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('No Consent Form Signed');
    const unknown = `/consent/download-stream?signatureId=${crypto.randomUUID()}`;
    expect((await call(t, 'GET', unknown, other.tokens.access_token)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/consent/signatures', other.tokens.access_token)).json().data).toEqual([
      expect.objectContaining({ version: 1, latest: true }),
    ]);
    const nobody = await signedInParticipant(t);
    expect((await call(t, 'GET', '/consent/signatures', nobody.tokens.access_token)).json()).toEqual({
      status: true,
      data: [],
    });
  });

  it('refuses a second signature of the same version, asked again or not', async () => {
    const { t, participant, token } = await signedThenAsked();
    const request = completeSigning(t, await openCeremony(t, token));
    expect((await sign(t, token, request)).statusCode).toBe(200);
    const again = await sign(t, token, request);
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toEqual({ errorCode: 'CONSENT_ALREADY_SIGNED' });

    // Asked again while the current version is the one already signed: still one signature per version.
    await requestReconsent(t, participant.userId);
    const twice = await sign(t, token, request);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data).toEqual({ errorCode: 'CONSENT_ALREADY_SIGNED' });
    expect(
      await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, participant.userId)),
    ).toHaveLength(2);
  });
});
