import type { InboxParams, TInboxKind } from '@portal/shared/inbox/messages';
import type { StudyMailBlock } from '../providers/mail/study-mail-block';
import type { Executor } from './client';
import { inboxMessages } from './schema';

/**
 * A message a module adds to a participant's inbox (the Messages page): a reminder or an invitation; study notices
 * are written by the inbox module itself, many at once.
 */
export type InboxEntry = {
  [K in Exclude<TInboxKind, 'notice'>]: { userId: string; kind: K; params: InboxParams[K]; emailId?: string };
}[Exclude<TInboxKind, 'notice'>];

/**
 * Whether a reminder or an invitation that was not e-mailed for `reason` still goes to the inbox: it does when the
 * e-mail could not go (study e-mails off, the category left, the address refused or suppressed), since the person
 * still finds it there; it does not for someone who withdrew from the study.
 */
export const inboxKeepsUnsent = (reason: StudyMailBlock) => reason !== 'withdrawn';

/**
 * Adds a message to a participant's inbox at `at`, in the caller's transaction, so it exists exactly when the
 * reminder or invitation it tells of was recorded. `emailId` is the e-mail that carried it, when one was queued.
 */
export async function addToInbox(tx: Executor, entry: InboxEntry, at: Date): Promise<void> {
  await tx.insert(inboxMessages).values({
    userId: entry.userId,
    kind: entry.kind,
    params: entry.params as Record<string, string>,
    emailId: entry.emailId ?? null,
    createdAt: at,
  });
}
