import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { EMPTY_DRAFT } from '../wizard-draft';
import { CriteriaStep } from './CriteriaStep';

describe.each(['en', 'sp'] as const)('participation criteria in %s', (language) => {
  it('asks for all three boxes before moving on', async () => {
    await i18n.changeLanguage(language);
    const onDone = vi.fn();
    render(<CriteriaStep initial={EMPTY_DRAFT.criteria} onDone={onDone} />);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    await userEvent.click(screen.getByRole('button', { name: i18n.t('registration.next') }));
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('error.register.criteria'));
    expect(onDone).not.toHaveBeenCalled();

    await userEvent.click(boxes[2]!);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: i18n.t('registration.next') }));
    expect(onDone).toHaveBeenCalledWith({
      isAdult: true,
      kidneyDiseaseStatus: true,
      nkfRegistrationParticipation: true,
    });
  });
});
