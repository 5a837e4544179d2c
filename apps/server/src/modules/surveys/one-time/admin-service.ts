import { randomUUID } from 'node:crypto';
import {
  ONE_TIME_MESSAGES,
  type TOneTimeSurveyInput,
  type TOneTimeSurveyUpdate,
  type TParticipantCheck,
} from '@portal/shared/surveys/one-time-surveys';
import { MINUTE_MS } from '@portal/shared/durations';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { refused, type DataOutcome, type FieldProblem, type RequestContext } from '../../../lib/outcome';
import type { Clock } from '../../../providers/clock/clock';
import {
  findParticipantsByEmail,
  countOneTimeUsers,
  findParticipantsById,
  insertOneTimeForm,
  insertOneTimeSurvey,
  lockOneTimeSurvey,
  replaceOneTimeUsers,
  updateOneTimeSurvey,
  type OneTimeValues,
} from './admin-repository';
import { matchIdentifiers, readIdentifiers, type Found, type UnmatchedRow } from './participant-identifiers';
import { surveyDefinitionProblem } from './survey-definition';

type Saved = DataOutcome<{ id: string; formId: string }>;

const invalid = (errors: FieldProblem[]) => refused(400, errors[0]!.message, errors);

/** The start of the clock's minute: a send date picked for "now" to the minute is not in the past. */
const minuteOf = (now: Date) => new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * The rules of a survey's form and dates: a form the engine reads, a window that starts before it ends, and
 * invitations sent before the window ends, not in the past (unless the send date is kept as it was).
 */
function valuesProblems(input: TOneTimeSurveyUpdate, now: Date, keptSendDate?: Date): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const definition = surveyDefinitionProblem(input.definition);
  if (definition) problems.push({ errorField: 'definition', message: definition });
  const send = new Date(input.sendDate);
  const start = new Date(input.effectiveStartDate);
  const end = new Date(input.effectiveEndDate);
  if (send < minuteOf(now) && send.getTime() !== keptSendDate?.getTime())
    problems.push({ errorField: 'sendDate', message: ONE_TIME_MESSAGES.sendInPast });
  else if (send >= end) problems.push({ errorField: 'sendDate', message: ONE_TIME_MESSAGES.sendAfterEnd });
  if (start >= end) problems.push({ errorField: 'effectiveEndDate', message: ONE_TIME_MESSAGES.window });
  return problems;
}

const valuesOf = (input: TOneTimeSurveyUpdate): OneTimeValues => ({
  name: input.name,
  definition: input.definition,
  sendDate: new Date(input.sendDate),
  effectiveStartDate: new Date(input.effectiveStartDate),
  effectiveEndDate: new Date(input.effectiveEndDate),
});

/** Creating and changing one-time surveys, and checking a participant list before anything is saved. */
export function createOneTimeAdminService({
  db,
  clock,
  inviteAt,
}: {
  db: Database;
  clock: Clock;
  /** Asks for the invitations job to run at a survey's send date. */
  inviteAt: (at: Date) => void;
}) {
  /** Reads a participant list and finds whom each row names, with one query per kind of identifier. */
  async function resolveParticipants(rows: readonly string[]) {
    const read = readIdentifiers(rows);
    const keysOf = (kind: 'email' | 'id') => read.identifiers.filter((i) => i.kind === kind).map((i) => i.key);
    const [byEmail, byId] = await Promise.all([
      findParticipantsByEmail(db, keysOf('email')),
      findParticipantsById(db, keysOf('id')),
    ]);
    const found = { email: new Map<string, Found>(), id: new Map<string, Found>() };
    // An address may belong to a withdrawn participant and to the same person registered again: the live one counts.
    for (const [kind, matches] of [
      ['email', byEmail],
      ['id', byId],
    ] as const) {
      for (const match of matches) {
        const live = match.status !== 'withdrawn';
        if (live || !found[kind].has(match.key))
          found[kind].set(match.key, { userId: match.userId, status: live ? 'live' : 'withdrawn' });
      }
    }
    const matched = matchIdentifiers(read.identifiers, (identifier) => found[identifier.kind].get(identifier.key));
    const unmatched: UnmatchedRow[] = [...read.unmatched, ...matched.unmatched].sort((a, b) => a.row - b.row);
    return { userIds: matched.userIds, unmatched };
  }

  /** The participants of a save, or why the list is refused: it names no one, or a row names no one in the study. */
  async function participantsOf(rows: readonly string[]): Promise<{ userIds: string[] } | { problem: FieldProblem }> {
    const { userIds, unmatched } = await resolveParticipants(rows);
    const problem = (message: string) => ({ problem: { errorField: 'participants', message } });
    if (userIds.length === 0 && unmatched.length === 0) return problem(ONE_TIME_MESSAGES.participantsRequired);
    // Repeated rows are simply kept once; any other row that names no one in the study refuses the save.
    if (unmatched.some((row) => row.reason !== 'duplicate')) return problem(ONE_TIME_MESSAGES.unmatched);
    return { userIds };
  }

  /** Every problem of a save's values and participant list; none when it can be saved. */
  function saveProblems(
    input: TOneTimeSurveyUpdate,
    participants: Awaited<ReturnType<typeof participantsOf>>,
    at: { now: Date; keptSendDate?: Date },
  ) {
    const problems = valuesProblems(input, at.now, at.keptSendDate);
    if ('problem' in participants) problems.push(participants.problem);
    return { problems, userIds: 'userIds' in participants ? participants.userIds : [] };
  }

  function audit(
    tx: Database,
    action: string,
    ids: { surveyId: string; formId: string; version: number },
    values: OneTimeValues,
    participants: number,
    by: { userId: string } & RequestContext,
  ) {
    return recordAudit(tx, {
      at: clock.now(),
      action,
      actorId: by.userId,
      details: {
        ...ids,
        sendDate: values.sendDate.toISOString(),
        effectiveStartDate: values.effectiveStartDate.toISOString(),
        effectiveEndDate: values.effectiveEndDate.toISOString(),
        participants,
      },
      ip: by.ip,
    });
  }

  return {
    /** `POST /survey/one-time/participants/check`: whom the rows name and which rows name no one; saves nothing. */
    async checkParticipants(rows: readonly string[]): Promise<TParticipantCheck> {
      const { userIds, unmatched } = await resolveParticipants(rows);
      return { matched: userIds.length, unmatched };
    },

    /** Saves a new survey, its first form version and its participants, all or nothing. */
    async create(input: TOneTimeSurveyInput, by: { userId: string } & RequestContext): Promise<Saved> {
      const now = clock.now();
      const { problems, userIds } = saveProblems(input, await participantsOf(input.participants), { now });
      if (problems.length > 0) return invalid(problems);
      const values = valuesOf(input);
      const surveyId = randomUUID();
      const formId = await db.transaction(async (tx) => {
        const form = await insertOneTimeForm(tx, { surveyId, version: 1, ...values, at: now });
        await insertOneTimeSurvey(tx, { id: surveyId, formId: form, createdBy: by.userId, at: now, ...values });
        await replaceOneTimeUsers(tx, surveyId, userIds);
        await audit(tx, 'one-time-survey.created', { surveyId, formId: form, version: 1 }, values, userIds.length, by);
        return form;
      });
      inviteAt(values.sendDate);
      return { ok: true, data: { id: surveyId, formId } };
    },

    /**
     * Changes a survey whose invitations have not gone out. Its form cannot change once the send date has come;
     * a changed form or name is a new form version, so answers already started keep the version they were given.
     * Without a participant list the survey keeps the participants it has.
     */
    async update(
      surveyId: string,
      input: TOneTimeSurveyUpdate,
      by: { userId: string } & RequestContext,
    ): Promise<Saved> {
      const now = clock.now();
      const values = valuesOf(input);
      // Read before the transaction: on the embedded database a query outside it would wait for it to end.
      const participants = input.participants ? await participantsOf(input.participants) : undefined;
      const outcome = await db.transaction(async (tx): Promise<Saved> => {
        const current = await lockOneTimeSurvey(tx, surveyId, input.definition);
        if (!current) return refused(404, ONE_TIME_MESSAGES.notFound);
        if (current.invited) return refused(409, ONE_TIME_MESSAGES.alreadySent);
        if (!current.sameDefinition && current.sendDate <= now) return refused(409, ONE_TIME_MESSAGES.formLocked);
        const { problems, userIds } = saveProblems(input, participants ?? { userIds: [] }, {
          now,
          keptSendDate: current.sendDate,
        });
        if (problems.length > 0) return invalid(problems);
        const renamed = current.titleEn !== input.name.en || current.titleSp !== input.name.sp;
        let { formId, version } = current;
        if (!current.sameDefinition || renamed) {
          version += 1;
          formId = await insertOneTimeForm(tx, { surveyId, version, ...values, at: now });
        }
        await updateOneTimeSurvey(tx, surveyId, { formId, at: now, ...values });
        if (participants) await replaceOneTimeUsers(tx, surveyId, userIds);
        const count = participants ? userIds.length : await countOneTimeUsers(tx, surveyId);
        await audit(tx, 'one-time-survey.updated', { surveyId, formId, version }, values, count, by);
        return { ok: true, data: { id: surveyId, formId } };
      });
      if (outcome.ok) inviteAt(values.sendDate);
      return outcome;
    },
  };
}
export type OneTimeAdminService = ReturnType<typeof createOneTimeAdminService>;
