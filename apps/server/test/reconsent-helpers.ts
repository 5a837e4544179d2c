import { eq } from 'drizzle-orm';
import type { Language } from '@portal/shared/constants';
import { users } from '../src/db/schema';
import { buildDefaultConsentForm } from '../src/modules/consent/default-form/build-default-form';
import { publishConsentForm, type FieldSettings } from '../src/modules/consent/forms';
import type { TestApp } from './helpers';

/** An optional text field on the first page of the form, named by its description. */
export const witnessField = (description: string): FieldSettings => ({
  name: description.toLowerCase().replace(/\W+/g, '-'),
  description,
  type: 'text',
  page: 1,
  x: 72,
  y: 700,
  width: 200,
  height: 20,
  isRequired: false,
});

/**
 * Publishes the next version of the study's default form (the form of participants of no health system): the
 * same PDF with its fields and the extra ones given.
 */
export async function publishDefaultVersion(t: TestApp, extra: FieldSettings[], language: Language = 'en') {
  const built = await buildDefaultConsentForm(language);
  return publishConsentForm(t.db, {
    healthSystemId: null,
    language,
    fileName: built.fileName,
    bytes: built.bytes,
    fields: [...built.fields, ...extra],
    at: t.clock.now(),
  });
}

/** Asks a participant to sign the current version of their form, as publishing with re-consent does. */
export async function requestReconsent(t: TestApp, userId: string) {
  await t.db.update(users).set({ reconsentRequestedAt: t.clock.now() }).where(eq(users.id, userId));
}
