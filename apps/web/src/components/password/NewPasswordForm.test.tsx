import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n';
import { FALLBACK_PASSWORD_POLICY } from '@portal/shared/reference/password-policy';
import { ApiError } from '../../lib/api-client';
import { NewPasswordForm } from './NewPasswordForm';

/** A password box by its label, which begins with the catalog text (a required mark may follow). */
const box = (key: string) =>
  screen.getByLabelText(new RegExp(`^${i18n.t(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), { selector: 'input' });

/** The reset page's form, ready to send; read after the language is switched, for the page's words. */
const resetForm = () => ({
  policy: FALLBACK_PASSWORD_POLICY,
  labels: {
    password: i18n.t('password.newPassword'),
    confirmPassword: i18n.t('password.confirmPassword'),
    submit: i18n.t('password.save'),
    submitting: i18n.t('password.saving'),
  },
  disabled: false,
  busy: false,
  onSubmit: vi.fn(),
});

describe.each(['en', 'sp'] as const)('the new-password form in %s', (language) => {
  it('asks for both fields and the same password twice before sending', async () => {
    await i18n.changeLanguage(language);
    const props = resetForm();
    render(<NewPasswordForm {...props} />);
    await userEvent.click(screen.getByRole('button', { name: i18n.t('password.save') }));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(i18n.t('error.password.bothRequired'));
    await userEvent.type(box('password.newPassword'), 'Kidney#2027');
    await userEvent.type(box('password.confirmPassword'), 'Kidney#2028');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('password.save') }));
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('error.password.mustMatch'));
    // The confirmation is typed again from scratch; the new password stays.
    expect(box('password.confirmPassword')).toHaveValue('');
    expect(box('password.newPassword')).toHaveValue('Kidney#2027');
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('says something went wrong, in the reader’s language, when the server cannot be reached', async () => {
    await i18n.changeLanguage(language);
    render(<NewPasswordForm {...resetForm()} failure={new TypeError('Failed to fetch')} />);
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('error.generic'));
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });

  it('shows the server’s refusal and clears the confirmation', async () => {
    await i18n.changeLanguage(language);
    const props = resetForm();
    const { rerender } = render(<NewPasswordForm {...props} />);
    await userEvent.type(box('password.newPassword'), 'Kidney#2027');
    await userEvent.type(box('password.confirmPassword'), 'Kidney#2027');
    const refusal = new ApiError('We could not reset your password.', 400, [
      { errorField: 'password', message: 'Too similar to your e-mail address.' },
    ]);
    rerender(<NewPasswordForm {...props} failure={refusal} />);
    expect(await screen.findByText('Too similar to your e-mail address.')).toBeVisible();
    expect(screen.getByText('We could not reset your password.')).toBeVisible();
    expect(box('password.confirmPassword')).toHaveValue('');
  });

  it('with the refusal in the box only, shows it there alone and moves the focus to it', async () => {
    await i18n.changeLanguage(language);
    const props = { ...resetForm(), refusalInBoxOnly: true };
    const { rerender } = render(<NewPasswordForm {...props} />);
    await userEvent.type(box('password.newPassword'), 'Kidney#2027');
    await userEvent.type(box('password.confirmPassword'), 'Kidney#2027');
    const refusal = new ApiError('The password was used before.', 400, [
      { errorField: 'password', message: 'The password was used before.' },
    ]);
    rerender(<NewPasswordForm {...props} failure={refusal} />);
    expect(await screen.findByText('The password was used before.')).toBeVisible();
    // The box's own message is the one alert; the server's repeat of it is not shown above the button.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(box('password.newPassword')).toHaveAccessibleDescription(/^The password was used before\./);
    expect(box('password.newPassword')).toHaveFocus();
    expect(box('password.confirmPassword')).toHaveValue('');
  });

  it('keeps the button disabled during downtime and says why', async () => {
    await i18n.changeLanguage(language);
    render(<NewPasswordForm {...resetForm()} disabled />);
    expect(screen.getByRole('button', { name: i18n.t('password.save') })).toBeDisabled();
    expect(screen.getByText(i18n.t('error.systemDown'))).toBeVisible();
  });
});
