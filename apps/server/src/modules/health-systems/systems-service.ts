import type { Page } from '@portal/shared/api/paging';
import { LANGUAGES } from '@portal/shared/constants';
import { formatDate } from '@portal/shared/dates';
import type { TConsentTab } from '@portal/shared/health-systems/consent-form-settings';
import {
  HEALTH_SYSTEM_MESSAGES as M,
  type TBasicTab,
  type THealthSystemOverviewRow,
  type TSystemInfo,
  type TSystemTab,
  type TSystemInfoUpdate,
} from '@portal/shared/health-systems/health-system-info';
import type { z } from 'zod';
import type { ZBasicInfoUpdate, ZHealthSystemOverviewQuery } from '@portal/shared/health-systems/health-system-info';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { isUniqueViolation } from '../../db/unique-violation';
import {
  refused,
  type DataOutcome,
  type FieldProblem,
  type Outcome,
  type Refusal,
  type RequestContext,
} from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { FileStore } from '../../providers/storage/file-store';
import { countSigners, findCurrentVersion, findFormFileName } from './consent-repository';
import { changeSystem, fieldRefusal, type Tx } from './system-change';
import {
  countSystems,
  databaseValueTaken,
  findOverviewPage,
  findSystem,
  nameTaken,
  recordSystemChange,
  type SystemChanges,
  type SystemRow,
} from './systems-repository';

export interface HealthSystemsDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  /** Called after a change of any system, so lists read elsewhere (the registration dropdown) show it at once. */
  onSystemsChanged: () => void;
}

type Revised = { id: string; revision: number };

export const NAME_TAKEN: FieldProblem = { errorField: 'name', message: M.nameTaken };
export const DATABASE_VALUE_TAKEN: FieldProblem = { errorField: 'databaseValue', message: M.databaseValueTaken };
export const nameTakenRefusal = (status: number) => fieldRefusal(status, [NAME_TAKEN]);
const databaseValueTakenRefusal = (status: number) => fieldRefusal(status, [DATABASE_VALUE_TAKEN]);

/** Health systems' basic information, system configuration, the overview and their forms' files. */
export function createSystemsService(deps: HealthSystemsDeps) {
  const { db, clock } = deps;

  /** A change of basic information or configuration, audited and answered with the new revision. */
  async function change(
    actorId: string,
    id: string,
    revision: number | undefined,
    context: RequestContext,
    decide: (tx: Tx, system: SystemRow) => Promise<SystemChanges | Refusal>,
  ): Promise<DataOutcome<Revised>> {
    try {
      const outcome = await changeSystem(db, id, revision, async (tx, system) => {
        const changes = await decide(tx, system);
        if ('ok' in changes) return changes;
        const at = clock.now();
        const next = await recordSystemChange(tx, id, changes, at);
        await recordAudit(tx, {
          at,
          action: 'healthSystem.updated',
          actorId,
          subjectId: id,
          details: { revision: next, changed: Object.keys(changes) },
          ip: context.ip,
        });
        return { id, revision: next };
      });
      if (outcome.ok) deps.onSystemsChanged();
      return outcome;
    } catch (error) {
      if (isUniqueViolation(error)) return nameTakenRefusal(409);
      throw error;
    }
  }

  return {
    async validateBasic(basic: { name: string; id?: string }): Promise<Outcome> {
      if (await nameTaken(db, basic.name, basic.id)) return nameTakenRefusal(400);
      return { ok: true, message: M.basicValid };
    },

    async validateSystem(system: TSystemInfo): Promise<Outcome> {
      if (await databaseValueTaken(db, system.databaseValue)) return databaseValueTakenRefusal(400);
      return { ok: true, message: M.systemValid };
    },

    async overview(query: z.output<typeof ZHealthSystemOverviewQuery>): Promise<Page<THealthSystemOverviewRow>> {
      const [rows, total] = await Promise.all([findOverviewPage(db, query), countSystems(db)]);
      return {
        content: rows.map((row) => ({
          id: row.id,
          name: row.name,
          databaseValue: row.databaseValue,
          count: row.count,
          onboardedOn: formatDate(row.onboardedOn),
          status: row.isActive ? 'Active' : 'Inactive',
          isActive: row.isActive,
        })),
        totalElements: total,
        page: query.page,
        size: query.size,
      };
    },

    async basicTab(id: string): Promise<DataOutcome<TBasicTab>> {
      const system = await findSystem(db, id);
      if (!system) return refused(404, M.notFound);
      const { name, description, revision } = system;
      return { ok: true, data: { id, name, description, revision } };
    },

    async systemTab(id: string): Promise<DataOutcome<TSystemTab>> {
      const system = await findSystem(db, id);
      if (!system) return refused(404, M.notFound);
      const { databaseValue, dropdownLabels, isActive, revision } = system;
      return { ok: true, data: { id, databaseValue, dropdownLabels, isActive, revision } };
    },

    async consentTab(id: string): Promise<DataOutcome<TConsentTab>> {
      const system = await findSystem(db, id);
      if (!system) return refused(404, M.notFound);
      const consentForms = await Promise.all(
        LANGUAGES.map(async (language) => {
          const [form, signedParticipants] = await Promise.all([
            findCurrentVersion(db, id, language),
            countSigners(db, id, language),
          ]);
          return {
            id: form?.documentId ?? null,
            language,
            useDefault: !form,
            fileName: form?.fileName ?? null,
            fileId: form?.fileId ?? null,
            version: form?.version ?? null,
            publishedOn: form ? formatDate(form.createdAt) : null,
            inputFields: form?.fields ?? [],
            signedParticipants,
          };
        }),
      );
      return { ok: true, data: { id, revision: system.revision, consentForms } };
    },

    /** A consent form version's PDF; never any other stored file (signed copies stay their signers'). */
    async formFile(fileId: string) {
      const fileName = await findFormFileName(db, fileId);
      const file = fileName ? await deps.files.read(db, fileId) : undefined;
      return file && fileName ? { bytes: file.bytes, fileName } : undefined;
    },

    updateBasic(actorId: string, id: string, body: z.output<typeof ZBasicInfoUpdate>, context: RequestContext) {
      return change(actorId, id, body.revision, context, async (tx) => {
        if (await nameTaken(tx, body.name, id)) return nameTakenRefusal(400);
        return { name: body.name, description: body.description };
      });
    },

    updateSystemInfo(actorId: string, id: string, body: TSystemInfoUpdate, context: RequestContext) {
      return change(actorId, id, body.revision, context, async (_tx, system) => {
        const { databaseValue, dropdownLabels, isActive } = body.systemInfo;
        if (databaseValue !== undefined && databaseValue.trim() !== system.databaseValue)
          return fieldRefusal(400, [{ errorField: 'databaseValue', message: M.databaseValueFixed }]);
        return { dropdownLabels, ...(isActive !== undefined && { isActive }) };
      });
    },
  };
}
export type SystemsService = ReturnType<typeof createSystemsService>;
