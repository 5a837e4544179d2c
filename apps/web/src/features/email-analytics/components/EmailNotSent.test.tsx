import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { EmailNotSent } from './EmailNotSent';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const NOT_SENT = [
  { reason: 'withdrawn', suppressed: 2, remindersSkipped: 0 },
  { reason: 'unsubscribed', suppressed: 1, remindersSkipped: 4 },
  { reason: 'addressSuppressed', suppressed: 3, remindersSkipped: 1 },
  { reason: 'somethingNew', suppressed: 1, remindersSkipped: 0 },
];

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('EmailNotSent', () => {
  it('lists the messages held back and the reminders skipped by reason, in English', () => {
    render(<EmailNotSent notSent={NOT_SENT} />);
    const table = screen.getByRole('table', { name: 'E-mails not sent, by reason' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Reason', 'Messages held back', 'Reminders skipped']);
    expect(rowsOf(table).slice(1)).toEqual([
      'Withdrew from the study20',
      'Unsubscribed from the category14',
      'Address on the suppression list31',
      'somethingNew10',
    ]);
  });

  it('speaks Spanish, and says so when every e-mail went', async () => {
    await i18n.changeLanguage('sp');
    const { unmount } = render(<EmailNotSent notSent={NOT_SENT.slice(1, 2)} />);
    const table = screen.getByRole('table', { name: 'Correos no enviados, por motivo' });
    expect(rowsOf(table).slice(1)).toEqual(['Dejó de recibir la categoría14']);
    unmount();
    render(<EmailNotSent notSent={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Todos los correos de este período se enviaron o están en camino.')).toBeInTheDocument();
  });
});
