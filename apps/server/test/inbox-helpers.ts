import { eq } from 'drizzle-orm';
import type { LeavableMailCategory } from '@portal/shared/mail/categories';
import { inboxMessages, mailCategoryChoices } from '../src/db/schema';
import type { TestApp } from './helpers';

/** A participant's inbox rows as stored, oldest first: what kind, with what values, carried by which e-mail. */
export const inboxOf = (t: TestApp, userId: string) =>
  t.db
    .select({
      kind: inboxMessages.kind,
      params: inboxMessages.params,
      noticeId: inboxMessages.noticeId,
      emailId: inboxMessages.emailId,
      readAt: inboxMessages.readAt,
    })
    .from(inboxMessages)
    .where(eq(inboxMessages.userId, userId))
    .orderBy(inboxMessages.createdAt, inboxMessages.id);

/** The participant left a category of e-mail, as Account Settings records it. */
export async function leaveCategory(t: TestApp, userId: string, category: LeavableMailCategory) {
  await t.db
    .insert(mailCategoryChoices)
    .values({ userId, category, subscribed: false, source: 'settings', changedAt: t.clock.now() });
}
