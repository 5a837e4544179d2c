import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChartFigure } from './ChartFigure';

const rows = [
  { month: '2026-10', participant: 3, administrator: 1 },
  { month: '2026-11', participant: 0, administrator: 2 },
];
const props = {
  title: 'Withdrawals per month',
  summary: 'Withdrawals per month: 4 in October 2026, 2 in November 2026.',
  kind: 'bar' as const,
  stacked: true,
  rows,
  category: { key: 'month' as const, label: 'Month' },
  series: [
    { key: 'participant' as const, label: 'By the participant', color: '#1f5fa8' },
    { key: 'administrator' as const, label: 'By an administrator', color: '#b3541e' },
  ],
  emptyText: 'No withdrawals yet.',
};

describe('ChartFigure', () => {
  it('is one named image, with every figure in a table behind a disclosure', async () => {
    const user = userEvent.setup();
    render(
      <ChartFigure {...props} formatCategory={(month) => `${String(month).slice(5)}/${String(month).slice(0, 4)}`} />,
    );
    expect(screen.getByRole('figure', { name: 'Withdrawals per month' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: props.summary })).toBeInTheDocument();
    await user.click(screen.getByText('Show the figures as a table'));
    const table = screen.getByRole('table', { name: 'Withdrawals per month' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('10/202631');
    expect(second).toHaveTextContent('11/202602');
    expect(within(table).getByRole('columnheader', { name: 'By an administrator' })).toBeInTheDocument();
  });

  it('says so when there is nothing to draw', () => {
    render(<ChartFigure {...props} rows={[]} />);
    expect(screen.getByText('No withdrawals yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
