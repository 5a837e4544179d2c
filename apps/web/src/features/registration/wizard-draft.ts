import { z } from 'zod';

/** Steps of the wizard: 0 criteria, 1 account, 2 personal, 3 activate. */
export const STEPS = ['criteria', 'account', 'personal', 'activate'] as const;
export const ACTIVATE_STEP = 3;

const ZDraft = z.object({
  activeStep: z.number().int().min(0).max(ACTIVATE_STEP),
  /** Highest completed step, -1 when none is. */
  completed: z.number().int().min(-1).max(ACTIVATE_STEP),
  criteria: z.object({
    isAdult: z.boolean(),
    kidneyDiseaseStatus: z.boolean(),
    nkfRegistrationParticipation: z.boolean(),
  }),
  email: z.string(),
  personal: z.record(z.string(), z.union([z.string(), z.boolean()])),
  registeredEmail: z.string().optional(),
});
export type WizardDraft = z.infer<typeof ZDraft>;

/**
 * Progress is kept in session storage: it survives a reload but not the closing of the browser, which
 * matters on a shared family computer. The password is never stored; after a reload it is asked again.
 */
const STORAGE_KEY = 'registrationWizard';

export const EMPTY_DRAFT: WizardDraft = {
  activeStep: 0,
  completed: -1,
  criteria: { isAdult: false, kidneyDiseaseStatus: false, nkfRegistrationParticipation: false },
  email: '',
  personal: {},
};

export function loadDraft(): WizardDraft {
  try {
    const parsed = ZDraft.safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(draft: WizardDraft) {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
}

export function clearDraft() {
  sessionStorage.removeItem(STORAGE_KEY);
}
