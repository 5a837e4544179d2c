import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { okReply, renderAsStaff, stubPortal } from '../../../test-portal';
import { SuppressionList } from './SuppressionList';

afterEach(async () => {
  vi.unstubAllEnvs();
  await i18n.changeLanguage('en');
});

const entry = (id: string, email: string, reason: string, provider: string, createdAt: string) => ({
  id,
  email,
  reason,
  provider,
  detail: null,
  createdAt,
});
const ENTRIES = [
  entry('s1', 'gone@example.org', 'bounce', 'sendgrid', '2026-02-11T21:00:00.000Z'),
  entry('s2', 'angry@example.org', 'complaint', 'ses', '2026-02-03T15:00:00.000Z'),
];
const page = (content: unknown[]) => okReply({ content, totalElements: content.length, page: 0, size: 10 });

/** The list's calls: the page, and a lift that answers `lift`. */
function stubList(content: unknown[], lift = () => okReply(undefined, 'The suppression was lifted.')) {
  return stubPortal((call) => (call.method === 'POST' ? lift() : page(content)));
}

const textsOf = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

describe('SuppressionList', () => {
  it('lists each suppressed address with its reason, provider and date, and lifts one after confirming', async () => {
    vi.stubEnv('TZ', 'America/Chicago');
    const calls = stubList(ENTRIES);
    const user = userEvent.setup();
    renderAsStaff(<SuppressionList />);
    const table = await screen.findByRole('table', { name: 'Suppressed addresses' });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/email-analytics/suppressions' });
    expect(calls[0]!.query.toString()).toBe('page=0&size=10');
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(textsOf(within(header!).getAllByRole('columnheader'))).toEqual([
      'Address',
      'Reason',
      'Provider',
      'Date',
      'Action',
    ]);
    expect(rows.map((row) => textsOf(within(row).getAllByRole('cell')))).toEqual([
      ['gone@example.org', 'Bounced', 'SendGrid', '02/11/2026', 'Lift'],
      ['angry@example.org', 'Complaint', 'Amazon SES', '02/03/2026', 'Lift'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Lift the suppression of gone@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift this suppression?' });
    expect(dialog).toHaveTextContent(
      'E-mails of every category will go to gone@example.org again. If it bounces or complains again, the provider reports it again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, lift it' }));
    // Announced: the outcome is in a status region.
    expect((await screen.findByText('The suppression was lifted.')).closest('[role="status"]')).not.toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/email-analytics/suppressions/s1/lift',
    ]);
  });

  it('shows an auditor the list without Lift', async () => {
    stubList(ENTRIES);
    renderAsStaff(<SuppressionList />, 'auditor');
    const table = await screen.findByRole('table', { name: 'Suppressed addresses' });
    expect(within(table).getByRole('cell', { name: 'gone@example.org' })).toBeVisible();
    expect(within(table).queryByRole('button', { name: /Lift/ })).not.toBeInTheDocument();
  });

  it('says in Spanish when no address is suppressed', async () => {
    await i18n.changeLanguage('sp');
    stubList([]);
    renderAsStaff(<SuppressionList />);
    expect(await screen.findByText('No hay ninguna dirección suprimida.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Direcciones suprimidas' })).toBeInTheDocument();
  });

  it('keeps the refusal of a lift in the dialog, and has nothing axe can find against WCAG 2.2 AA', async () => {
    stubList(
      ENTRIES,
      () =>
        new Response(JSON.stringify({ status: false, message: 'This suppression was already lifted.' }), {
          status: 409,
        }),
    );
    const user = userEvent.setup();
    const { container } = renderAsStaff(<SuppressionList />);
    await screen.findByRole('table', { name: 'Suppressed addresses' });
    const results = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Lift the suppression of angry@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift this suppression?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, lift it' }));
    expect(await within(dialog).findByText('This suppression was already lifted.')).toBeInTheDocument();
  });
});
