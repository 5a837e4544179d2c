import { randomBytes } from 'node:crypto';
import type { Page } from '@portal/shared/api/paging';
import {
  PUSH_API_MESSAGES as M,
  type TApiKey,
  type TApiKeyRequest,
  type TIssuedApiKey,
} from '@portal/shared/health-system-verification/push-api';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { refused, type DataOutcome, type Outcome, type RequestContext } from '../../../lib/outcome';
import type { Clock } from '../../../providers/clock/clock';
import { hashSecret } from '../../../security/one-use-token';
import {
  findActiveKeyByHash,
  findApiKey,
  findHealthSystem,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
} from './repository';

/** What every key starts with, so a leaked one is easy to recognise. */
export const API_KEY_SCHEME = 'hsk_';
/** How many of the key's first characters are kept to tell keys apart: `hsk_` and 8 random ones. */
const KEY_PREFIX_LENGTH = 12;
/** A key's last use is written at most this often, so a busy key does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/** The health system a valid key speaks for. */
export interface ApiKeyHolder {
  id: string;
  healthSystem: string;
}

const toApiKey = (row: ApiKeyRow): TApiKey => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * The health systems' API keys: administrators issue one per health system and label (the key is shown once,
 * only its SHA-256 is kept) and revoke it; a call of the push API opens with an active key.
 */
export function createApiKeysService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async list(page: { page: number; size: number }): Promise<Page<TApiKey>> {
      const { rows, total } = await listApiKeys(db, page);
      return { content: rows.map(toApiKey), totalElements: total, page: page.page, size: page.size };
    },

    /** Issues a key for a health system; the reply is the only place the key itself ever appears. */
    async issue(adminId: string, body: TApiKeyRequest, context: RequestContext): Promise<DataOutcome<TIssuedApiKey>> {
      const now = clock.now();
      const key = `${API_KEY_SCHEME}${randomBytes(32).toString('base64url')}`;
      const issued = await db.transaction(async (tx) => {
        const system = await findHealthSystem(tx, body.healthSystem);
        if (!system) return undefined;
        const { id } = await insertApiKey(tx, {
          healthSystem: system.databaseValue,
          label: body.label,
          keyPrefix: key.slice(0, KEY_PREFIX_LENGTH),
          keyHash: hashSecret(key),
          createdBy: adminId,
          createdAt: now,
        });
        await recordAudit(tx, {
          at: now,
          action: 'verification.apiKey.issued',
          actorId: adminId,
          details: { apiKeyId: id, healthSystem: system.databaseValue },
          ip: context.ip,
        });
        return findApiKey(tx, id);
      });
      if (!issued) {
        return refused(400, M.healthSystemUnknown, [{ errorField: 'healthSystem', message: M.healthSystemUnknown }]);
      }
      return { ok: true, data: { ...toApiKey(issued), key } };
    },

    /** Revokes an active key: from then on it opens nothing. */
    async revoke(adminId: string, id: string, context: RequestContext): Promise<Outcome> {
      const now = clock.now();
      const revoked = await db.transaction(async (tx) => {
        const row = await revokeApiKey(tx, id, adminId, now);
        if (row) {
          await recordAudit(tx, {
            at: now,
            action: 'verification.apiKey.revoked',
            actorId: adminId,
            details: { apiKeyId: row.id, healthSystem: row.healthSystem },
            ip: context.ip,
          });
        }
        return row;
      });
      if (revoked) return { ok: true, message: M.revoked };
      return (await findApiKey(db, id)) ? refused(409, M.alreadyRevoked) : refused(404, M.keyNotFound);
    },

    /** The health system of an active key; undefined for a key that is unknown or revoked alike. */
    async authenticate(key: string): Promise<ApiKeyHolder | undefined> {
      const row = await findActiveKeyByHash(db, hashSecret(key));
      if (!row) return undefined;
      const now = clock.now();
      const staleBefore = new Date(now.getTime() - LAST_USED_EVERY_MS);
      if (!row.lastUsedAt || row.lastUsedAt < staleBefore) await touchApiKey(db, row.id, now, staleBefore);
      return { id: row.id, healthSystem: row.healthSystem };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
