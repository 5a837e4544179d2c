import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { surveyForms } from '../src/db/schema';
import { describeOnDatabase } from './helpers';
import { freshStartAt, signInAdmin, useAuthApp } from './auth-helpers';
import { API } from './registration-helpers';
import { COMPLETE_ANSWERS } from './survey-helpers';
import { insertParticipants, P1 } from './data-export-helpers';

const START = '2026-05-04T09:00:00.000Z';
const LARGE_MS = 180_000;
const ROWS = 100_000;
/** The most the heap may grow while the file streams: far less than the file itself (over 70 MB). */
const HEAP_BOUND_BYTES = 32 * 1024 * 1024;

/** The collector, made callable for this file (as `node --expose-gc` would). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describeOnDatabase('Data export of 100,000 answers', (target) => {
  const testApp = useAuthApp(target);

  it(
    'streams 100,000 responses within a bounded heap',
    async () => {
      const t = testApp();
      await freshStartAt(t, START);
      await insertParticipants(t, [P1]);
      const [form] = await t.db
        .select({ id: surveyForms.id })
        .from(surveyForms)
        .where(eq(surveyForms.key, 'quality-of-life'));
      // Every response answers everything, with a long comment: each row is about 750 bytes.
      const answers = { ...COMPLETE_ANSWERS['quality-of-life'], 'anything-else': 'Tired after dialysis. '.repeat(25) };
      await t.db.execute(sql`
        insert into survey_rounds (user_id, number, opens_at, closes_at)
        select ${P1}::uuid, n, ${START}::timestamptz - make_interval(days => n), ${START}::timestamptz
        from generate_series(1, ${ROWS}) as n`);
      await t.db.execute(sql`
        insert into survey_responses (user_id, form_id, form_key, round_id, answers, started_at, updated_at,
          submitted_at)
        select r.user_id, ${form!.id}::uuid, 'quality-of-life', r.id, ${JSON.stringify(answers)}::jsonb, r.opens_at,
          r.opens_at, r.opens_at
        from survey_rounds r where r.user_id = ${P1}::uuid`);

      const token = (await signInAdmin(t)).access_token;
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      try {
        const gc = collector();
        gc();
        const baseline = process.memoryUsage().heapUsed;
        let peak = 0;
        let lines = 0;
        let bytes = 0;
        let chunks = 0;
        const reply = await fetch(`${address}${API}/data-export/survey-answers?formKey=quality-of-life&version=1`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(reply.status).toBe(200);
        for await (const chunk of reply.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
          chunks += 1;
          if (chunks % 100 === 0) {
            gc();
            peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
          }
        }
        expect(lines).toBe(ROWS + 1);
        expect(bytes).toBeGreaterThan(70_000_000);
        expect(peak).toBeLessThan(HEAP_BOUND_BYTES);
      } finally {
        await t.app.server.close();
      }
    },
    LARGE_MS,
  );
});
