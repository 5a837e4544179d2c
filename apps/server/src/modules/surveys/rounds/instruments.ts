import { z } from 'zod';
import type { Database } from '../../../db/client';
import core from './instruments/core.json';
import healthStatus from './instruments/health-status.json';
import qualityOfLife from './instruments/quality-of-life.json';
import { insertNewSurveyForms } from './repository';

/**
 * A study instrument as kept in the repository: a SurveyJS form in both languages, with a version. A change
 * to a published form is a new file version (bump `version`), never an edit of the old one: answers point at
 * the version they were given on.
 */
const ZInstrument = z.object({
  key: z.string().regex(/^[a-z][a-z-]*$/),
  version: z.number().int().min(1),
  sortOrder: z.number().int(),
  title: z.object({ en: z.string().min(1), sp: z.string().min(1) }),
  definition: z.object({ pages: z.array(z.unknown()).min(1) }).loose(),
});
export type Instrument = z.infer<typeof ZInstrument>;

/** The core, quality-of-life and health-status questionnaires, in the order a round shows them. */
const STUDY_INSTRUMENTS: readonly Instrument[] = [core, qualityOfLife, healthStatus]
  .map((file) => ZInstrument.parse(file))
  .sort((a, b) => a.sortOrder - b.sortOrder);

/** Publishes each instrument version not yet in the database; versions already there are left as they are. */
export async function publishStudyInstruments(db: Database, at: Date) {
  await insertNewSurveyForms(
    db,
    STUDY_INSTRUMENTS.map((instrument) => ({
      key: instrument.key,
      version: instrument.version,
      kind: 'round',
      titleEn: instrument.title.en,
      titleSp: instrument.title.sp,
      sortOrder: instrument.sortOrder,
      definition: instrument.definition,
      createdAt: at,
    })),
  );
}
