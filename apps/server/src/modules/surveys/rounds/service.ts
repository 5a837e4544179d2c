import type { TSurveyEntry, TSurveyNotification, TSurveyWidget } from '@portal/shared/surveys/survey-entries';
import {
  SURVEY_MESSAGES,
  type TSurveyResponse,
  type TSurveySave,
  type TSurveyStart,
  type TSurveySubmit,
} from '@portal/shared/surveys/survey-response';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { hasConsent } from '../../../db/consent-state';
import { refused, type DataOutcome, type Refusal } from '../../../lib/outcome';
import type { Clock } from '../../../providers/clock/clock';
import type { SurveyScheduleSettings } from '../period/service';
import { answersFit, finalAnswers, keptAnswers } from './answers';
import { isPast, isWaiting, oneTimeEntries, roundEntries } from './entries';
import {
  findOneTimeAssignment,
  findOneTimeAssignments,
  findResponse,
  findResponses,
  findRound,
  findRoundForms,
  findRoundResponses,
  findRoundsToOpen,
  findRounds,
  findSurveyParticipant,
  insertRounds,
  markSurveyTourSeen,
  saveResponse,
  startResponse,
  submitResponse,
  type StoredResponse,
} from './repository';
import { addDays, roundSchedule, windowAt } from './rounds';

const notFound = () => refused(404, SURVEY_MESSAGES.notFound);

/** Why answers can no longer change, if they cannot. */
function lockedReason(response: { submittedAt: Date | null; opensAt: Date; closesAt: Date }, now: Date) {
  if (response.submittedAt) return refused(409, SURVEY_MESSAGES.alreadySubmitted, undefined, 'ALREADY_SUBMITTED');
  return windowRefusal(windowAt(response, now));
}

function windowRefusal(window: 'upcoming' | 'open' | 'closed'): Refusal | undefined {
  if (window === 'upcoming') return refused(409, SURVEY_MESSAGES.notYetOpen, undefined, 'NOT_YET_OPEN');
  if (window === 'closed') return refused(409, SURVEY_MESSAGES.closed, undefined, 'SURVEY_CLOSED');
  return undefined;
}

/** The participant's questionnaires: rounds, one-time surveys, saving, resuming and submitting. */
export function createSurveyService({
  db,
  clock,
  schedule,
}: {
  db: Database;
  clock: Clock;
  schedule: SurveyScheduleSettings;
}) {
  /**
   * Records the rounds that have opened by now (the first at consent, then every configured number of months),
   * each with the survey period in force when it opened, and answers every entry the participant has.
   */
  async function recordRounds(userId: string, consentSignedAt: Date, now: Date) {
    const { periodDaysAt, intervalMonths } = await schedule.getSchedule();
    const due = roundSchedule(consentSignedAt, now, intervalMonths);
    let rounds = await findRounds(db, userId);
    const missing = due.opened.filter((r) => !rounds.some((known) => known.number === r.number));
    if (missing.length > 0) {
      await insertRounds(
        db,
        userId,
        missing.map((r) => ({ ...r, closesAt: addDays(r.opensAt, periodDaysAt(r.opensAt)) })),
        now,
      );
      rounds = await findRounds(db, userId);
    }
    return { rounds, nextOpensAt: due.nextOpensAt };
  }

  async function entriesOf(userId: string, now: Date) {
    const participant = await findSurveyParticipant(db, userId);
    if (!participant || !hasConsent(participant)) return undefined;
    const { rounds, nextOpensAt } = await recordRounds(userId, participant.consentSignedAt, now);
    const [forms, responses, assignments] = await Promise.all([
      findRoundForms(db),
      findResponses(db, userId),
      findOneTimeAssignments(db, userId),
    ]);
    return {
      participant,
      nextRoundOpensAt: nextOpensAt,
      rounds: roundEntries(rounds, forms, responses, now),
      oneTime: oneTimeEntries(assignments, responses, now),
    };
  }

  /** Questionnaires wait while the participant has no consent (never signed, or asked to sign a new version). */
  async function consentRefusal(userId: string): Promise<Refusal | undefined> {
    const participant = await findSurveyParticipant(db, userId);
    if (participant && hasConsent(participant)) return undefined;
    return refused(403, SURVEY_MESSAGES.consentRequired, undefined, 'CONSENT_REQUIRED');
  }

  const byNewest = (a: TSurveyEntry, b: TSurveyEntry) => b.opensAt.localeCompare(a.opensAt);

  return {
    /**
     * Records the rounds that have opened by `now` for participants who have not been seen since (so survey
     * reminders count from a round's opening whether or not the participant logged in); at most `limit` people.
     * Answers how many were behind, so a caller can go on until none is.
     */
    async openDueRounds(now: Date, limit: number): Promise<number> {
      const { intervalMonths } = await schedule.getSchedule();
      const due = await findRoundsToOpen(db, now, intervalMonths, limit);
      for (const participant of due) {
        await recordRounds(participant.userId, participant.consentSignedAt, now);
      }
      return due.length;
    },
    /**
     * The rounds recorded for a participant, newest first, each with where its questionnaires stand at `now`.
     * Only reads: a round due but not recorded yet is not added (staff looking must not change the participant).
     */
    async recordedRounds(userId: string, now: Date) {
      const rounds = await findRounds(db, userId);
      if (rounds.length === 0) return [];
      const [forms, responses] = await Promise.all([
        findRoundForms(db),
        findRoundResponses(
          db,
          rounds.map((round) => round.id),
        ),
      ]);
      return [...rounds]
        .sort((a, b) => b.number - a.number)
        .map((round) => ({
          ...round,
          window: windowAt(round, now),
          entries: roundEntries([round], forms, responses, now),
        }));
    },
    /** How many questionnaires a round holds: a round is submitted once each of them is. */
    roundFormCount: async () => (await findRoundForms(db)).length,

    async widget(userId: string): Promise<TSurveyWidget> {
      const now = clock.now();
      const all = await entriesOf(userId, now);
      if (!all) {
        const participant = await findSurveyParticipant(db, userId);
        return {
          consentSigned: false,
          tourSeen: Boolean(participant?.surveyTourSeenAt),
          current: [],
          nextRoundOpensAt: null,
          past: [],
          oneTime: [],
        };
      }
      return {
        consentSigned: true,
        tourSeen: Boolean(all.participant.surveyTourSeenAt),
        current: all.rounds.filter((e) => e.window === 'open'),
        nextRoundOpensAt: all.nextRoundOpensAt.toISOString(),
        past: [...all.rounds, ...all.oneTime].filter(isPast).sort(byNewest),
        oneTime: all.oneTime.filter((e) => e.window === 'open'),
      };
    },

    /** `GET /survey/notification`: whether a round questionnaire or a one-time survey waits for the participant. */
    async notification(userId: string): Promise<TSurveyNotification> {
      const all = await entriesOf(userId, clock.now());
      return {
        generalSurveyOpen: Boolean(all?.rounds.some(isWaiting)),
        oneTimeSurveyOpen: Boolean(all?.oneTime.some(isWaiting)),
      };
    },

    async markTourSeen(userId: string) {
      await markSurveyTourSeen(db, userId, clock.now());
    },

    /** Starts a questionnaire, or finds the one already started (a second tab, another device). */
    async start(userId: string, body: TSurveyStart): Promise<DataOutcome<{ responseId: string }>> {
      const noConsent = await consentRefusal(userId);
      if (noConsent) return noConsent;
      const now = clock.now();
      let target: { formId: string; formKey: string; opensAt: Date; closesAt: Date } | undefined;
      if (body.kind === 'round') {
        const [round, forms] = await Promise.all([findRound(db, userId, body.roundId), findRoundForms(db)]);
        const form = forms.find((f) => f.key === body.formKey);
        if (round && form) target = { formId: form.id, formKey: form.key, ...round };
      } else {
        const assignment = await findOneTimeAssignment(db, userId, body.oneTimeSurveyId);
        if (assignment) target = { formId: assignment.form.id, formKey: assignment.form.key, ...assignment };
      }
      if (!target) return notFound();
      const closedOrEarly = windowRefusal(windowAt(target, now));
      if (closedOrEarly) return closedOrEarly;
      const response = await startResponse(db, {
        userId,
        formId: target.formId,
        formKey: target.formKey,
        ...(body.kind === 'round' ? { roundId: body.roundId } : { oneTimeSurveyId: body.oneTimeSurveyId }),
        at: now,
      });
      if (response.submittedAt) return refused(409, SURVEY_MESSAGES.alreadySubmitted, undefined, 'ALREADY_SUBMITTED');
      return { ok: true, data: { responseId: response.id } };
    },

    /** The form and the answers so far; read-only once submitted or when the window is over. */
    async response(userId: string, responseId: string): Promise<DataOutcome<TSurveyResponse>> {
      const noConsent = await consentRefusal(userId);
      if (noConsent) return noConsent;
      const response = await findResponse(db, userId, responseId);
      if (!response) return notFound();
      return { ok: true, data: describe(response, clock.now()) };
    },

    async save(userId: string, responseId: string, body: TSurveySave): Promise<DataOutcome<{ savedAt: string }>> {
      const noConsent = await consentRefusal(userId);
      if (noConsent) return noConsent;
      const now = clock.now();
      const response = await findResponse(db, userId, responseId);
      if (!response) return notFound();
      const locked = lockedReason(response, now);
      if (locked) return locked;
      if (!answersFit(body.answers)) return refused(413, SURVEY_MESSAGES.tooLarge);
      const answers = keptAnswers(response.form.definition, body.answers);
      const saved = await saveResponse(db, responseId, { answers, pageNo: body.pageNo, at: now });
      if (!saved) return refused(409, SURVEY_MESSAGES.alreadySubmitted, undefined, 'ALREADY_SUBMITTED');
      return { ok: true, data: { savedAt: now.toISOString() } };
    },

    /** Submits once, inside the window, with every required answer given. */
    async submit(
      userId: string,
      responseId: string,
      body: TSurveySubmit,
      from: { ip: string },
    ): Promise<DataOutcome<{ submittedAt: string }>> {
      if (!answersFit(body.answers)) return refused(413, SURVEY_MESSAGES.tooLarge);
      const noConsent = await consentRefusal(userId);
      if (noConsent) return noConsent;
      return db.transaction(async (tx) => {
        const now = clock.now();
        const response = await findResponse(tx, userId, responseId, true);
        if (!response) return notFound();
        const locked = lockedReason(response, now);
        if (locked) return locked;
        const checked = finalAnswers(response.form.definition, body.answers);
        if (!checked.ok) {
          return refused(
            400,
            SURVEY_MESSAGES.incomplete,
            checked.questions.map((name) => ({ errorField: name, message: SURVEY_MESSAGES.checkAnswer })),
          );
        }
        await submitResponse(tx, responseId, { answers: checked.answers, at: now });
        await recordAudit(tx, {
          at: now,
          action: 'survey.submitted',
          actorId: userId,
          subjectId: userId,
          details: { responseId, form: response.form.key, version: response.form.version },
          ip: from.ip,
        });
        return { ok: true, data: { submittedAt: now.toISOString() } };
      });
    },
  };
}
export type SurveyService = ReturnType<typeof createSurveyService>;

function describe(response: StoredResponse, now: Date): TSurveyResponse {
  const locked = lockedReason(response, now);
  return {
    responseId: response.id,
    kind: response.roundId ? 'round' : 'one-time',
    title: { en: response.form.titleEn, sp: response.form.titleSp },
    formKey: response.form.key,
    formVersion: response.form.version,
    definition: response.form.definition as Record<string, unknown>,
    answers: response.answers as Record<string, unknown>,
    pageNo: response.pageNo,
    status: response.submittedAt ? 'submitted' : 'started',
    closesAt: response.closesAt.toISOString(),
    editable: !locked,
    ...(response.submittedAt && { submittedAt: response.submittedAt.toISOString() }),
  };
}
