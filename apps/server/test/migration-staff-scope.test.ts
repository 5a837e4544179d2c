import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers';
import { emptyDatabase, MIGRATIONS, migrationsBefore } from './migration-helpers';

const BACKFILL = '0022_staff_scope';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A Geisinger participant, a Riverside one, and a Riverside one who withdrew. */
const [GEISINGER, RIVERSIDE, WITHDRAWN] = [id(1), id(2), id(3)];
const [ONE_SYSTEM, TWO_SYSTEMS, NAMES_WITHDRAWN, NAMES_NONE] = [id(11), id(12), id(13), id(14)];

const participant = (userId: string, status: string) =>
  `('${userId}', '${userId}@example.org', 'x', 'patient', '${status}', 'Ana', 'Vega')`;
const batch = (batchId: string, skipped: object[]) =>
  `('${batchId}', 'bulk', true, 2, 1, '${JSON.stringify(skipped)}')`;
const change = (batchId: string, userId: string) => `('${batchId}', '${userId}', null, true, '2026-05-01T10:00:00Z')`;

// Both databases: the migration runs on each.
describeEachDatabase(`migration ${BACKFILL}`, (target) => {
  const folder = migrationsBefore(BACKFILL);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('gives each earlier batch the health systems of the participants it names', async () => {
    const database = await emptyDatabase(target);
    try {
      await database.migrate(folder);
      await database.query(`insert into users (id, email, password_hash, role, status, first_name, last_name) values
        ${[participant(GEISINGER, 'active'), participant(RIVERSIDE, 'active'), participant(WITHDRAWN, 'withdrawn')].join(', ')}`);
      await database.query(`insert into health_system_verifications (user_id, health_system, consented_at) values
        ('${GEISINGER}', 'geisinger', now()), ('${RIVERSIDE}', 'riverside', now()), ('${WITHDRAWN}', 'riverside', now())`);
      await database.query(`insert into verification_batches (id, source, status, requested, applied, skipped) values
        ${batch(ONE_SYSTEM, [])}, ${batch(TWO_SYSTEMS, [])},
        ${batch(NAMES_WITHDRAWN, [
          { userId: WITHDRAWN, reason: 'withdrawn' },
          { userId: id(99), reason: 'notFound' },
          { userId: 'not an id', reason: 'invalid' },
        ])},
        ${batch(NAMES_NONE, [{ userId: 'not an id', reason: 'invalid' }])}`);
      await database.query(`insert into verification_changes (batch_id, user_id, old_status, new_status, at) values
        ${[change(ONE_SYSTEM, GEISINGER), change(TWO_SYSTEMS, RIVERSIDE), change(TWO_SYSTEMS, GEISINGER)].join(', ')},
        ${change(NAMES_WITHDRAWN, GEISINGER)}`);

      await database.migrate(MIGRATIONS);

      const batches = await database.query(`select id, health_systems from verification_batches order by id`);
      expect(batches.map((row) => [row.id, row.health_systems])).toEqual([
        [ONE_SYSTEM, ['geisinger']],
        [TWO_SYSTEMS, ['geisinger', 'riverside']],
        [NAMES_WITHDRAWN, ['geisinger', 'riverside']],
        [NAMES_NONE, []],
      ]);
    } finally {
      await database.close();
    }
  });
});
