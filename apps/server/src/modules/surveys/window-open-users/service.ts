import { calendarDate, type IsoDate } from '@portal/shared/dates';
import type {
  TOpenedUser,
  TOpenedUsersQuery,
  TQuestionnaireProgress,
  TSurveyCompletion,
  TSurveyReportCount,
} from '@portal/shared/surveys/opened-users';
import type { SurveyStatus } from '@portal/shared/surveys/survey-entries';
import type { Page } from '@portal/shared/api/paging';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../providers/clock/clock';
import type { ParticipantScope } from '../../../security/participant-scope';
import { roundEntries } from '../rounds/entries';
import { completionByDay, countOpenRounds, listOpenRounds } from './repository';
import { findRoundForms, findRoundResponses } from '../rounds/repository';
import { addDays } from '../rounds/rounds';

/** Participants whose rounds are recorded in one go; the next batch follows until none is behind. */
const ROUNDS_BATCH = 200;

const PROGRESS: Record<SurveyStatus, TQuestionnaireProgress> = {
  open: 'notStarted',
  started: 'started',
  submitted: 'submitted',
};

const daysBefore = (date: IsoDate, days: number): IsoDate =>
  addDays(new Date(`${date}T00:00:00.000Z`), -days)
    .toISOString()
    .slice(0, 10);

/**
 * The Survey Window Open Users tab: who has a round window open now and how far they got, the counts behind
 * it, and windows and submissions per day. Rounds opened since a participant's last visit are recorded first,
 * so a window is listed from the moment it opens.
 */
export function createOpenedUsersService({
  db,
  clock,
  timeZone,
  openDueRounds,
}: {
  db: Database;
  clock: Clock;
  /** The study's time zone, whose calendar days the completion figures count in. */
  timeZone: string;
  openDueRounds(now: Date, limit: number): Promise<number>;
}) {
  async function recordedNow() {
    const now = clock.now();
    while ((await openDueRounds(now, ROUNDS_BATCH)) === ROUNDS_BATCH);
    return now;
  }

  return {
    /**
     * `GET /survey/opened-users`: one page of the open windows of participants within the scope, each
     * questionnaire with its progress.
     */
    async listOpenedUsers(scope: ParticipantScope, query: TOpenedUsersQuery): Promise<Page<TOpenedUser>> {
      const now = await recordedNow();
      const [{ rows, total }, forms] = await Promise.all([
        listOpenRounds(db, scope, { ...query, now }),
        findRoundForms(db),
      ]);
      const responses = await findRoundResponses(
        db,
        rows.map((row) => row.id),
      );
      return {
        content: rows.map((row) => ({
          roundId: row.id,
          userId: row.userId,
          email: row.email,
          name: `${row.firstName} ${row.lastName}`,
          roundNumber: row.number,
          opensAt: row.opensAt.toISOString(),
          closesAt: row.closesAt.toISOString(),
          questionnaires: roundEntries([row], forms, responses, now).map((entry) => ({
            formKey: entry.formKey!,
            title: entry.title,
            progress: PROGRESS[entry.status],
          })),
        })),
        totalElements: total,
        page: query.page,
        size: query.size,
      };
    },

    /** `GET /survey/report/count`: open windows, and of them not started, started and all submitted. */
    async count(): Promise<TSurveyReportCount> {
      const now = await recordedNow();
      const forms = await findRoundForms(db);
      const counted = await countOpenRounds(db, now, forms.length);
      return { ...counted, started: counted.openWindows - counted.notStarted - counted.submitted };
    },

    /** `GET /survey/report/completion`: the last `days` days of the study's calendar, today last. */
    async completion(days: number): Promise<TSurveyCompletion> {
      const now = await recordedNow();
      const to = calendarDate(now, timeZone);
      return { timeZone, days: await completionByDay(db, { from: daysBefore(to, days - 1), to, timeZone }) };
    },
  };
}
export type OpenedUsersService = ReturnType<typeof createOpenedUsersService>;
