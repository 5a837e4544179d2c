import { z } from 'zod';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { REMINDER_TYPES } from './reminders';
import { call } from '../api/call';

/** The settings whose every change is kept: one per editor of System Options. */
export const SETTING_KEYS = [
  ...REMINDER_TYPES.map((type) => `reminder.${type}` as const),
  'survey-period',
  'downtime',
  'security-policy',
] as const;
export const ZSettingKey = z.enum(SETTING_KEYS, { error: 'error.settings.key' });
export type TSettingKey = z.infer<typeof ZSettingKey>;

export const SETTING_CHANGE_PAGE_SIZES = [5, 10, 25] as const;

export const GET_SETTINGS_CHANGES = call('GET', '/settings/changes');

/** `GET /settings/changes?setting=&page&size&sort=changedAt,desc` (administrators). */
export const ZSettingChangesQuery = pageQuery({
  sizes: SETTING_CHANGE_PAGE_SIZES,
  sortFields: ['changedAt'],
  defaultSort: { field: 'changedAt', direction: 'desc' },
  defaultSize: 5,
}).extend({ setting: ZSettingKey });
export type TSettingChangesQuery = z.output<typeof ZSettingChangesQuery>;

/** One saved change: who, when, and the whole value before and after. */
export const ZSettingChange = z.object({
  id: z.string(),
  setting: ZSettingKey,
  changedAt: z.string(),
  changedBy: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type TSettingChange = z.infer<typeof ZSettingChange>;
export const ZSettingChangesReply = envelope(pageOf(ZSettingChange));
