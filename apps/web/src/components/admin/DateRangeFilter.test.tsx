import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangeFilter } from './DateRangeFilter';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const ENGLISH = { from: /From/, to: /To/, apply: 'Apply' };

async function typeRange(from: string, to: string, words = ENGLISH) {
  const user = userEvent.setup();
  await user.clear(screen.getByRole('textbox', { name: words.from }));
  if (from) await user.type(screen.getByRole('textbox', { name: words.from }), from);
  await user.clear(screen.getByRole('textbox', { name: words.to }));
  if (to) await user.type(screen.getByRole('textbox', { name: words.to }), to);
  await user.click(screen.getByRole('button', { name: words.apply }));
}

describe('DateRangeFilter', () => {
  it('starts from the range in use and applies a new one as calendar dates', async () => {
    const onApply = vi.fn();
    render(<DateRangeFilter value={{ from: '2026-10-27', to: '2026-11-25' }} onApply={onApply} />);
    expect(screen.getByRole('textbox', { name: /From/ })).toHaveValue('10/27/2026');
    expect(screen.getByRole('textbox', { name: /To/ })).toHaveValue('11/25/2026');
    await typeRange('01/01/2026', '03/31/2026');
    expect(onApply).toHaveBeenCalledWith({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('names a date off the calendar, a range the wrong way round or over five years, and applies nothing', async () => {
    const onApply = vi.fn();
    render(<DateRangeFilter value={{ from: '2026-10-27', to: '2026-11-25' }} onApply={onApply} />);
    await typeRange('02/30/2026', '03/31/2026');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a real date as MM/DD/YYYY.');
    expect(screen.getByRole('textbox', { name: /From/ })).toHaveAccessibleDescription(
      'Enter a real date as MM/DD/YYYY.',
    );
    await typeRange('03/31/2026', '01/01/2026');
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must be on or before the end date.');
    await typeRange('11/26/2021', '11/26/2026');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a range of five years or less.');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('sp');
    render(<DateRangeFilter value={{ from: '2026-10-27', to: '2026-11-25' }} onApply={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: /Desde/ })).toHaveValue('10/27/2026');
    await typeRange('', '11/25/2026', { from: /Desde/, to: /Hasta/, apply: 'Aplicar' });
    expect(screen.getByRole('alert')).toHaveTextContent('Escriba una fecha real como MM/DD/AAAA.');
  });
});
