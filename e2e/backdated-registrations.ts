/**
 * Run before the journeys' portal starts (playwright.config.ts): registers the participants of
 * reminder-participants.ts exactly 24 hours ago, pending (the unsubscribe journey's activated then too), as
 * registration would have, so that in the study's
 * time zone (UTC for the journeys) they registered yesterday and a reminder on day 1 after registration is due
 * today. It adds no administrator: the server's first start still finds none and seeds as usual. An address
 * that exists already (a rerun on the same data directory) is left as it is.
 */
import path from 'node:path';
import { recordAudit } from '../apps/server/src/db/audit';
import { openDatabase } from '../apps/server/src/db/client';
import {
  activatePendingUser,
  findLiveUserByEmail,
  insertPendingParticipant,
} from '../apps/server/src/modules/registration/repository';
import { hashPassword } from '../apps/server/src/security/password-hash';
import {
  INBOX_PARTICIPANTS,
  REMINDER_PARTICIPANTS,
  REMINDER_PASSWORD,
  UNSUBSCRIBE_PARTICIPANTS,
} from './reminder-participants';

const DAY_MS = 24 * 60 * 60 * 1000;

// The same database the server opens next (apps/server/src/server.ts and env.ts).
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { kind: 'postgres', url: process.env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(process.env.DATA_DIR ?? './data') },
);
try {
  const registeredAt = new Date(Date.now() - DAY_MS);
  const passwordHash = await hashPassword(REMINDER_PASSWORD);
  // The unsubscribe journey's participants are activated at the same moment: their consent reminder is due today.
  // So are the inbox journey's, whose consent reminder it then finds in Messages.
  const activatedNow = [...Object.values(UNSUBSCRIBE_PARTICIPANTS), ...Object.values(INBOX_PARTICIPANTS)];
  const activated = new Set(activatedNow.map((p) => p.email));
  const participants = [
    ...Object.entries(REMINDER_PARTICIPANTS),
    ...Object.entries(UNSUBSCRIBE_PARTICIPANTS),
    ...Object.entries(INBOX_PARTICIPANTS),
  ];
  for (const [language, participant] of participants) {
    const existing = await findLiveUserByEmail(database.db, participant.email);
    if (existing) {
      if (existing.status !== (activated.has(participant.email) ? 'active' : 'pending')) {
        process.stderr.write(
          `${participant.email} is ${existing.status} already: its activation reminder will not come again ` +
            '(the reminder journey needs a fresh E2E_DATA_DIR).\n',
        );
      }
      continue;
    }
    await database.db.transaction(async (tx) => {
      const id = await insertPendingParticipant(
        tx,
        {
          email: participant.email,
          passwordHash,
          firstName: participant.firstName,
          lastName: participant.lastName,
          language: language as keyof typeof REMINDER_PARTICIPANTS,
          birthDate: '1958-05-17',
          gender: 'female',
          country: 'USA',
          postalCode: '60601',
          healthSystem: 'none',
        },
        registeredAt,
      );
      await recordAudit(tx, {
        at: registeredAt,
        action: 'account.registered',
        actorId: id,
        subjectId: id,
        details: { healthSystem: 'none', language },
      });
      if (activated.has(participant.email)) await activatePendingUser(tx, id, registeredAt);
    });
  }
} finally {
  await database.close();
}
