import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, EMPTY_DRAFT, loadDraft, saveDraft } from './wizard-draft';

afterEach(() => sessionStorage.clear());

describe('wizard draft', () => {
  it('comes back after a reload, from session storage', () => {
    const draft = {
      ...EMPTY_DRAFT,
      activeStep: 2,
      completed: 1,
      email: 'rose@example.org',
      personal: { firstName: 'Rose' },
    };
    saveDraft(draft);
    expect(loadDraft()).toEqual(draft);
    expect(localStorage.length).toBe(0);
  });

  it('never holds a password', () => {
    saveDraft({ ...EMPTY_DRAFT, personal: { firstName: 'Rose' } });
    expect(JSON.stringify(sessionStorage)).not.toMatch(/password/i);
  });

  it('starts empty when nothing or something unreadable is stored', () => {
    expect(loadDraft()).toEqual(EMPTY_DRAFT);
    sessionStorage.setItem('registrationWizard', '{"activeStep": 9}');
    expect(loadDraft()).toEqual(EMPTY_DRAFT);
    sessionStorage.setItem('registrationWizard', 'not json');
    expect(loadDraft()).toEqual(EMPTY_DRAFT);
  });

  it('is cleared', () => {
    saveDraft({ ...EMPTY_DRAFT, completed: 0 });
    clearDraft();
    expect(loadDraft()).toEqual(EMPTY_DRAFT);
  });
});
