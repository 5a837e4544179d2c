import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Moment } from './Moment';

// The browser is in Chicago, six hours behind UTC on these winter dates.
vi.mock('../../lib/local-date-time', () => ({ browserTimeZone: () => 'America/Chicago' }));

describe('Moment', () => {
  it('shows a date as MM/DD/YYYY in the browser time zone, keeping the instant in dateTime', () => {
    render(<Moment at="2026-03-01T15:04:00Z" />);
    const time = screen.getByText('03/01/2026');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-01T15:04:00Z');
  });

  it('reads an instant early in the UTC day as the evening before in Chicago', () => {
    render(<Moment at="2026-03-01T03:04:00Z" />);
    expect(screen.getByText('02/28/2026')).toBeInTheDocument();
  });

  it('adds the time on a 12-hour clock when asked', () => {
    render(<Moment at="2026-03-01T15:04:00Z" withTime />);
    expect(screen.getByText('03/01/2026 09:04 AM')).toBeInTheDocument();
  });

  it('takes a time zone it is given in place of the browser one', () => {
    render(<Moment at="2026-03-01T03:04:00Z" withTime timeZone="UTC" />);
    expect(screen.getByText('03/01/2026 03:04 AM')).toBeInTheDocument();
  });

  it('shows the empty text, and no time element, when there is no date', () => {
    const { container, rerender } = render(<Moment at={null} empty="Not yet" />);
    expect(screen.getByText('Not yet')).toBeInTheDocument();
    expect(container.querySelector('time')).toBeNull();
    rerender(<Moment at={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
