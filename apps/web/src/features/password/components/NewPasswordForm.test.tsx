import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { FALLBACK_PASSWORD_POLICY } from '@portal/shared/reference/password-policy';
import { ApiError } from '../../../lib/api-client';
import { NewPasswordForm } from './NewPasswordForm';

/** A password box by its label, which begins with the catalog text (a required mark may follow). */
const box = (key: string) =>
  screen.getByLabelText(new RegExp(`^${i18n.t(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), { selector: 'input' });

describe.each(['en', 'sp'] as const)('the new-password form in %s', (language) => {
  it('asks for both fields and the same password twice before sending', async () => {
    await i18n.changeLanguage(language);
    const onSubmit = vi.fn();
    render(<NewPasswordForm policy={FALLBACK_PASSWORD_POLICY} disabled={false} busy={false} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: i18n.t('password.save') }));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(i18n.t('error.password.bothRequired'));
    await userEvent.type(box('password.newPassword'), 'Kidney#2027');
    await userEvent.type(box('password.confirmPassword'), 'Kidney#2028');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('password.save') }));
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('error.password.mustMatch'));
    // The confirmation is typed again from scratch; the new password stays.
    expect(box('password.confirmPassword')).toHaveValue('');
    expect(box('password.newPassword')).toHaveValue('Kidney#2027');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says something went wrong, in the reader’s language, when the server cannot be reached', async () => {
    await i18n.changeLanguage(language);
    render(
      <NewPasswordForm
        policy={FALLBACK_PASSWORD_POLICY}
        disabled={false}
        busy={false}
        failure={new TypeError('Failed to fetch')}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('error.generic'));
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });

  it('shows the server’s refusal and clears the confirmation', async () => {
    await i18n.changeLanguage(language);
    const props = { policy: FALLBACK_PASSWORD_POLICY, disabled: false, busy: false, onSubmit: vi.fn() };
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

  it('keeps the button disabled during downtime and says why', async () => {
    await i18n.changeLanguage(language);
    render(<NewPasswordForm policy={FALLBACK_PASSWORD_POLICY} disabled busy={false} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: i18n.t('password.save') })).toBeDisabled();
    expect(screen.getByText(i18n.t('error.systemDown'))).toBeVisible();
  });
});
