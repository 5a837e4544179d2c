import { API_BASE } from '@portal/shared/constants';
import { isLeavableCategory } from '@portal/shared/mail/categories';
import {
  ONE_CLICK_FIELD,
  ONE_CLICK_VALUE,
  POST_MAIL_UNSUBSCRIBE,
  UNSUBSCRIBE_PAGE_PATH,
} from '@portal/shared/mail/unsubscribe';
import type { MailUnsubscribe } from '../../providers/mail/mailer';
import type { ClaimedMail } from '../../providers/mail/ledger';
import type { UnsubscribeTokens } from './token';

/**
 * The unsubscribe parts of a message a participant may leave (any category but `account`, sent to a user), made
 * as it leaves: the `List-Unsubscribe` header with the one-click address of the API and `List-Unsubscribe-Post`
 * (RFC 8058), and the footer line linking the portal's page. Account and security mail has none.
 */
export function unsubscribeLinks({ tokens, publicUrl }: { tokens: UnsubscribeTokens; publicUrl: string }) {
  return async (mail: Pick<ClaimedMail, 'userId' | 'category' | 'language'>, now: Date) => {
    if (!mail.userId || !isLeavableCategory(mail.category)) return undefined;
    const token = encodeURIComponent(await tokens.issue(mail.userId, mail.category, now));
    const oneClick = `${publicUrl}${API_BASE}${POST_MAIL_UNSUBSCRIBE.path}?token=${token}`;
    const page = `${publicUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${token}&lang=${encodeURIComponent(mail.language)}`;
    return {
      headers: {
        'List-Unsubscribe': `<${oneClick}>`,
        'List-Unsubscribe-Post': `${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}`,
      },
      footer: { category: mail.category, url: page },
    } satisfies MailUnsubscribe;
  };
}
