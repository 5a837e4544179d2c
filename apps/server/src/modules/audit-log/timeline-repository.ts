import { and, asc, eq, like, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  auditLog,
  consentForms,
  consentSignatures,
  consentWithdrawals,
  emailMessages,
  healthSystemVerifications,
  surveyResponses,
  users,
  verificationChanges,
} from '../../db/schema';
import { inScope, type ParticipantScope } from '../../security/participant-scope';

type Reader = Pick<Database, 'select'>;

/** The most of each kind of event one timeline reads: a participant's history stays one page. */
export const TIMELINE_SOURCE_LIMIT = 1000;

/** A participant within the scope, or undefined: one of another health system is not found. */
export async function findParticipant(db: Reader, scope: ParticipantScope, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      createdAt: users.createdAt,
      activatedAt: users.activatedAt,
      reconsentRequestedAt: users.reconsentRequestedAt,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'patient'), inScope(users.healthSystem, scope)));
  return row;
}

/** Everything a participant's timeline is made of, each kind oldest first. */
export async function findTimelineSources(db: Reader, userId: string) {
  const [emails, audits, signatures, responses, verification, changes, withdrawal] = await Promise.all([
    db
      .select({
        at: emailMessages.createdAt,
        subject: emailMessages.subject,
        status: emailMessages.status,
        suppressedReason: emailMessages.suppressedReason,
        smtpReply: emailMessages.smtpReply,
        error: emailMessages.error,
      })
      .from(emailMessages)
      .where(eq(emailMessages.userId, userId))
      .orderBy(asc(emailMessages.createdAt))
      .limit(TIMELINE_SOURCE_LIMIT),
    db
      .select({ at: auditLog.at, action: auditLog.action, ip: auditLog.ip, details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectId, userId),
          or(like(auditLog.action, 'login.%'), like(auditLog.action, 'withdrawal.request.%')),
        ),
      )
      .orderBy(asc(auditLog.at))
      .limit(TIMELINE_SOURCE_LIMIT),
    db
      .select({ at: consentSignatures.signedAt, version: consentForms.version, language: consentForms.language })
      .from(consentSignatures)
      .innerJoin(consentForms, eq(consentForms.id, consentSignatures.formId))
      .where(eq(consentSignatures.userId, userId))
      .orderBy(asc(consentSignatures.signedAt))
      .limit(TIMELINE_SOURCE_LIMIT),
    db
      .select({
        formKey: surveyResponses.formKey,
        startedAt: surveyResponses.startedAt,
        submittedAt: surveyResponses.submittedAt,
      })
      .from(surveyResponses)
      .where(eq(surveyResponses.userId, userId))
      .orderBy(asc(surveyResponses.startedAt))
      .limit(TIMELINE_SOURCE_LIMIT),
    db
      .select({ at: healthSystemVerifications.createdAt, healthSystem: healthSystemVerifications.healthSystem })
      .from(healthSystemVerifications)
      .where(eq(healthSystemVerifications.userId, userId)),
    db
      .select({
        at: verificationChanges.at,
        oldStatus: verificationChanges.oldStatus,
        newStatus: verificationChanges.newStatus,
      })
      .from(verificationChanges)
      .where(eq(verificationChanges.userId, userId))
      .orderBy(asc(verificationChanges.at))
      .limit(TIMELINE_SOURCE_LIMIT),
    db
      .select({
        at: consentWithdrawals.withdrawnAt,
        source: consentWithdrawals.source,
        reason: consentWithdrawals.reason,
      })
      .from(consentWithdrawals)
      .where(eq(consentWithdrawals.userId, userId)),
  ]);
  return { emails, audits, signatures, responses, verification, changes, withdrawal };
}
export type TimelineSources = Awaited<ReturnType<typeof findTimelineSources>>;
