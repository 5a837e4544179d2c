import type { TConsentView } from '@portal/shared/consent/signed-copy';
import { nextStepOf, type TAdminDashboard, type TParticipantDashboard } from '@portal/shared/home/home';
import type { TSurveyWidget } from '@portal/shared/surveys/survey-entries';
import { DAY_MS } from '@portal/shared/durations';
import type { Database } from '../../db/client';
import type { Clock } from '../../providers/clock/clock';
import type { ParticipantScope } from '../../security/participant-scope';
import { countParticipants, countQuestionnaires, findFirstName } from './repository';

const THIRTY_DAYS_MS = 30 * DAY_MS;

/** The signed-in home page: a participant's place in the study, or the administrator's summary. */
export function createHomeService({
  db,
  clock,
  surveys,
  signedCopy,
}: {
  db: Database;
  clock: Clock;
  /** The surveys module's view of the participant's questionnaires. */
  surveys: { widget(userId: string): Promise<TSurveyWidget> };
  /** The consent module's signed copy: who signed and when. */
  signedCopy: { view(userId: string): Promise<TConsentView | null> };
}) {
  return {
    async participant(userId: string): Promise<TParticipantDashboard> {
      const [firstName, consent, widget] = await Promise.all([
        findFirstName(db, userId),
        signedCopy.view(userId),
        surveys.widget(userId),
      ]);
      const study = {
        currentRound: widget.current,
        oneTime: widget.oneTime.filter((entry) => entry.status !== 'submitted'),
        nextRoundOpensAt: widget.nextRoundOpensAt,
      };
      return {
        role: 'patient',
        firstName: firstName ?? '',
        consent: { signed: widget.consentSigned, signedDate: consent?.signedDate ?? null },
        ...study,
        nextStep: nextStepOf({ consentSigned: widget.consentSigned, ...study }),
      };
    },

    /** A staff member's summary, of the participants in their scope. */
    async staff(scope: ParticipantScope): Promise<TAdminDashboard> {
      const since = new Date(clock.now().getTime() - THIRTY_DAYS_MS);
      const [participants, questionnaires] = await Promise.all([
        countParticipants(db, scope),
        countQuestionnaires(db, since, scope),
      ]);
      return { role: 'admin', participants, questionnaires };
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
