import type { TMailCategoryChoices } from '@portal/shared/account/communication-preferences';
import {
  isLeavableCategory,
  LEAVABLE_MAIL_CATEGORIES,
  type LeavableMailCategory,
} from '@portal/shared/mail/categories';
import { UNSUBSCRIBE_MESSAGES as M, type TUnsubscribeLink } from '@portal/shared/mail/unsubscribe';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { refused, type DataOutcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import { findChoices, setChoice, type ChoiceSource } from './repository';
import type { UnsubscribeTokens } from './token';

export interface MailPreferencesDeps {
  db: Database;
  clock: Clock;
  tokens: UnsubscribeTokens;
}

/** A checked link: whose, for which category, and whether that category is left already. */
type CheckedLink = { userId: string } & TUnsubscribeLink;

/**
 * The e-mail categories a participant may leave one by one (reminders, survey invitations, study news): from an
 * e-mail's unsubscribe link without signing in, and from Account Settings. Leaving them is not withdrawing.
 */
export function createMailPreferencesService({ db, clock, tokens }: MailPreferencesDeps) {
  /**
   * What a link may do, refused in this order: a token that is garbled or not ours (400), of a category that is
   * always sent (400), past its 60 days (410), or issued before the participant last rejoined the category (409:
   * an old e-mail must not undo a newer choice). A category already left is no refusal: the link answers again.
   */
  async function check(token: string | undefined): Promise<DataOutcome<CheckedLink>> {
    if (!token) return refused(400, M.invalid);
    const reading = await tokens.read(token, clock.now());
    if (!reading.ok) return refused(400, M.invalid);
    const { userId, category, issuedAt } = reading.claims;
    if (!isLeavableCategory(category)) return refused(400, M.alwaysSent);
    if (reading.expired) return refused(410, M.expired);
    const choices = await findChoices(db, userId);
    if (!choices) return refused(400, M.invalid);
    const choice = choices.find((c) => c.category === category);
    if (choice && !choice.subscribed) return { ok: true, data: { userId, category, alreadyLeft: true } };
    if (choice && choice.changedAt > issuedAt) return refused(409, M.replayed);
    return { ok: true, data: { userId, category, alreadyLeft: false } };
  }

  /** Records one change of a category, with its audit entry, when it changes anything; answers whether it did. */
  async function change(
    tx: Executor,
    userId: string,
    category: LeavableMailCategory,
    subscribed: boolean,
    at: { now: Date; source: ChoiceSource; ip?: string },
  ) {
    const changed = await setChoice(tx, { userId, category, subscribed, source: at.source, at: at.now });
    if (changed)
      await recordAudit(tx, {
        at: at.now,
        action: subscribed ? 'mail.categoryRejoined' : 'mail.categoryLeft',
        actorId: userId,
        subjectId: userId,
        details: { category, source: at.source },
        ip: at.ip,
      });
    return changed;
  }

  /** Whether the participant gets each category (no choice recorded: they do). */
  async function categoriesOf(executor: Executor, userId: string): Promise<TMailCategoryChoices> {
    const choices = (await findChoices(executor, userId)) ?? [];
    const of = (category: LeavableMailCategory) => choices.find((c) => c.category === category)?.subscribed ?? true;
    return { reminders: of('reminders'), invitations: of('invitations'), news: of('news') };
  }

  return {
    categoriesOf,

    /** `GET /mail-preferences/unsubscribe`: which e-mails the link stops and whether they are stopped already. */
    async describe(token: string | undefined): Promise<DataOutcome<TUnsubscribeLink>> {
      const link = await check(token);
      return link.ok ? { ok: true, data: { category: link.data.category, alreadyLeft: link.data.alreadyLeft } } : link;
    },

    /** `POST /mail-preferences/unsubscribe`: leaves the link's category at once; again, answers it is left. */
    async unsubscribe(
      token: string | undefined,
      source: 'link' | 'oneClick',
      context: RequestContext,
    ): Promise<DataOutcome<TUnsubscribeLink>> {
      const link = await check(token);
      if (!link.ok) return link;
      const { userId, category } = link.data;
      if (link.data.alreadyLeft) return { ok: true, data: { category, alreadyLeft: true } };
      const now = clock.now();
      const changed = await db.transaction((tx) =>
        change(tx, userId, category, false, { now, source, ip: context.ip }),
      );
      return { ok: true, data: { category, alreadyLeft: !changed } };
    },

    /**
     * Account Settings' choices, in the caller's transaction: only the categories named and changed are written,
     * so a save that changes nothing keeps the links of e-mails already sent working. Rejoining a category makes
     * the links sent before it refused as replayed. Answers the categories changed.
     */
    async setCategories(
      tx: Executor,
      userId: string,
      update: Partial<TMailCategoryChoices>,
      at: { now: Date; ip?: string },
    ): Promise<LeavableMailCategory[]> {
      const current = await categoriesOf(tx, userId);
      const changed: LeavableMailCategory[] = [];
      for (const category of LEAVABLE_MAIL_CATEGORIES) {
        const wanted = update[category];
        if (wanted === undefined || wanted === current[category]) continue;
        if (await change(tx, userId, category, wanted, { ...at, source: 'settings' })) changed.push(category);
      }
      return changed;
    },
  };
}
export type MailPreferencesService = ReturnType<typeof createMailPreferencesService>;
