import { z } from 'zod';
import { envelope } from '../api/envelope';
import { ZSurveyEntry, type TSurveyEntry } from '../surveys/survey-entries';
import { call } from '../api/call';

/** The one thing a participant should do next, as the home page shows it. */
export const NEXT_STEPS = ['signConsent', 'continueSurvey', 'startSurvey', 'waitForNextRound', 'allDone'] as const;
export type NextStepKind = (typeof NEXT_STEPS)[number];

export const ZNextStep = z.object({
  kind: z.enum(NEXT_STEPS),
  /** The questionnaire to start or continue. */
  survey: ZSurveyEntry.optional(),
  /** When the next round opens (ISO), for `waitForNextRound`. */
  opensAt: z.string().optional(),
});
export type TNextStep = z.infer<typeof ZNextStep>;

/** A participant's place in the study: consent, the open round, one-time surveys and the next step. */
export const ZParticipantDashboard = z.object({
  role: z.literal('patient'),
  firstName: z.string(),
  consent: z.object({ signed: z.boolean(), signedDate: z.string().nullable() }),
  /** The questionnaires of the round open now, in the order they are answered. */
  currentRound: z.array(ZSurveyEntry),
  /** One-time surveys open now. */
  oneTime: z.array(ZSurveyEntry),
  nextRoundOpensAt: z.string().nullable(),
  nextStep: ZNextStep,
});
export type TParticipantDashboard = z.infer<typeof ZParticipantDashboard>;

/** The administrator's summary of the study. */
export const ZAdminDashboard = z.object({
  role: z.literal('admin'),
  participants: z.object({
    /** Every participant account ever made, withdrawn ones included. */
    registered: z.number().int(),
    awaitingActivation: z.number().int(),
    /** Active accounts whose consent is signed. */
    consented: z.number().int(),
    /** Active accounts not yet consented. */
    awaitingConsent: z.number().int(),
    withdrawn: z.number().int(),
  }),
  questionnaires: z.object({
    submittedLast30Days: z.number().int(),
    inProgress: z.number().int(),
  }),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

export const GET_DASHBOARD = call('GET', '/dashboard');

/** `GET /dashboard`: what the signed-in home page shows, for a participant or an administrator. */
export const ZDashboard = z.discriminatedUnion('role', [ZParticipantDashboard, ZAdminDashboard]);
export type TDashboard = z.infer<typeof ZDashboard>;
export const ZDashboardReply = envelope(ZDashboard);

const byDeadline = (a: TSurveyEntry, b: TSurveyEntry) => a.closesAt.localeCompare(b.closesAt);

/**
 * The next step: sign the consent first; then finish what was started, the
 * closest deadline first; then start what is open, round questionnaires in their order before one-time surveys;
 * otherwise wait for the next round.
 */
export function nextStepOf({
  consentSigned,
  currentRound,
  oneTime,
  nextRoundOpensAt,
}: {
  consentSigned: boolean;
  currentRound: readonly TSurveyEntry[];
  oneTime: readonly TSurveyEntry[];
  nextRoundOpensAt: string | null;
}): TNextStep {
  if (!consentSigned) return { kind: 'signConsent' };
  const open = [...currentRound, ...oneTime].filter((entry) => entry.window === 'open');
  const started = open.filter((entry) => entry.status === 'started').sort(byDeadline)[0];
  if (started) return { kind: 'continueSurvey', survey: started };
  const waiting = open.find((entry) => entry.status === 'open');
  if (waiting) return { kind: 'startSurvey', survey: waiting };
  if (nextRoundOpensAt) return { kind: 'waitForNextRound', opensAt: nextRoundOpensAt };
  return { kind: 'allDone' };
}
