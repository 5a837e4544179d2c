import { eq, sql } from 'drizzle-orm';
import type { LeavableMailCategory } from '@portal/shared/mail/categories';
import type { Executor } from '../../db/client';
import { mailCategoryChoices, users } from '../../db/schema';

/** Where a choice was made: Account Settings, the page an e-mail links to, or the mail app's one-click (RFC 8058). */
export type ChoiceSource = 'settings' | 'link' | 'oneClick';

export interface CategoryChoice {
  category: LeavableMailCategory;
  subscribed: boolean;
  changedAt: Date;
}

/** Whether the user exists (any status), and their latest choice of each category they ever changed. */
export async function findChoices(db: Executor, userId: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const rows = await db
    .select({
      category: mailCategoryChoices.category,
      subscribed: mailCategoryChoices.subscribed,
      changedAt: mailCategoryChoices.changedAt,
    })
    .from(mailCategoryChoices)
    .where(eq(mailCategoryChoices.userId, userId));
  return rows as CategoryChoice[];
}

/**
 * Sets the user's choice of one category, unless its row says so already (two clicks at once change it once).
 * Answers whether it changed anything.
 */
export async function setChoice(
  db: Executor,
  choice: { userId: string; category: LeavableMailCategory; subscribed: boolean; source: ChoiceSource; at: Date },
): Promise<boolean> {
  const { userId, category, subscribed, source, at } = choice;
  const result = await db
    .insert(mailCategoryChoices)
    .values({ userId, category, subscribed, source, changedAt: at })
    .onConflictDoUpdate({
      target: [mailCategoryChoices.userId, mailCategoryChoices.category],
      set: { subscribed, source, changedAt: at },
      setWhere: sql`${mailCategoryChoices.subscribed} <> ${subscribed}`,
    })
    .returning({ userId: mailCategoryChoices.userId });
  return result.length > 0;
}
