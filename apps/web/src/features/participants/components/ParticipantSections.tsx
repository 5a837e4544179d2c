import { Box, Button, FormControlLabel, Switch, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { formatDate } from '@portal/shared/dates';
import type { TParticipantView } from '@portal/shared/participants/participants';
import { titleOf } from '@portal/shared/surveys/survey-entries';
import { DetailsList } from '../../../components/ui/DetailsList';
import { Moment } from '../../../components/ui/Moment';
import { LANGUAGE_LABELS, TIMELINE_KIND_LABELS } from '../../../lib/labels';
import { browserTimeZone } from '../../../lib/local-date-time';
import { useCan } from '../../../lib/staff-access';
import { useTranslation } from '../../../lib/use-translation';
import { accountStateText, healthSystemText, QUESTIONNAIRE_LABELS, WINDOW_LABELS } from './labels';
import { SimpleTable } from '../../../components/ui/SimpleTable';

/** One part of the view under its own h4 heading, which names it. */
function Section({ title, children }: { title: string; children: (titleId: string) => ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 4 }}>
      <Typography id={titleId} variant="h4" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children(titleId)}
    </Box>
  );
}

/** Account: its state, health system, language and dates, and a withdrawal request waiting for its hold. */
export function AccountSection({ participant }: { participant: TParticipantView }) {
  const { t } = useTranslation();
  const notYet = t('participantView.account.notYet');
  const request = participant.withdrawalRequest;
  return (
    <Section title={t('participantView.account.title')}>
      {() => (
        <DetailsList
          details={[
            { label: t('participantView.account.email'), value: participant.email },
            { label: t('participantView.account.userId'), value: participant.id },
            { label: t('participantView.account.state'), value: accountStateText(t, participant.account) },
            { label: t('participantView.account.healthSystem'), value: healthSystemText(t, participant) },
            { label: t('participantView.account.language'), value: t(LANGUAGE_LABELS[participant.language]) },
            { label: t('participantView.account.registered'), value: <Moment at={participant.registeredAt} /> },
            {
              label: t('participantView.account.activated'),
              value: <Moment at={participant.activatedAt} empty={notYet} />,
            },
            ...(participant.withdrawnAt
              ? [{ label: t('participantView.account.withdrawn'), value: <Moment at={participant.withdrawnAt} /> }]
              : []),
            ...(request
              ? [
                  {
                    label: t('participantView.account.withdrawalRequest'),
                    value: t('participantView.account.withdrawalRequestPending', {
                      requestedAt: formatDate(request.requestedAt, browserTimeZone()),
                      dueAt: formatDate(request.dueAt, browserTimeZone()),
                    }),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Section>
  );
}

/**
 * Consent: each version signed, newest first, and for a role that may read signed copies a button that opens
 * that copy (the server records each one opened).
 */
export function ConsentSection({
  participant,
  onOpenCopy,
}: {
  participant: TParticipantView;
  onOpenCopy(signatureId: string): void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const copies = can('participants.signedCopies');
  const { signed, reconsentRequestedAt } = participant.consent;
  return (
    <Section title={t('participantView.consent.title')}>
      {(titleId) => (
        <>
          {reconsentRequestedAt && (
            <Typography sx={{ mb: 1 }}>
              {t('participantView.consent.reconsent', { date: formatDate(reconsentRequestedAt, browserTimeZone()) })}
            </Typography>
          )}
          {signed.length === 0 ? (
            <Typography>{t('participantView.consent.none')}</Typography>
          ) : (
            <SimpleTable
              labelledBy={titleId}
              headers={[
                t('participantView.consent.version'),
                t('participantView.consent.form'),
                t('participantView.consent.language'),
                t('participantView.consent.signed'),
                t('participantView.consent.signatureId'),
                ...(copies ? [t('participantView.consent.copy')] : []),
              ]}
              rows={signed.map((signature) => ({
                key: signature.signatureId,
                cells: [
                  signature.formVersion,
                  t(
                    signature.healthSystemForm
                      ? 'participantView.consent.healthSystemForm'
                      : 'participantView.consent.studyForm',
                  ),
                  t(LANGUAGE_LABELS[signature.language]),
                  <Moment key="signed" at={signature.signedAt} />,
                  signature.signatureId,
                  ...(copies
                    ? [
                        <Button
                          key="copy"
                          variant="outlined"
                          size="small"
                          onClick={() => onOpenCopy(signature.signatureId)}
                          aria-label={t('participantView.consent.openCopy', {
                            version: signature.formVersion,
                            date: formatDate(signature.signedAt, browserTimeZone()),
                          })}
                        >
                          {t('participantView.consent.view')}
                        </Button>,
                      ]
                    : []),
                ],
              }))}
            />
          )}
        </>
      )}
    </Section>
  );
}

/** Survey rounds, newest first: each round's window, and where each questionnaire stands (never the answers). */
export function RoundsSection({ participant }: { participant: TParticipantView }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Section title={t('participantView.rounds.title')}>
      {() =>
        participant.rounds.length === 0 ? (
          <Typography>{t('participantView.rounds.none')}</Typography>
        ) : (
          participant.rounds.map((round) => <RoundTable key={round.number} round={round} language={language} />)
        )
      }
    </Section>
  );
}

function RoundTable({ round, language }: { round: TParticipantView['rounds'][number]; language: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const notYet = t('participantView.account.notYet');
  return (
    <Box sx={{ mb: 2 }}>
      <Typography id={titleId} variant="h5" sx={{ fontSize: '1rem', fontWeight: 600, mt: 1, mb: 1 }}>
        {t('participantView.rounds.round', {
          number: round.number,
          opens: formatDate(round.opensAt, browserTimeZone()),
          closes: formatDate(round.closesAt, browserTimeZone()),
          window: t(WINDOW_LABELS[round.window]),
        })}
      </Typography>
      <SimpleTable
        labelledBy={titleId}
        headers={[
          t('participantView.rounds.questionnaire'),
          t('participantView.rounds.stateColumn'),
          t('participantView.rounds.started'),
          t('participantView.rounds.submitted'),
        ]}
        rows={round.questionnaires.map((questionnaire) => ({
          key: questionnaire.formKey,
          cells: [
            titleOf(questionnaire, language),
            t(QUESTIONNAIRE_LABELS[questionnaire.state]),
            <Moment key="started" at={questionnaire.startedAt} empty={notYet} />,
            <Moment key="submitted" at={questionnaire.submittedAt} empty={notYet} />,
          ],
        }))}
      />
    </Box>
  );
}

/**
 * E-mails and reminders: each one sent, or not sent and why, oldest first; a switch shows the whole history
 * (sign-ins, consent, questionnaires, verification, withdrawal) in its place.
 */
export function HistorySection({ participant }: { participant: TParticipantView }) {
  const { t } = useTranslation();
  const [everything, setEverything] = useState(false);
  const entries = everything ? participant.history : participant.history.filter((entry) => entry.kind === 'email');
  return (
    <Section title={t('participantView.history.title')}>
      {(titleId) => (
        <>
          <FormControlLabel
            control={<Switch checked={everything} onChange={(event) => setEverything(event.target.checked)} />}
            label={t('participantView.history.everything')}
          />
          <Typography sx={{ mb: 1 }}>
            {t('participantView.history.timeZone', { timeZone: browserTimeZone() })}
          </Typography>
          {entries.length === 0 ? (
            <Typography>
              {t(everything ? 'participantView.history.noEvents' : 'participantView.history.noEmails')}
            </Typography>
          ) : (
            <SimpleTable
              labelledBy={titleId}
              headers={[
                t('participantView.history.when'),
                t('participantView.history.kind'),
                t('participantView.history.what'),
              ]}
              rows={entries.map((entry, index) => ({
                key: String(index),
                cells: [<Moment key="at" at={entry.at} withTime />, t(TIMELINE_KIND_LABELS[entry.kind]), entry.text],
              }))}
            />
          )}
        </>
      )}
    </Section>
  );
}
