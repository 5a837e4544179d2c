import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_PASSWORD_POLICY } from '@portal/shared/reference/password-policy';
import { FALLBACK_REGISTRATION_DROPDOWNS } from '@portal/shared/reference/registration-dropdowns';
import { i18n } from '../../../lib/i18n';
import { PersonalStep, type PersonalValues } from './PersonalStep';

const FILLED: PersonalValues = {
  firstName: 'Rose',
  lastName: 'Smith',
  birthDate: '05/17/1960',
  gender: 'female',
  country: 'USA',
  postalCode: '17821',
  language: 'en',
  healthSystem: '',
  healthSystemConsent: false,
};

function renderStep(language: 'en' | 'sp' = 'en', values: Partial<PersonalValues> = {}) {
  const onSubmit = vi.fn(async () => {});
  render(
    <PersonalStep
      policy={FALLBACK_PASSWORD_POLICY}
      options={FALLBACK_REGISTRATION_DROPDOWNS[language]}
      initial={{ ...FILLED, language, ...values }}
      captchaEnabled={false}
      actionsDisabled={false}
      onChange={() => {}}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit };
}

const healthSystem = () =>
  screen.getByRole('combobox', { name: /Health system where you receive kidney care/ }) as HTMLSelectElement;
const register = () => screen.getByRole('button', { name: 'Register' });
/** The dialog fades out; until then the page behind it stays hidden from assistive technology. */
const dialogGone = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

describe('the health-system choice', () => {
  it('asks nothing while the choice moves through the options, and asks on leaving the field', async () => {
    renderStep();
    await userEvent.selectOptions(healthSystem(), 'Geisinger');
    await userEvent.selectOptions(healthSystem(), 'None of the below');
    await userEvent.selectOptions(healthSystem(), 'Geisinger');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(healthSystem()).toHaveFocus();

    await userEvent.tab();
    const dialog = screen.getByRole('dialog', { name: 'Confirm your health system' });
    expect(dialog).toHaveTextContent(
      "You've selected Geisinger. Do you receive care here? If not, choose another option or select None of the below.",
    );
  });

  it('asks nothing when leaving on None of the below, and registers without a question', async () => {
    const { onSubmit } = renderStep();
    await userEvent.selectOptions(healthSystem(), 'None of the below');
    await userEvent.tab();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(register());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ healthSystem: 'none' }), undefined);
  });

  it('after No, empties the select and gives it focus again; leaving it empty asks nothing', async () => {
    renderStep();
    await userEvent.selectOptions(healthSystem(), 'Geisinger');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'No, choose another option' }));
    await dialogGone();
    expect(healthSystem()).toHaveValue('');
    expect(healthSystem()).toHaveFocus();

    await userEvent.tab();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(register());
    expect(await screen.findByText('Please select a health system where you receive kidney care.')).toBeVisible();
  });

  it('after Yes on leaving the field, keeps the system and does not ask again', async () => {
    const { onSubmit } = renderStep();
    await userEvent.selectOptions(healthSystem(), 'Geisinger');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, I receive care here' }));
    await dialogGone();
    expect(healthSystem()).toHaveValue('geisinger');
    // Focus goes on to where the person was going: the consent box that came with the choice.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Geisinger/ })).toHaveFocus());
    await userEvent.click(screen.getByRole('checkbox', { name: /Geisinger/ }));
    await userEvent.click(register());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ healthSystem: 'geisinger', healthSystemConsent: true }),
      undefined,
    );
  });

  it('Register asks about a system kept from before (a draft) and goes on only after Yes', async () => {
    const { onSubmit } = renderStep('en', { healthSystem: 'geisinger', healthSystemConsent: true });
    await userEvent.click(register());
    const dialog = screen.getByRole('dialog', { name: 'Confirm your health system' });
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, I receive care here' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ healthSystem: 'geisinger', healthSystemConsent: true }),
      undefined,
    );
  });

  it('Register does not go on after No', async () => {
    const { onSubmit } = renderStep('en', { healthSystem: 'geisinger', healthSystemConsent: true });
    await userEvent.click(register());
    await userEvent.click(screen.getByRole('button', { name: 'No, choose another option' }));
    await dialogGone();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(healthSystem()).toHaveValue('');
    expect(healthSystem()).toHaveFocus();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('sp');
    renderStep('sp');
    const select = screen.getByRole('combobox', { name: /Sistema de salud donde recibe atención para los riñones/ });
    await userEvent.selectOptions(select, 'Geisinger');
    await userEvent.tab();
    const dialog = screen.getByRole('dialog', { name: 'Confirme su sistema de salud' });
    expect(dialog).toHaveTextContent(
      'Seleccionó Geisinger. ¿Recibe atención aquí? Si no, elija otra opción o seleccione Ninguna de las anteriores.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, elegir otra opción' }));
    await dialogGone();
    expect(select).toHaveValue('');
    expect(select).toHaveFocus();
  });
});
