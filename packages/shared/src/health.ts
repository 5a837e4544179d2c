import { z } from 'zod';
import { call } from './api/call';

export const GET_HEALTH = call('GET', '/health');
export const GET_HEALTH_LIVE = call('GET', '/health/live');
export const GET_HEALTH_READY = call('GET', '/health/ready');

export const ZHealthReply = z.object({ status: z.literal(true) });
export type THealthReply = z.infer<typeof ZHealthReply>;

/** Readiness: the database answered, and whether this process runs the scheduled jobs (started). */
export const ZReadyReply = z.object({ status: z.literal(true), data: z.object({ scheduler: z.boolean() }) });
export type TReadyReply = z.infer<typeof ZReadyReply>;
