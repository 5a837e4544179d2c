import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { describe, expect, it, vi } from 'vitest';
import { json, renderEditor, retype, ok, stubEditorServer } from './editor-test-server';
import { SurveyPeriodEditor } from './SurveyPeriodEditor';

const INVALID = 'Please enter a valid value in days for survey period';
const DESCRIPTION = 'Days a survey round stays open after it starts';
const period = (value: number, version: string) => ({ value, description: DESCRIPTION, version });

/** A stubbed period server: `current` answers each GET, `saved` each PUT. */
const stubServer = (current: () => unknown, saved: (body: unknown) => Response = () => json(500, {})) =>
  stubEditorServer((call) => (call.method === 'PUT' ? saved(call.body) : ok(current())));

const show = () => renderEditor(<SurveyPeriodEditor />);

describe('SurveyPeriodEditor', () => {
  it('shows the period in days and the server’s description read-only, under its own heading', async () => {
    stubServer(() => period(90, 'v1'));
    show();
    expect(await screen.findByRole('heading', { level: 3, name: 'Survey period' })).toBeVisible();
    const terms = await screen.findAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual(['Survey period (days)', 'Description']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['90', DESCRIPTION]);
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Survey period change history' })).toBeVisible();
  });

  it('refuses 0, 366, a fraction and an empty box under the field, with Save off until fixed', async () => {
    stubServer(() => period(90, 'v1'));
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('spinbutton', { name: 'Survey period (days)' });
    expect(box).toHaveValue(90);
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription('From 1 to 365.');
    const save = screen.getByRole('button', { name: 'Save' });

    for (const wrong of ['0', '366', '30.5', '']) {
      await retype(box, wrong);
      await vi.waitFor(() => expect(box).toHaveAccessibleDescription(`${INVALID} From 1 to 365.`));
      expect(save).toBeDisabled();
    }
    for (const right of ['1', '365']) {
      await retype(box, right);
      await vi.waitFor(() => expect(save).toBeEnabled());
      expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    }
  });

  it('saves the period with the version opened, shows the popup and the new value read-only', async () => {
    let current = period(90, 'v1');
    const calls = stubServer(
      () => current,
      () => {
        current = period(120, 'v2');
        return ok(current);
      },
    );
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await retype(screen.getByRole('spinbutton', { name: 'Survey period (days)' }), '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved successfully.')).toBeVisible();
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent('120');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/common-server/survey/config/period', body: { period: 120, version: 'v1' } },
    ]);
  });

  it('puts the server’s refusal under the field', async () => {
    stubServer(
      () => period(90, 'v1'),
      () =>
        json(400, {
          status: false,
          message: 'Invalid request',
          data: [{ errorField: 'period', message: 'The server refuses this period.' }],
        }),
    );
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const box = screen.getByRole('spinbutton', { name: 'Survey period (days)' });
    await vi.waitFor(() => expect(box).toHaveAccessibleDescription('The server refuses this period. From 1 to 365.'));
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('Cancel leaves edit mode without saving and loads the period again', async () => {
    let current = period(90, 'v1');
    const calls = stubServer(() => current);
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await retype(screen.getByRole('spinbutton', { name: 'Survey period (days)' }), '45');
    current = period(60, 'v2');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.getAllByRole('definition')[0]).toHaveTextContent('60'));
    expect(calls.map((c) => c.method)).toEqual(['GET', 'GET']);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('sp');
    stubServer(() => period(90, 'v1'));
    const user = userEvent.setup();
    show();
    expect(await screen.findByRole('heading', { name: 'Período de la encuesta' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const box = screen.getByRole('spinbutton', { name: 'Período de la encuesta (días)' });
    await retype(box, '400');
    expect(await screen.findByText('Ingrese un valor válido en días para el período de la encuesta')).toBeVisible();
    expect(box).toHaveAccessibleDescription(
      'Ingrese un valor válido en días para el período de la encuesta De 1 a 365.',
    );
  });
});
