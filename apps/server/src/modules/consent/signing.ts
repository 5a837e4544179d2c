import {
  GET_SIGNATURE_CEREMONY,
  GET_SIGNATURE_CEREMONY_DOCUMENT,
  SIGNING_ERROR_CODES,
  SIGNING_LOCALES,
  type TCeremony,
  type TReconsent,
  type TSignatureInit,
  type TSignatureStatus,
  type TSignRequest,
} from '@portal/shared/consent/ceremony';
import { SIGNED_COPY_FILE_NAME } from '@portal/shared/consent/signed-copy';
import { fieldValueProblems, normalizedFieldValues } from '@portal/shared/consent/field-values';
import { API_BASE } from '@portal/shared/constants';
import { calendarDate, formatDate } from '@portal/shared/dates';
import { toLanguage } from '@portal/shared/i18n/language';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { hasConsent, reconsentPending } from '../../db/consent-state';
import { refused, type DataOutcome, type Outcome, type Refusal } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { Mailer } from '../../providers/mail/mailer';
import { consentSignedMail } from '../../providers/mail/templates/consent';
import { emailCodeMail } from '../../providers/mail/templates/login-code';
import { sha256Hex, type FileStore } from '../../providers/storage/file-store';
import type { AttemptLimiter } from '../../security/attempt-limiter';
import { attemptKey } from '../../security/attempt-limiter';
import { codeMatches, hashSecret, newEmailCode } from '../../security/one-use-token';
import { appendCertificate } from './certificate';
import { findFormFields } from '../../db/consent-forms';
import { formChanges, type FormSnapshot } from '../../lib/form-changes';
import {
  consentCodes,
  findCurrentFormFor,
  findForm,
  findParticipant,
  findSignature,
  hasSignedForm,
  insertSignature,
  lockParticipant,
  type ConsentFormRow,
  type Participant,
} from './repository';
import { stampFields } from './stamp';
import { pathOf } from '@portal/shared/api/call';

const MINUTE_MS = 60_000;
/** Wrong signing codes allowed per participant in a quarter of an hour. */
const CODE_ATTEMPTS = { max: 5, windowMs: 15 * MINUTE_MS };

/** The evidence of where a signing came from. */
export interface SigningContext {
  ip: string;
  userAgent: string;
}

export interface SigningDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  files: FileStore;
  limiter: AttemptLimiter;
  getSigningPolicy(): Promise<{ otpRequiredBeforeIcfSign: boolean; otpLength: number; otpExpiryInMin: number }>;
}

export const ceremonyUrl = (formId: string) => `${API_BASE}${pathOf(GET_SIGNATURE_CEREMONY.path, { formId })}`;
const fullName = (p: Participant) => `${p.firstName} ${p.lastName}`.trim();

const notAllowed = refused(403, 'error.forbidden');
const alreadySigned = refused(409, 'consent.alreadySigned', undefined, SIGNING_ERROR_CODES.alreadySigned);
const outdated = refused(409, 'consent.formOutdated', undefined, SIGNING_ERROR_CODES.formOutdated);

/**
 * The built-in e-signature ceremony: which form a participant signs, the code asked first when
 * the policy says so, and the signing itself, which stamps the values, appends the certificate page, stores
 * the signed copy with its hashes and e-mails it.
 */
export function createSigningService(deps: SigningDeps) {
  const { db, clock } = deps;

  /** A participant who may sign, or why not. */
  async function signer(userId: string): Promise<Participant | Refusal> {
    const participant = await findParticipant(db, userId);
    if (!participant || participant.role !== 'patient' || participant.status !== 'active') return notAllowed;
    return participant;
  }

  /** The participant's current form, if `formId` is it. */
  async function currentForm(participant: Participant, formId: string): Promise<ConsentFormRow | Refusal> {
    const form = await findCurrentFormFor(db, toLanguage(participant.language), participant.healthSystem);
    if (!form) return refused(503, 'consent.noForm');
    if (form.id !== formId) return (await findForm(db, formId)) ? outdated : refused(404, 'consent.noForm');
    return form;
  }

  /** For a participant asked to sign again: the version they signed last, when, and what changed since. */
  async function reconsentOf(participant: Participant, current: FormSnapshot): Promise<TReconsent | null> {
    if (!reconsentPending(participant)) return null;
    const signature = await findSignature(db, participant.id);
    const signed = signature && (await findForm(db, signature.formId));
    if (!signature || !signed) return null;
    return {
      signedVersion: signed.version,
      signedDate: formatDate(signature.signedAt),
      changes: formChanges({ ...signed, fields: await findFormFields(db, signed.id) }, current),
    };
  }

  async function checkCode(participant: Participant, code: string | undefined): Promise<Refusal | undefined> {
    const policy = await deps.getSigningPolicy();
    if (!policy.otpRequiredBeforeIcfSign) return undefined;
    if (!code?.trim()) return refused(400, 'consent.codeRequired', undefined, SIGNING_ERROR_CODES.codeRequired);
    if (!(await deps.limiter.allow(attemptKey('signing-code', participant.id), CODE_ATTEMPTS)))
      return refused(429, 'error.tooManyAttempts');
    const open = await consentCodes.findOpen(db, { userId: participant.id });
    const wrong = (message: string) => refused(400, message, [{ errorField: 'code', message }]);
    if (!open || !codeMatches(open.codeHash, code)) return wrong('consent.codeInvalid');
    const now = clock.now();
    if (open.expiresAt <= now) return wrong('consent.codeExpired');
    // Two signings with one code at once: the one whose use lands goes on, the other finds the code spent.
    if (!(await consentCodes.use(db, { id: open.id }, now))) return wrong('consent.codeInvalid');
    return undefined;
  }

  return {
    /** `GET /signature/init`. */
    async init(userId: string): Promise<DataOutcome<TSignatureInit>> {
      const participant = await signer(userId);
      if ('ok' in participant) return participant;
      const userLanguage = toLanguage(participant.language);
      if (hasConsent(participant))
        return { ok: true, data: { consentSigned: true, signUrl: null, userLanguage, reconsent: false } };
      const form = await findCurrentFormFor(db, userLanguage, participant.healthSystem);
      if (!form) return refused(503, 'consent.noForm');
      return {
        ok: true,
        data: {
          consentSigned: false,
          signUrl: ceremonyUrl(form.id),
          userLanguage,
          reconsent: reconsentPending(participant),
        },
      };
    },

    /** What `signUrl` answers: the form version and its fields. */
    async ceremony(userId: string, formId: string): Promise<DataOutcome<TCeremony>> {
      const participant = await signer(userId);
      if ('ok' in participant) return participant;
      if (hasConsent(participant)) return alreadySigned;
      const form = await currentForm(participant, formId);
      if ('ok' in form) return form;
      const language = toLanguage(form.language);
      const fields = await findFormFields(db, form.id);
      return {
        ok: true,
        data: {
          formId: form.id,
          version: form.version,
          language,
          locale: SIGNING_LOCALES[language],
          fileName: form.fileName,
          sha256: form.sha256,
          documentUrl: `${API_BASE}${pathOf(GET_SIGNATURE_CEREMONY_DOCUMENT.path, { formId: form.id })}`,
          codeRequired: (await deps.getSigningPolicy()).otpRequiredBeforeIcfSign,
          participantName: fullName(participant),
          fields,
          reconsent: await reconsentOf(participant, { ...form, fields }),
        },
      };
    },

    /** The PDF of the form being signed. */
    async document(userId: string, formId: string): Promise<DataOutcome<{ bytes: Uint8Array; fileName: string }>> {
      const participant = await signer(userId);
      if ('ok' in participant) return participant;
      const form = await currentForm(participant, formId);
      if ('ok' in form) return form;
      const file = await deps.files.read(db, form.fileId);
      if (!file) return refused(503, 'consent.noForm');
      return { ok: true, data: { bytes: file.bytes, fileName: form.fileName } };
    },

    /** E-mails the code asked before signing, when the policy asks for one. */
    async sendCode(userId: string): Promise<Outcome> {
      const participant = await signer(userId);
      if ('ok' in participant) return participant;
      if (hasConsent(participant)) return alreadySigned;
      const policy = await deps.getSigningPolicy();
      if (!policy.otpRequiredBeforeIcfSign) return refused(400, 'consent.codeNotNeeded');
      const now = clock.now();
      const code = newEmailCode(policy.otpLength);
      const expiresAt = new Date(now.getTime() + policy.otpExpiryInMin * MINUTE_MS);
      const language = toLanguage(participant.language);
      const emailId = await db.transaction(async (tx) => {
        await consentCodes.issue(tx, { userId, codeHash: hashSecret(code), expiresAt }, now);
        return deps.mailer.queue(tx, {
          to: participant.email,
          userId,
          language,
          template: 'consent-code',
          // A secret useless after a few minutes: never kept for sending again.
          priority: 'security',
          content: emailCodeMail('consentCode', language, {
            firstName: participant.firstName,
            code,
            minutes: policy.otpExpiryInMin,
          }),
        });
      });
      deps.mailer.deliverNow([emailId]);
      return { ok: true, message: 'consent.codeSent' };
    },

    /** `POST /signature/sign`: validates, stamps, certifies, stores and e-mails the signed copy. */
    async sign(userId: string, request: TSignRequest, context: SigningContext): Promise<DataOutcome<TSignatureStatus>> {
      const participant = await signer(userId);
      if ('ok' in participant) return participant;
      if (hasConsent(participant)) return alreadySigned;
      const form = await currentForm(participant, request.formId);
      if ('ok' in form) return form;
      const fields = await findFormFields(db, form.id);
      const now = clock.now();
      const problems = fieldValueProblems(fields, request.values, calendarDate(now, 'UTC'));
      if (problems.length > 0) return refused(400, 'consent.fieldsIncomplete', problems);
      const codeProblem = await checkCode(participant, request.code);
      if (codeProblem) return codeProblem;

      // The store has checked the bytes against the SHA-256 it recorded; that must be the form's own.
      const original = await deps.files.read(db, form.fileId);
      if (!original || original.sha256 !== form.sha256)
        throw new Error(`consent form ${form.id} does not match its hash`);
      const values = normalizedFieldValues(fields, request.values);
      const language = toLanguage(form.language);
      let stamped;
      try {
        stamped = await stampFields({ original: original.bytes, fields, values, signature: request.signature });
      } catch {
        return refused(400, 'consent.signatureUnreadable');
      }
      const stampedBytes = await stamped.save();
      await appendCertificate(stamped, {
        language,
        signerName: fullName(participant),
        signerEmail: participant.email,
        signedAt: now,
        signature: request.signature,
        formVersion: form.version,
        formFileName: form.fileName,
        formSha256: form.sha256,
        stampedSha256: sha256Hex(stampedBytes),
        ip: context.ip,
        userAgent: context.userAgent,
        fields,
        values,
      });
      const signedBytes = await stamped.save();

      const signedDate = formatDate(now);
      const outcome = await db.transaction(async (tx): Promise<Refusal | string> => {
        const locked = await lockParticipant(tx, userId);
        if (!locked || locked.status !== 'active') return notAllowed;
        if (hasConsent(locked) || (await hasSignedForm(tx, userId, form.id))) return alreadySigned;
        const current = await findCurrentFormFor(tx, toLanguage(locked.language), locked.healthSystem);
        if (current?.id !== form.id) return outdated;
        const file = await deps.files.store(tx, { bytes: signedBytes, contentType: 'application/pdf', at: now });
        await insertSignature(tx, {
          userId,
          formId: form.id,
          formSha256: form.sha256,
          signedFileId: file.id,
          signedSha256: file.sha256,
          signedAt: now,
          signerName: fullName(participant),
          signerEmail: participant.email,
          signatureMethod: request.signature.method,
          fieldValues: fields.map((field) => ({ ...field, value: values[field.id] ?? null })),
          ip: context.ip,
          userAgent: context.userAgent,
        });
        await recordAudit(tx, {
          at: now,
          action: 'consent.signed',
          actorId: userId,
          subjectId: userId,
          details: {
            formId: form.id,
            formVersion: form.version,
            formSha256: form.sha256,
            signedSha256: file.sha256,
            method: request.signature.method,
          },
          ip: context.ip,
        });
        return deps.mailer.queue(tx, {
          to: participant.email,
          userId,
          language,
          template: 'consent-signed',
          content: consentSignedMail(language, { firstName: participant.firstName, date: signedDate }),
          attachments: [{ filename: SIGNED_COPY_FILE_NAME, contentType: 'application/pdf', fileId: file.id }],
        });
      });
      if (typeof outcome !== 'string') return outcome;
      deps.mailer.deliverNow([outcome]);
      return { ok: true, data: { consentSigned: true, signedDate } };
    },

    /** `GET /signature`: whether the participant has consent and when they last signed. */
    async status(userId: string): Promise<TSignatureStatus> {
      const [participant, signature] = await Promise.all([findParticipant(db, userId), findSignature(db, userId)]);
      const consentSigned = Boolean(participant && hasConsent(participant));
      return { consentSigned, signedDate: consentSigned && signature ? formatDate(signature.signedAt) : null };
    },
  };
}
export type SigningService = ReturnType<typeof createSigningService>;
