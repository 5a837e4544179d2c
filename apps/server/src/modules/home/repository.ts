import { and, count, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasConsentSql } from '../../db/consent-state';
import { surveyResponses, users } from '../../db/schema';
import { inScope, type ParticipantScope } from '../../security/participant-scope';

type Reader = Pick<Database, 'select'>;

export async function findFirstName(db: Reader, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.firstName;
}

/** Participant accounts in the scope by where they stand, counted in one pass over the users table. */
export async function countParticipants(db: Reader, scope: ParticipantScope) {
  const [row] = await db
    .select({
      registered: count(),
      awaitingActivation: count(sql`case when ${users.status} = 'pending' then 1 end`),
      consented: count(sql`case when ${users.status} = 'active' and ${hasConsentSql()} then 1 end`),
      // A participant asked to sign a newer version awaits consent until they do.
      awaitingConsent: count(sql`case when ${users.status} = 'active' and not ${hasConsentSql()} then 1 end`),
      withdrawn: count(sql`case when ${users.status} = 'withdrawn' then 1 end`),
    })
    .from(users)
    .where(and(eq(users.role, 'patient'), inScope(users.healthSystem, scope)));
  return row!;
}

/** Questionnaires of participants in the scope submitted since a moment, and those started but not yet submitted. */
export async function countQuestionnaires(db: Reader, since: Date, scope: ParticipantScope) {
  const scoped = inScope(users.healthSystem, scope);
  const responses = () => {
    const query = db.select({ value: count() }).from(surveyResponses);
    return scoped ? query.innerJoin(users, eq(users.id, surveyResponses.userId)) : query;
  };
  const [[submitted], [inProgress]] = await Promise.all([
    responses().where(and(isNotNull(surveyResponses.submittedAt), gte(surveyResponses.submittedAt, since), scoped)),
    responses().where(and(isNull(surveyResponses.submittedAt), scoped)),
  ]);
  return { submittedLast30Days: submitted!.value, inProgress: inProgress!.value };
}
