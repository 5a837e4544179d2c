import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oneTimeErrors, toOneTimeInput, type OneTimeForm } from './one-time-form';

const READ = { ok: true, definition: { elements: [{ type: 'text', name: 'q' }] }, questions: 1, pages: 1 } as const;
const NOW = new Date('2026-03-10T14:00:00.000Z');
const VALUES: OneTimeForm = {
  name: { en: 'Salt check-in', sp: 'Consulta sobre la sal' },
  definition: '{"elements":[{"type":"text","name":"q"}]}',
  sendDate: '2026-03-10T09:05',
  effectiveStartDate: '2026-03-10T09:05',
  effectiveEndDate: '2026-03-17T17:00',
};

beforeEach(() => {
  // Chicago is UTC-5 on March 10, 2026: the clock reads 09:00 there, and 09:05 is 14:05 UTC.
  vi.stubEnv('TZ', 'America/Chicago');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the one-time survey editor rules', () => {
  it('take a send date five minutes ahead, in the reader’s time zone, and send the moments in UTC', () => {
    expect(oneTimeErrors(VALUES, READ, NOW)).toEqual([]);
    expect(toOneTimeInput(VALUES, ['ana@example.org'])).toEqual({
      name: VALUES.name,
      definition: READ.definition,
      sendDate: '2026-03-10T14:05:00.000Z',
      effectiveStartDate: '2026-03-10T14:05:00.000Z',
      effectiveEndDate: '2026-03-17T22:00:00.000Z',
      participants: ['ana@example.org'],
    });
    // A change without a list keeps the survey's participants: the body names none.
    expect(toOneTimeInput(VALUES)).not.toHaveProperty('participants');
  });

  it('refuse blank names, an unread form, a send date in the past and missing dates, each under its field', () => {
    const errors = oneTimeErrors(
      {
        ...VALUES,
        name: { en: ' ', sp: '' },
        sendDate: '2026-03-10T08:59',
        effectiveStartDate: '',
        effectiveEndDate: '',
      },
      { ok: false, error: 'error.oneTime.definitionEmpty' },
      NOW,
    );
    expect(errors).toEqual([
      { path: 'name.en', message: 'error.oneTime.nameRequired' },
      { path: 'name.sp', message: 'error.oneTime.nameRequired' },
      { path: 'definition', message: 'error.oneTime.definitionEmpty' },
      { path: 'sendDate', message: 'error.oneTime.sendInPast' },
      { path: 'effectiveStartDate', message: 'error.oneTime.window' },
      { path: 'effectiveEndDate', message: 'error.oneTime.window' },
    ]);
  });

  it('take a send date in the present minute, as the server does', () => {
    const later = new Date('2026-03-10T14:00:40.000Z');
    expect(oneTimeErrors({ ...VALUES, sendDate: '2026-03-10T09:00' }, READ, later)).toEqual([]);
    expect(oneTimeErrors({ ...VALUES, sendDate: '2026-03-10T08:59' }, READ, later)).toEqual([
      { path: 'sendDate', message: 'error.oneTime.sendInPast' },
    ]);
  });

  it('refuse an end before the start and a send date at or after the end', () => {
    const errors = oneTimeErrors(
      {
        ...VALUES,
        sendDate: '2026-03-20T09:00',
        effectiveStartDate: '2026-03-18T09:00',
        effectiveEndDate: '2026-03-12T09:00',
      },
      READ,
      NOW,
    );
    expect(errors).toEqual([
      { path: 'effectiveEndDate', message: 'error.oneTime.window' },
      { path: 'sendDate', message: 'error.oneTime.sendAfterEnd' },
    ]);
  });
});
