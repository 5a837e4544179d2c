import type { FastifyRequest } from 'fastify';

/** Who saves a setting, for its change history. */
export interface SettingEditor {
  userId: string;
  ip: string;
}

/** The administrator of an authenticated request (the route's guard has set `auth`). */
export const settingEditor = (request: FastifyRequest): SettingEditor => ({
  userId: request.auth!.userId,
  ip: request.ip,
});
