import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { exportArchiveParts, exportRuns, surveyForms } from '../src/db/schema';
import { createExportRunService } from '../src/modules/data-export/runs/service';
import { describeEachDatabase } from './helpers';
import { useAuthApp } from './auth-helpers';
import { call } from './participant-helpers';
import { adminSession } from './settings-helpers';
import { signedInStaff } from './staff-helpers';
import { adminId, EXPORT_NOW as NOW } from './data-export-helpers';
import {
  csvRecords,
  downloadArchive,
  EVERYTHING,
  runAudits,
  runExportJob,
  RUNS,
  smallStudy,
  startRun,
} from './export-run-helpers';

// On each database: runs are claimed with `for update skip locked` and archives kept as bytea parts.
describeEachDatabase('Data export runs', (target) => {
  const testApp = useAuthApp(target);

  it('queues a run, writes it in a job, and gives its requester one zip whose README states every file', async () => {
    const t = testApp();
    await smallStudy(t);
    const admin = await adminSession(t);
    const queued = await startRun(admin, EVERYTHING);
    expect(queued).toMatchObject({
      status: 'queued',
      forms: [{ formKey: 'exit-interview', version: 2 }],
      registers: ['consent', 'verification', 'studyStatus'],
      formats: ['dataPackage', 'redcap', 'fhir'],
      from: null,
      to: null,
      deidentified: false,
      progress: { filesDone: 0, filesTotal: 0, rows: 0 },
      requestedAt: NOW,
      finishedAt: null,
      expiresAt: null,
      archive: null,
      failure: null,
    });
    expect(await runExportJob(t)).toBe(1);

    const listed = await admin('GET', RUNS);
    expect(listed.statusCode).toBe(200);
    const [done] = (listed.json() as { data: Array<Record<string, unknown>> }).data;
    expect(done).toMatchObject({
      id: queued.id,
      status: 'done',
      finishedAt: NOW,
      expiresAt: '2026-04-22T17:00:00.000Z',
      archive: { fileName: `study-data-2026-04-15-${queued.id.slice(0, 8)}.zip` },
    });
    const progress = done!.progress as { filesDone: number; filesTotal: number; rows: number };
    expect(progress.filesDone).toBe(progress.filesTotal);

    const archive = await downloadArchive(admin, queued.id);
    expect(archive.fileName).toBe(`attachment; filename="study-data-2026-04-15-${queued.id.slice(0, 8)}.zip"`);
    expect(done!.archive).toEqual({ fileName: expect.any(String), bytes: archive.bytes, sha256: archive.sha256 });
    const paths = Object.keys(archive.files);
    expect(paths.at(-1)).toBe('README.md');
    expect(paths).toEqual(expect.arrayContaining(['data/datapackage.json', 'redcap/data-dictionary.csv']));
    expect(paths).toEqual(expect.arrayContaining(['fhir/Questionnaire.ndjson', 'fhir/Consent.ndjson']));
    expect(progress.filesTotal).toBe(paths.length);
    const readme = archive.files['README.md']!;
    for (const path of paths.filter((p) => p !== 'README.md')) {
      const sha256 = createHash('sha256').update(archive.files[path]!).digest('hex');
      expect(readme, path).toContain(`| \`${path}\` |`);
      expect(readme, path).toContain(`\`${sha256}\``);
    }
    expect(readme).toContain('Identified: participants appear by their user ID');
    expect(csvRecords(archive.files['data/consent-register.csv']!)).toHaveLength(7);
    for (const text of Object.values(archive.files)) {
      expect(text).not.toContain('rosa@example.org');
      expect(text).not.toContain('Rosa');
    }

    const administrator = await adminId(t);
    const audits = await runAudits(t, queued.id);
    expect(Object.keys(audits).sort()).toEqual([
      'dataExport.archiveDownloaded',
      'dataExport.runCompleted',
      'dataExport.runRequested',
    ]);
    expect(audits['dataExport.runRequested']).toEqual({
      action: 'dataExport.runRequested',
      actorId: administrator,
      details: { run: queued.id, ...EVERYTHING },
    });
    expect(audits['dataExport.runCompleted']!.details).toMatchObject({
      run: queued.id,
      rowCount: progress.rows,
      sha256: archive.sha256,
      archiveBytes: archive.bytes,
      rows: { 'data/consent-register.csv': 6, 'data/study-status.csv': 4 },
    });
    expect(audits['dataExport.archiveDownloaded']!.details).toEqual({
      run: queued.id,
      sha256: archive.sha256,
      deidentified: false,
    });
  });

  it('refuses an empty selection, no format, a range the wrong way round and a version that does not exist', async () => {
    const t = testApp();
    await smallStudy(t);
    const admin = await adminSession(t);
    const fieldRefusal = (errorField: string, message: string, language: 'en' | 'sp') => ({
      status: false,
      message: language === 'en' ? 'Invalid request' : 'Solicitud no válida',
      data: [{ errorField, message }],
    });
    for (const [body, field, en, sp] of [
      [
        { ...EVERYTHING, forms: [], registers: [] },
        'forms',
        'Choose at least one questionnaire or register.',
        'Elija al menos un cuestionario o un registro.',
      ],
      [{ ...EVERYTHING, formats: [] }, 'formats', 'Choose at least one format.', 'Elija al menos un formato.'],
    ] as const) {
      const english = await admin('POST', RUNS, { payload: body });
      expect(english.statusCode).toBe(400);
      expect(english.json()).toEqual(fieldRefusal(field, en, 'en'));
      expect((await admin('POST', RUNS, { payload: body, language: 'sp' })).json()).toEqual(
        fieldRefusal(field, sp, 'sp'),
      );
    }
    for (const [body, status, en, sp] of [
      [
        { ...EVERYTHING, from: '2026-04-02', to: '2026-04-01' },
        400,
        'The start date must be on or before the end date.',
        'La fecha de inicio debe ser igual o anterior a la fecha de fin.',
      ],
      [
        { ...EVERYTHING, forms: [{ formKey: 'exit-interview', version: 3 }] },
        404,
        'There is no questionnaire with this key and version.',
        'No hay ningún cuestionario con esta clave y versión.',
      ],
    ] as const) {
      const english = await admin('POST', RUNS, { payload: body });
      expect(english.statusCode, JSON.stringify(body)).toBe(status);
      expect(english.json()).toEqual({ status: false, message: en });
      expect((await admin('POST', RUNS, { payload: body, language: 'sp' })).json()).toEqual({
        status: false,
        message: sp,
      });
    }
    expect(await t.db.select().from(exportRuns)).toEqual([]);
  });

  it('keeps one run at a time per person, shows a run only to its requester, and keeps an analyst de-identified', async () => {
    const t = testApp();
    await smallStudy(t);
    const admin = await adminSession(t);
    const first = await startRun(admin, EVERYTHING);
    const twice = await admin('POST', RUNS, { payload: EVERYTHING });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      status: false,
      message: 'An archive you asked for is still being prepared. Wait for it to finish.',
    });
    const early = await admin('GET', `${RUNS}/${first.id}/archive`);
    expect(early.statusCode).toBe(409);

    const analyst = await signedInStaff(t, { role: 'analyst' });
    const asAnalyst = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
      call(t, method, path, analyst.token, { payload });
    const identified = await asAnalyst('POST', RUNS, EVERYTHING);
    expect(identified.statusCode).toBe(403);
    expect((await asAnalyst('GET', `${RUNS}/${first.id}`)).statusCode).toBe(404);
    expect((await asAnalyst('GET', `${RUNS}/${first.id}/archive`)).statusCode).toBe(404);
    const own = await asAnalyst('POST', RUNS, { ...EVERYTHING, deidentified: true });
    expect(own.statusCode, own.body).toBe(202);

    expect(await runExportJob(t)).toBe(2);
    const listed = (await asAnalyst('GET', RUNS)).json() as { data: Array<{ id: string; deidentified: boolean }> };
    expect(listed.data.map((run) => [run.id, run.deidentified])).toEqual([[own.json().data.id, true]]);
    const helpDesk = await signedInStaff(t, { role: 'helpDesk' });
    expect((await call(t, 'GET', RUNS, helpDesk.token)).statusCode).toBe(403);
  });

  it('keeps an archive 7 days, says so after, and deletes it an hour later', async () => {
    const t = testApp();
    await smallStudy(t);
    const run = await startRun(await adminSession(t), { ...EVERYTHING, formats: ['dataPackage'] });
    await runExportJob(t);
    t.clock.set('2026-04-22T16:59:00.000Z');
    await downloadArchive(await adminSession(t), run.id);
    t.clock.set('2026-04-22T17:00:00.000Z');
    const expired = await (await adminSession(t))('GET', `${RUNS}/${run.id}/archive`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      status: false,
      message: 'This archive is no longer available: archives are kept for 7 days. Prepare a new one.',
    });
    // The parts stay an hour more, so a download begun just before the end can finish; then they go.
    t.clock.set('2026-04-22T18:00:00.000Z');
    await runExportJob(t);
    expect(await t.db.select().from(exportArchiveParts).where(eq(exportArchiveParts.runId, run.id))).not.toEqual([]);
    t.clock.set('2026-04-22T18:00:01.000Z');
    await runExportJob(t);
    expect(await t.db.select().from(exportArchiveParts).where(eq(exportArchiveParts.runId, run.id))).toEqual([]);
    const [row] = await t.db.select({ status: exportRuns.status }).from(exportRuns).where(eq(exportRuns.id, run.id));
    expect(row!.status).toBe('expired');
  });

  it('fails a run that cannot be written, leaves no archive and says why', async () => {
    const t = testApp();
    await smallStudy(t);
    await t.db.insert(surveyForms).values({
      key: 'exit-interview',
      version: 3,
      kind: 'one-time',
      titleEn: 'Exit interview',
      titleSp: 'Entrevista final',
      definition: {},
    });
    const admin = await adminSession(t);
    const run = await startRun(admin, { ...EVERYTHING, forms: [{ formKey: 'exit-interview', version: 3 }] });
    await t.db.delete(surveyForms).where(eq(surveyForms.version, 3));
    await runExportJob(t);
    const reply = await admin('GET', `${RUNS}/${run.id}`);
    expect(reply.json().data).toMatchObject({
      status: 'failed',
      archive: null,
      failure: 'dataExport.run.error.failed',
    });
    expect(await t.db.select().from(exportArchiveParts)).toEqual([]);
    const archive = await admin('GET', `${RUNS}/${run.id}/archive`);
    expect(archive.statusCode).toBe(409);
    expect(archive.json()).toEqual({
      status: false,
      message: 'The archive could not be prepared. Please try again; if it fails again, contact the study team.',
    });
    expect((await runAudits(t, run.id))['dataExport.runFailed']!.details).toEqual({
      run: run.id,
      reason: 'dataExport.run.error.failed',
    });
  });

  it('gives each queued run to one process only when two write at once', async () => {
    const t = testApp();
    await smallStudy(t);
    const admin = await adminSession(t);
    const analyst = await signedInStaff(t, { role: 'analyst' });
    await startRun(admin, { ...EVERYTHING, formats: ['fhir'] });
    const second = await call(t, 'POST', RUNS, analyst.token, { payload: { ...EVERYTHING, deidentified: true } });
    expect(second.statusCode).toBe(202);
    const otherProcess = createExportRunService({
      db: t.db,
      clock: t.clock,
      log: t.app.log,
      timeZone: t.app.env.STUDY_TIME_ZONE,
      runSoon: () => {},
    });
    const written = await Promise.all([runExportJob(t), otherProcess.work(new AbortController().signal)]);
    expect(written[0] + written[1]).toBe(2);
    const rows = await t.db.select({ status: exportRuns.status }).from(exportRuns);
    expect(rows.map((row) => row.status)).toEqual(['done', 'done']);
  });
  it('fails a run whose process stopped showing itself alive for 5 minutes, and deletes what it wrote', async () => {
    const t = testApp();
    await smallStudy(t);
    const admin = await adminSession(t);
    const run = await startRun(admin, EVERYTHING);
    await t.db
      .update(exportRuns)
      .set({ status: 'running', startedAt: new Date(NOW), heartbeatAt: new Date('2026-04-15T16:54:59.000Z') })
      .where(eq(exportRuns.id, run.id));
    await t.db.insert(exportArchiveParts).values({ runId: run.id, part: 0, bytes: new Uint8Array([80, 75]) });
    expect(await runExportJob(t)).toBe(0);
    const reply = await admin('GET', `${RUNS}/${run.id}`);
    expect(reply.json().data).toMatchObject({
      status: 'failed',
      failure: 'dataExport.run.error.interrupted',
      archive: null,
    });
    expect(await t.db.select().from(exportArchiveParts)).toEqual([]);
    expect((await runAudits(t, run.id))['dataExport.runFailed']!.details).toEqual({
      run: run.id,
      reason: 'dataExport.run.error.interrupted',
    });
    expect((await startRun(admin, EVERYTHING)).status).toBe('queued');
  });
});
