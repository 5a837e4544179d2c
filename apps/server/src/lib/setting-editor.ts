import type { FastifyRequest } from 'fastify';
import { ifMatchVersion } from './setting-version';

/** Who saves a setting, for its change history, and the version their `If-Match` header names, if any. */
export interface SettingEditor {
  userId: string;
  ip: string;
  ifMatch?: string;
}

/** The administrator of an authenticated request (the route's guard has set `auth`). */
export const settingEditor = (request: FastifyRequest): SettingEditor => ({
  userId: request.auth!.userId,
  ip: request.ip,
  ifMatch: ifMatchVersion(request.headers['if-match']),
});
