import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers';
import { emptyDatabase, MIGRATIONS, migrationsBefore } from './migration-helpers';

const BACKFILL = '0020_consent_stable_ids';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SYSTEM = id(1);
const FILE = id(2);
/** Lakeside's English form in versions 1 and 2 (retired) and 3, its Spanish form, the default English form. */
const [EN_1, EN_2, EN_3, SP_1, DEFAULT_EN] = [id(11), id(12), id(13), id(14), id(15)];

const form = (formId: string, system: string | null, language: string, version: number, day: number) =>
  `('${formId}', ${system ? `'${system}'` : 'null'}, '${language}', ${version}, 'form.pdf', '${FILE}', 'hash',
    '2026-01-0${day}T10:00:00Z', ${version < 3 && language === 'en' && system ? `'2026-01-0${day + 1}T10:00:00Z'` : 'null'})`;
const field = (fieldId: number, formId: string, name: string, type: string, description: string, order: number) =>
  `('${id(fieldId)}', '${formId}', '${name}', '${description}', '${type}', 1, 10, ${10 + 30 * order}, 100, 20, true, ${order})`;

/**
 * The printed name keeps its name in every version; the date has none but a description of its own; two
 * initials boxes share type and description, so only their place in the order tells them apart; the agreement
 * box is left out of version 3.
 */
const FIELDS = [
  field(101, EN_1, 'printed', 'text', 'Printed name', 0),
  field(102, EN_1, '', 'date', 'Date of signing', 1),
  field(103, EN_1, '', 'checkbox', 'I agree', 2),
  field(104, EN_1, '', 'text', 'Initials', 3),
  field(105, EN_1, '', 'text', 'Initials', 4),
  field(201, EN_2, 'printed', 'text', 'Printed name', 0),
  field(202, EN_2, '', 'date', 'Date of signing', 1),
  field(203, EN_2, '', 'checkbox', 'I agree', 2),
  field(204, EN_2, '', 'text', 'Initials', 3),
  field(205, EN_2, '', 'text', 'Initials', 4),
  field(301, EN_3, '', 'date', 'Date of signing', 0),
  field(302, EN_3, 'printed', 'text', 'Printed name', 1),
  field(303, EN_3, '', 'text', 'Initials', 3),
  field(304, EN_3, '', 'text', 'Initials', 4),
  field(401, SP_1, '', 'signature', 'Firma', 0),
  field(501, DEFAULT_EN, 'name', 'text', 'Name', 0),
];

// Both databases: the migration runs on each.
describeEachDatabase(`migration ${BACKFILL}`, (target) => {
  const folder = migrationsBefore(BACKFILL);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('gives each chain of versions one form id (its latest version’s) and matches fields across versions', async () => {
    const database = await emptyDatabase(target);
    try {
      await database.migrate(folder);
      await database.query(`insert into stored_files (id, content_type, byte_size, sha256, content)
        values ('${FILE}', 'application/pdf', 4, 'hash', '\\x25504446')`);
      await database.query(`insert into consent_field_types (value, label, sort_order)
        values ('checkbox', 'Checkbox', 1), ('date', 'Date', 2), ('signature', 'Signature', 3), ('text', 'Text', 4)`);
      await database.query(`insert into health_systems (id, database_value, name, description, dropdown_labels)
        values ('${SYSTEM}', 'lakeside', 'Lakeside', 'Lakes', '{"en":"Lakeside","sp":"Lakeside"}')`);
      await database.query(`insert into consent_forms
        (id, health_system_id, language, version, file_name, file_id, sha256, created_at, retired_at) values
        ${[form(EN_1, SYSTEM, 'en', 1, 1), form(EN_2, SYSTEM, 'en', 2, 2), form(EN_3, SYSTEM, 'en', 3, 3)].join(',')},
        ${[form(SP_1, SYSTEM, 'sp', 1, 1), form(DEFAULT_EN, null, 'en', 1, 1)].join(',')}`);
      await database.query(`insert into consent_input_fields
        (id, form_id, name, description, type, page, x, y, width, height, is_required, sort_order)
        values ${FIELDS.join(',')}`);

      await database.migrate(MIGRATIONS);

      const documents = await database.query(
        `select id, health_system_id, language, created_at from consent_form_documents order by id`,
      );
      expect(documents.map((row) => [row.id, row.health_system_id, row.language])).toEqual([
        [EN_3, SYSTEM, 'en'],
        [SP_1, SYSTEM, 'sp'],
        [DEFAULT_EN, null, 'en'],
      ]);
      expect(new Date(documents[0]!.created_at as string).toISOString()).toBe('2026-01-01T10:00:00.000Z');
      // Every version keeps its own id, the one signatures point at.
      const versions = await database.query(`select id, document_id from consent_forms order by id`);
      expect(versions.map((row) => [row.id, row.document_id])).toEqual([
        [EN_1, EN_3],
        [EN_2, EN_3],
        [EN_3, EN_3],
        [SP_1, SP_1],
        [DEFAULT_EN, DEFAULT_EN],
      ]);
      const fields = await database.query(`select id, field_id from consent_input_fields order by id`);
      const fieldIdOf = Object.fromEntries(fields.map((row) => [row.id, row.field_id]));
      // Version 3's fields keep their ids; earlier versions' fields take the id of the same field in a later one.
      for (const [row, fieldId] of [
        [301, 301],
        [302, 302],
        [303, 303],
        [304, 304],
        [101, 302],
        [201, 302],
        [102, 301],
        [202, 301],
        [104, 303],
        [205, 304],
        [103, 203],
        [203, 203],
        [401, 401],
        [501, 501],
      ])
        expect(fieldIdOf[id(row!)], `field ${row}`).toBe(id(fieldId!));
    } finally {
      await database.close();
    }
  });
});
