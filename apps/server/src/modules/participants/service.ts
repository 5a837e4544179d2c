import type { TTimelineEntry } from '@portal/shared/audit-log/audit-log';
import type { Language } from '@portal/shared/constants';
import { toLanguage } from '@portal/shared/i18n/language';
import {
  PARTICIPANT_MESSAGES as M,
  PARTICIPANT_SEARCH_LIMIT,
  searchKindOf,
  type TAccountState,
  type TParticipantSearchResult,
  type TParticipantSummary,
  type TParticipantView,
  type TQuestionnaireState,
  type TSurveyRound,
} from '@portal/shared/participants/participants';
import { NO_HEALTH_SYSTEM } from '@portal/shared/registration/registration-form';
import type { SurveyStatus, SurveyWindow, TSurveyEntry } from '@portal/shared/surveys/survey-entries';
import { recordAudit } from '../../db/audit';
import type { Database } from '../../db/client';
import { refused, type DataOutcome, type Outcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { ParticipantScope } from '../../security/participant-scope';
import {
  findParticipant,
  findPendingWithdrawalRequest,
  findSignedConsents,
  searchParticipants,
  unlockParticipant,
  type ParticipantRow,
  type ParticipantSummaryRow,
} from './repository';

/** The account a participant's history is told from, as `history` takes it. */
export interface HistorySubject {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  createdAt: Date;
  activatedAt: Date | null;
  reconsentRequestedAt: Date | null;
}

/** A survey round as the Surveys module tells it: its window at the time asked, and each questionnaire's entry. */
export interface RecordedRound {
  number: number;
  opensAt: Date;
  closesAt: Date;
  window: SurveyWindow;
  entries: TSurveyEntry[];
}

/** What the participant view needs of other modules (modules do not import each other; app-services wires them). */
export interface ParticipantsDeps {
  db: Database;
  clock: Clock;
  /**
   * The participant's history, oldest first, in a reader's language: the Audit Log's timeline, or (`full` false)
   * without sign-in addresses and verification decisions.
   */
  history(participant: HistorySubject, language: Language, full: boolean): Promise<TTimelineEntry[]>;
  /** The participant's recorded survey rounds, newest first; read only, so a round due is not recorded by a view. */
  recordedRounds(userId: string, now: Date): Promise<RecordedRound[]>;
  /** A signed copy of the participant's, checked against its recorded hash; undefined when they have no such one. */
  signedCopy(userId: string, signatureId: string): Promise<Uint8Array | undefined>;
  /** Registration's resend: a fresh activation link by e-mail to an account not active yet. */
  resendActivation(query: { id: string }): Promise<Outcome>;
}

/** Who is looking: the staff member, the participants they may see, and where the request came from. */
export interface StaffReader extends RequestContext {
  staffId: string;
  scope: ParticipantScope;
  /** A role that reads the audit trail sees the whole history; any other its account, e-mails, consent and surveys. */
  readsAuditTrail: boolean;
}

const notFound = () => refused(404, M.notFound);

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function accountState(row: { status: string; lockedUntil: Date | null }, now: Date): TAccountState {
  const status = row.status === 'withdrawn' ? 'withdrawn' : row.status === 'pending' ? 'pendingActivation' : 'active';
  const locked = status !== 'withdrawn' && row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
  return { status, lockedUntil: locked ? row.lockedUntil!.toISOString() : null };
}

function summaryOf(row: ParticipantSummaryRow, now: Date): TParticipantSummary {
  const value = row.healthSystem && row.healthSystem !== NO_HEALTH_SYSTEM ? row.healthSystem : undefined;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    healthSystem: value ? { value, name: row.healthSystemName ?? value } : null,
    account: accountState(row, now),
  };
}

const QUESTIONNAIRE_STATE: Record<SurveyStatus, TQuestionnaireState> = {
  open: 'notStarted',
  started: 'inProgress',
  submitted: 'submitted',
};

/** A round as the view shows it: where each questionnaire stands, never its answers. */
const roundOf = (round: RecordedRound): TSurveyRound => ({
  number: round.number,
  opensAt: round.opensAt.toISOString(),
  closesAt: round.closesAt.toISOString(),
  window: round.window,
  questionnaires: round.entries.map((entry) => ({
    formKey: entry.formKey!,
    title: entry.title,
    state: QUESTIONNAIRE_STATE[entry.status],
    startedAt: entry.startedAt ?? null,
    submittedAt: entry.submittedAt ?? null,
  })),
});

/**
 * The Participants tab: finding a participant, their view (account, consent, survey rounds, history), a signed
 * copy of their consent, and the help the help desk gives (a new activation e-mail, lifting a lock). Only
 * participants of the staff member's scope are ever read; one out of it is answered as an unknown one. Every
 * search, view, download and action leaves an audit row naming the staff member and the participant.
 */
export function createParticipantsService(deps: ParticipantsDeps) {
  const { db, clock } = deps;

  const audit = (reader: StaffReader, action: string, subjectId?: string, details?: Record<string, unknown>) =>
    recordAudit(db, { at: clock.now(), action, actorId: reader.staffId, subjectId, details, ip: reader.ip });

  /** The participant in scope, or the same 404 for one unknown and one out of scope. */
  async function participantFor(reader: StaffReader, id: string): Promise<DataOutcome<ParticipantRow>> {
    const row = await findParticipant(db, id, reader.scope);
    return row ? { ok: true, data: row } : notFound();
  }

  return {
    /** Up to `PARTICIPANT_SEARCH_LIMIT` participants in scope; the search is recorded by kind, never by its text. */
    async search(reader: StaffReader, query: string): Promise<TParticipantSearchResult> {
      const kind = searchKindOf(query);
      const rows = await searchParticipants(db, { kind, query }, reader.scope, PARTICIPANT_SEARCH_LIMIT + 1);
      const now = clock.now();
      const results = rows.slice(0, PARTICIPANT_SEARCH_LIMIT).map((row) => summaryOf(row, now));
      await audit(reader, 'participant.searched', undefined, {
        by: kind,
        found: results.length,
        participantIds: results.map((r) => r.id),
      });
      return { results, more: rows.length > PARTICIPANT_SEARCH_LIMIT };
    },

    /** The participant view, in the reader's language; recorded as a view of that participant. */
    async view(reader: StaffReader, id: string, language: Language): Promise<DataOutcome<TParticipantView>> {
      const found = await participantFor(reader, id);
      if (!found.ok) return found;
      const row = found.data;
      const now = clock.now();
      const [signed, withdrawalRequest, rounds, history] = await Promise.all([
        findSignedConsents(db, id),
        findPendingWithdrawalRequest(db, id),
        deps.recordedRounds(id, now),
        deps.history(row, language, reader.readsAuditTrail),
      ]);
      await audit(reader, 'participant.viewed', id);
      return {
        ok: true,
        data: {
          ...summaryOf(row, now),
          language: toLanguage(row.language),
          registeredAt: row.createdAt.toISOString(),
          activatedAt: iso(row.activatedAt),
          withdrawnAt: iso(row.withdrawnAt),
          withdrawalRequest: withdrawalRequest
            ? { requestedAt: withdrawalRequest.requestedAt.toISOString(), dueAt: withdrawalRequest.dueAt.toISOString() }
            : null,
          consent: {
            reconsentRequestedAt: iso(row.reconsentRequestedAt),
            signed: signed.map((s) => ({
              signatureId: s.signatureId,
              formVersion: s.formVersion,
              language: toLanguage(s.language),
              healthSystemForm: s.healthSystemId !== null,
              signedAt: s.signedAt.toISOString(),
            })),
          },
          rounds: rounds.map(roundOf),
          history,
        },
      };
    },

    /** One of the participant's signed copies; the download is recorded as an access to that document. */
    async signedCopy(reader: StaffReader, id: string, signatureId: string): Promise<DataOutcome<Uint8Array>> {
      const found = await participantFor(reader, id);
      if (!found.ok) return found;
      const bytes = await deps.signedCopy(id, signatureId);
      if (!bytes) return refused(404, M.noSignedCopy);
      await audit(reader, 'participant.signedCopyDownloaded', id, { signatureId });
      return { ok: true, data: bytes };
    },

    /** A new activation e-mail (registration's own) for an account that awaits activation; refused otherwise. */
    async resendActivation(reader: StaffReader, id: string): Promise<Outcome> {
      const found = await participantFor(reader, id);
      if (!found.ok) return found;
      const { status } = found.data;
      if (status === 'withdrawn') return refused(409, M.withdrawn);
      if (status !== 'pending') return refused(409, M.alreadyActive);
      const sent = await deps.resendActivation({ id });
      if (!sent.ok) return sent;
      await audit(reader, 'participant.activationResent', id);
      return { ok: true, message: M.activationResent };
    },

    /** Lifts a lock of failed sign-ins at once and forgets the failures; refused when the account is not locked. */
    async unlock(reader: StaffReader, id: string): Promise<Outcome> {
      const found = await participantFor(reader, id);
      if (!found.ok) return found;
      const now = clock.now();
      const unlocked = await db.transaction(async (tx) => {
        if (!(await unlockParticipant(tx, id, reader.scope, now))) return false;
        await recordAudit(tx, {
          at: now,
          action: 'participant.unlocked',
          actorId: reader.staffId,
          subjectId: id,
          details: { lockedUntil: iso(found.data.lockedUntil) },
          ip: reader.ip,
        });
        return true;
      });
      return unlocked ? { ok: true, message: M.unlocked } : refused(409, M.notLocked);
    },
  };
}
export type ParticipantsService = ReturnType<typeof createParticipantsService>;
