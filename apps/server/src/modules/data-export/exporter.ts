import type { FastifyRequest } from 'fastify';
import type { Exporter } from './service';

/** Who asks for an export: the signed-in staff member, their role, and where the request came from. */
export const exporterOf = (request: FastifyRequest): Exporter => ({
  staffId: request.auth!.userId,
  staffRole: request.auth!.staffRole,
  ip: request.ip,
});
