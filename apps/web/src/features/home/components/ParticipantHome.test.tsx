import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { MemoryRouter } from 'react-router';
import type { TParticipantDashboard } from '@portal/shared/home/home';
import type { TSurveyEntry } from '@portal/shared/surveys/survey-entries';
import { AdminHome } from './AdminHome';
import { ParticipantHome } from './ParticipantHome';

const entry = (formKey: string, status: TSurveyEntry['status'], en: string, sp: string): TSurveyEntry => ({
  kind: 'round',
  roundId: '00000000-0000-4000-8000-0000000000aa',
  roundNumber: 1,
  formKey,
  title: { en, sp },
  opensAt: '2026-11-01T15:00:00.000Z',
  closesAt: '2027-01-30T15:00:00.000Z',
  status,
  window: 'open',
});

const round = [
  entry('core', 'submitted', 'About you and your kidney health', 'Sobre usted y la salud de sus riñones'),
  entry('quality-of-life', 'started', 'Quality of life', 'Calidad de vida'),
  entry('health-status', 'open', 'Health status', 'Estado de salud'),
];

const newParticipant: TParticipantDashboard = {
  role: 'patient',
  firstName: 'Rosa',
  consent: { signed: false, signedDate: null },
  currentRound: [],
  oneTime: [],
  nextRoundOpensAt: null,
  nextStep: { kind: 'signConsent' },
};

const answering: TParticipantDashboard = {
  ...newParticipant,
  consent: { signed: true, signedDate: '11/01/2026' },
  currentRound: round,
  nextRoundOpensAt: '2027-11-01T15:00:00.000Z',
  nextStep: { kind: 'continueSurvey', survey: round[1] },
};

function Ceremony({ open, onClose }: { open: boolean; onClose(): void }) {
  return open ? (
    <div role="dialog" aria-label="signing ceremony">
      <button onClick={onClose}>Sign later</button>
    </div>
  ) : null;
}

const renderHome = (dashboard: TParticipantDashboard, openCeremonyAtFirst = false) =>
  render(
    <MemoryRouter>
      <ParticipantHome dashboard={dashboard} ConsentCeremony={Ceremony} openCeremonyAtFirst={openCeremonyAtFirst} />
    </MemoryRouter>,
  );

afterEach(() => {
  sessionStorage.clear();
});

describe('participant home', () => {
  it('opens the signing ceremony at once for a participant who has not signed, and again from the next step', async () => {
    await i18n.changeLanguage('en');
    renderHome(newParticipant, true);
    expect(screen.getByRole('dialog', { name: 'signing ceremony' })).toBeInTheDocument();
    cleanup();
    renderHome(newParticipant);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Welcome, Rosa. Here is where you are in the study.')).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'Your informed consent' });
    await userEvent.click(within(next).getByRole('button', { name: 'Read and sign the consent form' }));
    expect(screen.getByRole('dialog', { name: 'signing ceremony' })).toBeInTheDocument();
    expect(screen.getByText('They open when you sign the consent form.')).toBeInTheDocument();
  });

  it('once closed, the ceremony stays closed when the home page is shown again, until the next sign-in', async () => {
    await i18n.changeLanguage('en');
    renderHome(newParticipant, true);
    await userEvent.click(screen.getByRole('button', { name: 'Sign later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    cleanup();
    renderHome(newParticipant, true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Read and sign the consent form' }));
    expect(screen.getByRole('dialog', { name: 'signing ceremony' })).toBeInTheDocument();
    cleanup();

    // Signing out clears session storage: the next sign-in opens the ceremony at once again.
    sessionStorage.clear();
    renderHome(newParticipant, true);
    expect(screen.getByRole('dialog', { name: 'signing ceremony' })).toBeInTheDocument();
  });

  it('shows the started questionnaire as the next step with its deadline as MM/DD/YYYY, and the round so far', async () => {
    await i18n.changeLanguage('en');
    renderHome(answering);
    const next = screen.getByRole('region', { name: 'Finish “Quality of life”' });
    expect(next).toHaveTextContent('open until 01/30/2027');
    expect(within(next).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/survey');
    const progress = screen.getByRole('region', { name: 'Your progress' });
    expect(progress).toHaveTextContent('Signed on 11/01/2026.');
    expect(within(progress).getByRole('link', { name: 'View your signed consent form' })).toHaveAttribute(
      'href',
      '/profile-settings?tab=consent',
    );
    expect(progress).toHaveTextContent('1 of 3 submitted. Open until 01/30/2027.');
  });

  it('speaks Spanish, with the questionnaire titles in Spanish', async () => {
    await i18n.changeLanguage('sp');
    renderHome(answering);
    expect(screen.getByRole('region', { name: 'Termine “Calidad de vida”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continuar' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Su avance' })).toHaveTextContent('Firmado el 11/01/2026.');
    expect(screen.getByText(/Sobre usted y la salud de sus riñones/)).toBeInTheDocument();
  });

  it('says when the next round opens once everything is answered', async () => {
    await i18n.changeLanguage('en');
    renderHome({
      ...answering,
      currentRound: [],
      nextStep: { kind: 'waitForNextRound', opensAt: '2027-11-01T15:00:00.000Z' },
    });
    expect(screen.getByRole('region', { name: 'You are all caught up' })).toHaveTextContent('11/01/2027');
    expect(screen.getByRole('link', { name: /Education/ })).toHaveAttribute('href', '/education');
  });
});

describe('administrator home', () => {
  it('lists the figures and leads into System Options', async () => {
    await i18n.changeLanguage('en');
    render(
      <MemoryRouter>
        <AdminHome
          summary={{
            role: 'admin',
            participants: {
              registered: 1200,
              awaitingActivation: 30,
              awaitingConsent: 70,
              consented: 1050,
              withdrawn: 50,
            },
            questionnaires: { submittedLast30Days: 310, inProgress: 42 },
          }}
        />
      </MemoryRouter>,
    );
    const participants = screen.getByRole('region', { name: 'Participants' });
    expect(
      within(participants)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'Registered in all',
      'Waiting to activate their account',
      'Active, consent not yet signed',
      'Active, consent signed',
      'Withdrawn',
    ]);
    expect(participants).toHaveTextContent('Registered in all1,200');
    expect(screen.getByRole('region', { name: 'Questionnaires' })).toHaveTextContent(
      'Submitted in the last 30 days310',
    );
    expect(screen.getByRole('link', { name: 'Open System Options' })).toHaveAttribute('href', '/system-options');
  });
});
