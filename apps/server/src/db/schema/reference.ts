// Reference lists: health systems, the registration dropdowns, languages and consent field types.
import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/** Health systems a participant can choose; `databaseValue` is the value stored on users. */
export const healthSystems = pgTable(
  'health_systems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    databaseValue: varchar('database_value', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull(),
    dropdownLabels: jsonb('dropdown_labels').$type<Record<string, string>>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    onboardedOn: timestamp('onboarded_on', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    /** Counts every change of the system, its forms and fields: an editor holding an older one is refused. */
    revision: integer('revision').notNull().default(1),
    createdBy: uuid('created_by'),
  },
  (t) => [uniqueIndex('health_systems_name_unique').on(sql`lower(${t.name})`)],
);

/** Option lists of the registration form other than health systems (gender, country, language). */
export const dropdownOptions = pgTable(
  'dropdown_options',
  {
    category: varchar('category', { length: 32 }).notNull(),
    value: varchar('value', { length: 64 }).notNull(),
    labelEn: varchar('label_en', { length: 200 }).notNull(),
    labelSp: varchar('label_sp', { length: 200 }).notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.category, t.value] })],
);

export const languages = pgTable('languages', {
  code: varchar('code', { length: 8 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const consentFieldTypes = pgTable('consent_field_types', {
  value: varchar('value', { length: 32 }).primaryKey(),
  label: varchar('label', { length: 64 }).notNull(),
  sortOrder: integer('sort_order').notNull(),
});
