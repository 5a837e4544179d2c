import type { Language } from '@portal/shared/constants';
import { consentFilePart } from '@portal/shared/health-systems/consent-form-settings';
import { CONSENT_FORM_MESSAGES } from '@portal/shared/health-systems/consent-form-settings';
import { HEALTH_SYSTEM_MESSAGES as M } from '@portal/shared/health-systems/health-system-info';
import type { THealthSystemRegistration, THealthSystemUpdate } from '@portal/shared/health-systems/registration-data';
import { recordAudit } from '../../db/audit';
import { isUniqueViolation } from '../../db/unique-violation';
import { refused, type DataOutcome, type FieldProblem, type RequestContext } from '../../lib/outcome';
import { isStale } from '../../lib/setting-version';
import { fieldListProblems, fileRequiredProblem, judgeUploadedPdf, storedPdfPages } from './consent-checks';
import { carryFieldIds, safePdfName, sameFields, toFormField } from './consent-fields';
import { onCurrentFile, publishConsentChange, type CustomForm } from './consent-publishing';
import { findCurrentVersion, type CurrentVersion } from './consent-repository';
import { changeSystem, fieldRefusal, refusableTransaction, type Tx } from './system-change';
import { DATABASE_VALUE_TAKEN, NAME_TAKEN, nameTakenRefusal, type HealthSystemsDeps } from './systems-service';
import { databaseValueTaken, insertSystem, nameTaken, recordSystemChange } from './systems-repository';
import type { UploadedFile } from '../../lib/multipart';

type Revised = { id: string; revision: number };
type Entry = THealthSystemRegistration['consentForms'][number];
type Files = Map<string, UploadedFile>;

const formField = (language: Language) => ({
  file: `consentForms.${language}.file`,
  list: `consentForms.${language}.inputFields`,
  field: (index: number) => `consentForms.${language}.inputFields.${index}`,
});

/**
 * A language's custom form with a new PDF, judged before anything is written: the PDF by its content, then at
 * least one field and every field inside its page.
 */
async function judgeNewForm(entry: Entry, files: Files): Promise<{ form?: CustomForm; problems: FieldProblem[] }> {
  const names = formField(entry.language);
  const upload = files.get(consentFilePart(entry.language));
  const pdf = await judgeUploadedPdf(upload?.bytes, entry.language, names.file);
  if (!pdf.ok) return { problems: [pdf.problem] };
  const fields = entry.inputFields.map(toFormField);
  const problems = fieldListProblems(fields, pdf.pages, entry.language, names);
  const fileName = safePdfName(entry.fileName ?? upload!.fileName, `consent-${entry.language}`);
  return { form: { file: { bytes: pdf.bytes }, fileName, fields }, problems };
}

/** Which of a system's name and database value another system holds. */
async function takenProblems(tx: Tx, name: string, databaseValue: string | undefined, exceptId?: string) {
  const problems: FieldProblem[] = [];
  if (await nameTaken(tx, name, exceptId)) problems.push(NAME_TAKEN);
  if (databaseValue !== undefined && (await databaseValueTaken(tx, databaseValue))) problems.push(DATABASE_VALUE_TAKEN);
  return problems;
}

/** Onboarding a health system and changing all of it at once: each in one transaction, all or nothing. */
export function createSystemRegistrationService(deps: HealthSystemsDeps) {
  const { db, clock } = deps;

  /**
   * A language's planned change in a whole update, from its current version: a new custom version (its fields
   * keeping their ids), the default form, or nothing.
   */
  async function planUpdate(
    tx: Tx,
    systemId: string,
    entry: Entry,
    judged: { form?: CustomForm; problems: FieldProblem[] } | undefined,
  ): Promise<{ current?: CurrentVersion; change?: CustomForm | null; problems: FieldProblem[] }> {
    const current = await findCurrentVersion(tx, systemId, entry.language);
    if (entry.useDefault) return { current, change: current ? null : undefined, problems: [] };
    const fields = carryFieldIds(entry.inputFields, current?.fields ?? []);
    if (judged) return { current, change: judged.form && { ...judged.form, fields }, problems: judged.problems };
    const names = formField(entry.language);
    if (!current) return { problems: [fileRequiredProblem(entry.language, names.file)] };
    if (sameFields(fields, current.fields.map(toFormField))) return { current, problems: [] };
    const problems = fieldListProblems(
      fields,
      await storedPdfPages(deps.files, tx, current.fileId),
      entry.language,
      names,
    );
    return { current, change: onCurrentFile(current, fields), problems };
  }

  return {
    async register(
      actorId: string,
      input: { data: THealthSystemRegistration; files: Files },
      context: RequestContext,
    ): Promise<DataOutcome<Revised>> {
      const { basicInfo, systemInfo, consentForms } = input.data;
      const custom = consentForms.filter((entry) => !entry.useDefault);
      const judged = await Promise.all(custom.map((entry) => judgeNewForm(entry, input.files)));
      try {
        const outcome = await refusableTransaction(db, async (tx) => {
          const problems = [
            ...(await takenProblems(tx, basicInfo.name, systemInfo.databaseValue)),
            ...judged.flatMap((j) => j.problems),
          ];
          if (problems.length > 0) return fieldRefusal(400, problems);
          const at = clock.now();
          const system = await insertSystem(tx, {
            ...basicInfo,
            ...systemInfo,
            isActive: true,
            onboardedOn: at,
            updatedAt: at,
            createdBy: actorId,
          });
          for (const [index, entry] of custom.entries()) {
            await publishConsentChange(tx, {
              system: { id: system.id, databaseValue: systemInfo.databaseValue },
              language: entry.language,
              current: undefined,
              form: judged[index]!.form!,
              reconsent: false,
              actorId,
              at,
              ip: context.ip,
              files: deps.files,
            });
          }
          await recordAudit(tx, {
            at,
            action: 'healthSystem.registered',
            actorId,
            subjectId: system.id,
            details: { customForms: custom.map((entry) => entry.language) },
            ip: context.ip,
          });
          return system;
        });
        if (outcome.ok) deps.onSystemsChanged();
        return outcome;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Another registration took the name or the database value meanwhile.
        const problems = await takenProblems(db, basicInfo.name, systemInfo.databaseValue);
        return problems.length > 0 ? fieldRefusal(409, problems) : refused(409, M.registrationFailed);
      }
    },

    async update(
      actorId: string,
      input: { data: THealthSystemUpdate; files: Files },
      context: RequestContext,
    ): Promise<DataOutcome<Revised>> {
      const { id, basicInfo, systemInfo, consentForms, isActive, reconsent } = input.data;
      const judged = await Promise.all(
        consentForms.map((entry) =>
          !entry.useDefault && input.files.has(consentFilePart(entry.language))
            ? judgeNewForm(entry, input.files)
            : undefined,
        ),
      );
      try {
        const outcome = await changeSystem(db, id, input.data.revision, async (tx, system) => {
          const problems = await takenProblems(tx, basicInfo.name, undefined, id);
          if (systemInfo.databaseValue !== system.databaseValue)
            problems.push({ errorField: 'databaseValue', message: M.databaseValueFixed });
          const plans = [];
          for (const [index, entry] of consentForms.entries()) {
            const plan = await planUpdate(tx, id, entry, judged[index]);
            if (isStale(entry.version, plan.current?.version ?? null))
              return refused(409, CONSENT_FORM_MESSAGES.formOutdated);
            problems.push(...plan.problems);
            plans.push({ language: entry.language, ...plan });
          }
          if (problems.length > 0) return fieldRefusal(400, problems);
          const at = clock.now();
          const revision = await recordSystemChange(
            tx,
            id,
            { ...basicInfo, dropdownLabels: systemInfo.dropdownLabels, ...(isActive !== undefined && { isActive }) },
            at,
          );
          for (const { language, current, change } of plans) {
            if (change === undefined) continue;
            await publishConsentChange(tx, {
              system,
              language,
              current,
              form: change,
              reconsent,
              actorId,
              at,
              ip: context.ip,
              files: deps.files,
            });
          }
          await recordAudit(tx, {
            at,
            action: 'healthSystem.updated',
            actorId,
            subjectId: id,
            details: { revision, changedForms: plans.filter((p) => p.change !== undefined).map((p) => p.language) },
            ip: context.ip,
          });
          return { id, revision };
        });
        if (outcome.ok) deps.onSystemsChanged();
        return outcome;
      } catch (error) {
        if (isUniqueViolation(error)) return nameTakenRefusal(409);
        throw error;
      }
    },
  };
}
export type SystemRegistrationService = ReturnType<typeof createSystemRegistrationService>;
