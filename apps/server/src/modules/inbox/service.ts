import { INBOX_MESSAGES, type TMessagesPage, type TMessagesQuery } from '@portal/shared/inbox/messages';
import type { Database } from '../../db/client';
import { refused, type DataOutcome } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import { countUnread, listMessages, markRead } from './repository';

export interface InboxDeps {
  db: Database;
  clock: Clock;
}

/**
 * A participant's Messages page: every reminder, invitation and study notice they were sent, read and unread.
 * Each call reaches only the caller's own messages: another's id is answered as one that does not exist.
 */
export function createInboxService({ db, clock }: InboxDeps) {
  return {
    async list(userId: string, query: TMessagesQuery): Promise<TMessagesPage> {
      const [page, unread] = await Promise.all([listMessages(db, userId, query), countUnread(db, userId)]);
      return { ...page, page: query.page, size: query.size, unread };
    },

    unreadCount: async (userId: string) => ({ unread: await countUnread(db, userId) }),

    async markRead(userId: string, id: string): Promise<DataOutcome<{ unread: number }>> {
      if (!(await markRead(db, userId, id, clock.now()))) return refused(404, INBOX_MESSAGES.notFound);
      return { ok: true, data: { unread: await countUnread(db, userId) } };
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
