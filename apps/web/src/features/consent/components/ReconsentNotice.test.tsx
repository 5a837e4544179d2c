import { render, screen, within } from '@testing-library/react';
import { i18n } from '../../../lib/i18n';
import { describe, expect, it } from 'vitest';
import { ReconsentNotice } from './ReconsentNotice';

const RECONSENT = {
  signedVersion: 1,
  signedDate: '03/02/2026',
  changes: [
    { kind: 'document' as const },
    { kind: 'fieldAdded' as const, field: 'Witness name' },
    { kind: 'fieldChanged' as const, field: 'Date' },
    { kind: 'fieldRemoved' as const, field: 'Phone' },
    { kind: 'formReplaced' as const },
  ],
};

describe('the re-consent notice above the form', () => {
  it.each([
    {
      language: 'en',
      notice: 'The consent form was updated since you signed version 1 on 03/02/2026. Please read it and sign again.',
      list: 'What changed',
      changes: [
        'The consent document was revised',
        'New field: Witness name',
        'Changed field: Date',
        'Removed field: Phone',
        'Your consent form was replaced by a different form',
      ],
    },
    {
      language: 'sp',
      notice:
        'El formulario de consentimiento se actualizó después de que usted firmó la versión 1 el 03/02/2026. Léalo y fírmelo de nuevo.',
      list: 'Qué cambió',
      changes: [
        'Se revisó el documento de consentimiento',
        'Campo nuevo: Witness name',
        'Campo modificado: Date',
        'Campo eliminado: Phone',
        'Su formulario de consentimiento se reemplazó por otro formulario',
      ],
    },
  ] as const)(
    'in $language names the version signed, its date and each change',
    async ({ language, notice, list, changes }) => {
      await i18n.changeLanguage(language);
      render(<ReconsentNotice reconsent={RECONSENT} />);
      const note = screen.getByRole('note');
      expect(within(note).getByText(notice)).toBeVisible();
      const items = within(screen.getByRole('list', { name: list })).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual(changes);
    },
  );

  it('shows no list when nothing but the version changed', async () => {
    render(<ReconsentNotice reconsent={{ ...RECONSENT, changes: [] }} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'The consent form was updated since you signed version 1 on 03/02/2026. Please read it and sign again.',
    );
    expect(screen.queryByRole('list')).toBeNull();
  });
});
