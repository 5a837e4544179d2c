import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '@portal/shared/constants';
import type { Database } from '../../db/client';
import { consentForms, consentInputFields } from '../../db/schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** Whose form a version is, and in which language: a health system's own, or the default one (null). */
export interface FormOwner {
  healthSystemId: string | null;
  language: Language;
}

const ownedBy = (owner: FormOwner) =>
  and(
    owner.healthSystemId ? eq(consentForms.healthSystemId, owner.healthSystemId) : isNull(consentForms.healthSystemId),
    eq(consentForms.language, owner.language),
  );

/** The highest version number of an owner's form; 0 before the first. */
export async function findLatestFormVersion(tx: Executor, owner: FormOwner): Promise<number> {
  const [latest] = await tx
    .select({ version: sql<number>`coalesce(max(${consentForms.version}), 0)` })
    .from(consentForms)
    .where(ownedBy(owner));
  return Number(latest?.version ?? 0);
}

export async function retireCurrentForm(tx: Executor, owner: FormOwner, at: Date) {
  await tx
    .update(consentForms)
    .set({ retiredAt: at })
    .where(and(ownedBy(owner), isNull(consentForms.retiredAt)));
}

export type NewFormField = Omit<typeof consentInputFields.$inferInsert, 'id' | 'formId' | 'sortOrder'>;

/** Stores a form version with its input fields in their order; returns the version's id. */
export async function insertFormVersion(
  tx: Executor,
  form: typeof consentForms.$inferInsert,
  fields: readonly NewFormField[],
): Promise<string> {
  const [row] = await tx.insert(consentForms).values(form).returning({ id: consentForms.id });
  const formId = row!.id;
  if (fields.length > 0) {
    await tx.insert(consentInputFields).values(fields.map((field, index) => ({ ...field, formId, sortOrder: index })));
  }
  return formId;
}

/** Whether a default form exists in a language. */
export async function hasDefaultForm(db: Executor, language: Language) {
  const [row] = await db
    .select({ id: consentForms.id })
    .from(consentForms)
    .where(and(isNull(consentForms.healthSystemId), eq(consentForms.language, language)))
    .limit(1);
  return Boolean(row);
}
