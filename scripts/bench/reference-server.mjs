// The reference for authenticated calls in `npm run bench`: a bare Fastify route, in a process of its own, that
// does what `GET /common-server/keycloak/user` must do and nothing else. It verifies the bearer's access token
// with jose (the portal's public key, RS256, issuer, expiry), then makes the portal's two primary-key lookups
// through `pg` (the session with its user, then the user's details) and answers the same JSON.
//
//   REFERENCE_PORT=… DATABASE_URL=… TOKEN_KEY_FILE=<the portal's PKCS#8 PEM> TOKEN_ISSUER=… node reference-server.mjs
//
// It prints `Reference listening on http://HOST:PORT` once it accepts requests and stops on SIGTERM.
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { importSPKI, jwtVerify } from 'jose';
import pg from 'pg';

export const REFERENCE_PATH = '/common-server/keycloak/user';
const HOST = '127.0.0.1';
const POOL_SIZE = 10; // the portal's pool size

const SESSION_SQL = `select s.id, s.user_id, s.expires_at, u.role, u.status from auth_sessions s
  join users u on u.id = s.user_id where s.id = $1 and s.revoked_at is null and s.expires_at > $2 limit 1`;
const DETAILS_SQL = `select u.id, u.first_name, u.last_name, u.email, u.language, u.birth_date, u.gender,
  u.phone_number, u.postal_code, u.role, p.sha256 from users u left join profile_pictures p on p.user_id = u.id
  where u.id = $1 limit 1`;

async function main() {
  const { REFERENCE_PORT, DATABASE_URL, TOKEN_KEY_FILE, TOKEN_ISSUER } = process.env;
  const spki = createPublicKey(readFileSync(TOKEN_KEY_FILE, 'utf8')).export({ type: 'spki', format: 'pem' });
  const publicKey = await importSPKI(spki.toString(), 'RS256');
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE });
  const app = Fastify({ logger: false });
  const unauthorized = (reply) => reply.code(401).send({ status: false, message: 'Unauthorized' });

  app.get(REFERENCE_PATH, async (request, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return unauthorized(reply);
    const now = new Date();
    let payload;
    try {
      ({ payload } = await jwtVerify(token, publicKey, {
        algorithms: ['RS256'],
        issuer: TOKEN_ISSUER,
        currentDate: now,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch {
      return unauthorized(reply);
    }
    if (payload.typ !== 'Bearer' || typeof payload.sid !== 'string') return unauthorized(reply);
    const session = (await pool.query(SESSION_SQL, [payload.sid, now])).rows[0];
    if (!session || session.user_id !== payload.sub || session.status !== 'active') return unauthorized(reply);
    const user = (await pool.query(DETAILS_SQL, [session.user_id])).rows[0];
    if (!user) return unauthorized(reply);
    return {
      status: true,
      data: {
        id: user.id,
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        language: user.language,
        birthDate: user.birth_date,
        gender: user.gender,
        profilePicture: user.sha256,
        phoneNumber: user.phone_number,
        zipCode: user.postal_code,
        isPatient: user.role === 'patient',
        isPractitioner: false,
      },
    };
  });
  process.once('SIGTERM', () => {
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
  await app.listen({ host: HOST, port: Number(REFERENCE_PORT) });
  process.stdout.write(`Reference listening on http://${HOST}:${REFERENCE_PORT}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
