import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Language } from '@portal/shared/constants';
import type { TConsentTab } from '@portal/shared/health-systems/consent-form-settings';
import {
  consentForms,
  consentInputFields,
  consentPublications,
  healthSystems,
  storedFiles,
  users,
} from '../src/db/schema';
import type { TestApp } from './helpers';
import { call, signedInParticipant } from './participant-helpers';
import { API } from './registration-helpers';
import type { Method } from './settings-helpers';

export const HS = '/health-system';
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** The refusal of a change made from an editor loaded before another change of the system. */
export const CHANGED_MEANWHILE =
  'Another administrator changed this health system while you were editing. Reload it to see the latest ' +
  'version, then make your change again.';
/** US Letter in PDF points. */
export const LETTER = { width: 612, height: 792 };

/** A part of a multipart body: a text part, or a file part when `fileName` is given. */
export interface Part {
  name: string;
  value: string | Uint8Array;
  fileName?: string;
  contentType?: string;
}

/** An authenticated multipart call, encoded as a browser's FormData sends it; `language` sets the preferredLanguage cookie. */
export async function multipartCall(
  t: TestApp,
  method: Method,
  path: string,
  token: string | undefined,
  parts: Part[],
  language?: Language,
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const part of parts)
    if (part.fileName)
      form.append(part.name, new Blob([part.value], { type: part.contentType ?? 'application/pdf' }), part.fileName);
    else form.append(part.name, String(part.value));
  // The platform's own encoder writes the body and its boundary, exactly as fetch would.
  const encoded = new Request('http://portal.test/', { method: 'POST', body: form });
  return t.app.inject({
    method,
    url: `${API}${path}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': encoded.headers.get('content-type')!,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
    cookies: language ? { preferredLanguage: language } : {},
  });
}

/** A real PDF of `pages` US Letter pages, each with a line of text (a different `title` gives other bytes). */
export async function letterPdf(pages = 1, title = 'Lakeside consent form'): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = document.addPage([LETTER.width, LETTER.height]);
    page.drawText(`${title}, page ${n}`, { x: 72, y: 720, size: 14, font });
  }
  return document.save({ useObjectStreams: false });
}

/** A one-page PDF whose catalog runs JavaScript when opened. */
export async function openActionJavaScriptPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([LETTER.width, LETTER.height]);
  const action = document.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
  return document.save({ useObjectStreams: false });
}

/** A one-page PDF protected by a password. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([LETTER.width, LETTER.height]);
  document.encrypt({ userPassword: 'secret', ownerPassword: 'owner-secret' });
  return document.save({ useObjectStreams: false });
}

/** An input field as the administrator configures it, on page 1 unless said. */
export function inputField(description: string, type: string, place: { page?: number; x: number; y: number }) {
  return {
    name: description,
    description,
    type,
    coordinates: { page: place.page ?? 1, x: place.x, y: place.y },
    dimensions: { width: 200, height: 24 },
    isRequired: true,
  };
}

/** The fields of a custom form in these tests: a printed name, a date and a signature. */
export const FORM_FIELDS = [
  inputField('Printed name of the participant', 'text', { x: 72, y: 600 }),
  inputField('Date of signing', 'date', { x: 320, y: 600 }),
  inputField('Signature of the participant', 'signature', { x: 72, y: 660 }),
];
export const WITNESS = inputField('Witness name', 'text', { x: 320, y: 660 });

type Entry = { useDefault: true } | { useDefault: false; fileName?: string; inputFields?: unknown[] };

/** A valid registration `data` part; each language a custom form with FORM_FIELDS unless said. */
export function registrationData(
  options: { name?: string; databaseValue?: string; en?: Entry; sp?: Entry; labels?: Record<string, string> } = {},
) {
  const name = options.name ?? 'Lakeside Health';
  const databaseValue = options.databaseValue ?? 'lakeside';
  const entry = (language: Language, given: Entry | undefined) => {
    const chosen = given ?? { useDefault: false };
    if (chosen.useDefault) return { language, useDefault: true, inputFields: [] };
    return {
      language,
      useDefault: false,
      fileName: chosen.fileName ?? `${databaseValue}-${language}.pdf`,
      inputFields: chosen.inputFields ?? FORM_FIELDS,
    };
  };
  return {
    basicInfo: { name, description: `${name} serves the lakes region.` },
    systemInfo: {
      databaseValue,
      dropdownLabels: options.labels ?? { en: name, sp: `${name} (es)` },
    },
    consentForms: [entry('en', options.en), entry('sp', options.sp)],
  };
}

/** The file part of a language's PDF: `file_en` / `file_sp`. */
export const pdfPart = (language: Language, bytes: Uint8Array, fileName = `form-${language}.pdf`): Part => ({
  name: `file_${language}`,
  value: bytes,
  fileName,
  contentType: 'application/pdf',
});

/** `POST /health-system/register` with `data` (an object, or a raw string) and the given file parts. */
export const register = (t: TestApp, token: string, data: unknown, files: Part[], language?: Language) =>
  multipartCall(
    t,
    'POST',
    `${HS}/register`,
    token,
    [{ name: 'data', value: typeof data === 'string' ? data : JSON.stringify(data) }, ...files],
    language,
  );

/** Registers a health system expecting success; its id. Custom forms get a fresh one-page PDF each. */
export async function registered(t: TestApp, token: string, options: Parameters<typeof registrationData>[0] = {}) {
  const data = registrationData(options);
  const files: Part[] = [];
  for (const form of data.consentForms)
    if (!form.useDefault)
      files.push(pdfPart(form.language as Language, await letterPdf(1, `${form.language} form`), form.fileName));
  const reply = await register(t, token, data, files);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { id: string; revision: number };
}

/** `GET /health-system?id&tab`, expecting success; the tab's data. */
export async function healthSystemTab<T = Record<string, unknown>>(
  t: TestApp,
  token: string,
  id: string,
  tab: 'BASIC' | 'SYSTEM_INFO' | 'CONSENT',
): Promise<T> {
  const reply = await call(t, 'GET', `${HS}?id=${id}&tab=${tab}`, token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as T;
}

export const consentTab = (t: TestApp, token: string, id: string) =>
  healthSystemTab<TConsentTab>(t, token, id, 'CONSENT');

/** A language's entry of the CONSENT tab. */
export async function consentEntry(t: TestApp, token: string, id: string, language: Language) {
  const tab = await consentTab(t, token, id);
  const entry = tab.consentForms.find((form) => form.language === language)!;
  return { ...entry, revision: tab.revision };
}

/** The row of one version of a form (the form's id as the API answers it). */
export async function versionRow(t: TestApp, formId: string, version: number) {
  const [row] = await t.db
    .select()
    .from(consentForms)
    .where(and(eq(consentForms.documentId, formId), eq(consentForms.version, version)));
  return row!;
}

/** How many rows registration and publishing write to, for "nothing was stored" checks. */
export async function storedCounts(t: TestApp) {
  const [systems] = await t.db.select({ n: count() }).from(healthSystems);
  const [forms] = await t.db.select({ n: count() }).from(consentForms);
  const [fields] = await t.db.select({ n: count() }).from(consentInputFields);
  const [files] = await t.db.select({ n: count() }).from(storedFiles);
  const [publications] = await t.db.select({ n: count() }).from(consentPublications);
  return {
    systems: systems!.n,
    forms: forms!.n,
    fields: fields!.n,
    files: files!.n,
    publications: publications!.n,
  };
}

/** A signed-in participant registered under a health system (set in the database) in a language. */
export async function participantOf(t: TestApp, databaseValue: string, language: Language = 'en') {
  const participant = await signedInParticipant(t, { language });
  await t.db.update(users).set({ healthSystem: databaseValue }).where(eq(users.id, participant.userId));
  return participant;
}
