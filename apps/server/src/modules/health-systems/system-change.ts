import { HEALTH_SYSTEM_MESSAGES as M } from '@portal/shared/health-systems/health-system-info';
import type { Database } from '../../db/client';
import { refused, type DataOutcome, type Refusal } from '../../lib/outcome';
import { lockSystem, type SystemRow } from './systems-repository';

export type Tx = Pick<Database, 'select' | 'insert' | 'update'>;

/** A refusal decided inside a change's transaction: thrown so that nothing of the change is kept. */
class ChangeRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;

/** Runs work in one transaction; a refusal it answers undoes whatever it wrote. */
export async function refusableTransaction<T>(
  db: Database,
  work: (tx: Tx) => Promise<T | Refusal>,
): Promise<DataOutcome<T>> {
  try {
    const data = await db.transaction(async (tx) => {
      const result = await work(tx);
      if (isRefusal(result)) throw new ChangeRefused(result);
      return result;
    });
    return { ok: true, data };
  } catch (error) {
    if (error instanceof ChangeRefused) return error.refusal;
    throw error;
  }
}

/**
 * Runs a change of one health system in one transaction: the system's row is locked first (two changes of a
 * system run one after the other), and a change made from an older revision than the stored one is refused.
 */
export function changeSystem<T>(
  db: Database,
  id: string,
  revision: number | undefined,
  work: (tx: Tx, system: SystemRow) => Promise<T | Refusal>,
): Promise<DataOutcome<T>> {
  return refusableTransaction(db, async (tx) => {
    const system = await lockSystem(tx, id);
    if (!system) return refused(404, M.notFound);
    if (revision !== undefined && revision !== system.revision) return refused(409, M.changedMeanwhile);
    return work(tx, system);
  });
}

/** A refusal of field problems: the first one's message leads. */
export const fieldRefusal = (httpStatus: number, errors: Refusal['errors'] & object): Refusal => ({
  ok: false,
  httpStatus,
  message: errors[0]!.message,
  values: errors[0]!.values,
  errors,
});
