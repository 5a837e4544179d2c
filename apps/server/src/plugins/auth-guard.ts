import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@portal/shared/constants';
import { requestLanguage, translate } from '../lib/localize';
import type { VerifiedAccess } from '../security/verified-access';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an authenticated call; set by `app.authenticate`. */
    auth?: VerifiedAccess;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid bearer token of an open session, else 401. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: `authenticate`, then 403 unless the user has the role (`forbidden`: the 403's message key). */
    requireRole(role: Role, forbidden?: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The bearer token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Checks the server side of every authenticated call: the token, its session and, where asked, the role. */
export function registerAuthGuard(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<VerifiedAccess | undefined>,
) {
  const deny = (request: FastifyRequest, reply: FastifyReply, code: 401 | 403, message: string) =>
    reply.code(code).send({ status: false, message: translate(requestLanguage(request), message) });

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    const access = token ? await authenticate(token) : undefined;
    if (!access) return deny(request, reply, 401, 'error.unauthorized');
    request.auth = access;
  });

  app.decorate(
    'requireRole',
    (role: Role, forbidden = 'error.forbidden') =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        await app.authenticate(request, reply);
        if (reply.sent) return;
        if (request.auth?.role !== role) return deny(request, reply, 403, forbidden);
      },
  );
}
