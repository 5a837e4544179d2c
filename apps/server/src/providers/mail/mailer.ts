import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@portal/shared/constants';
import type { TContactSettings } from '@portal/shared/client-config';
import type { MailCategory } from '@portal/shared/mail/categories';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../clock/clock';
import type { FileStore } from '../storage/file-store';
import { deliveryFailure } from './delivery-failure';
import {
  claimDue,
  findRecipientStanding,
  insertMessage,
  MAIL_PRIORITY,
  paceKeysDue,
  purgeFailedPayloads,
  queueRetry,
  recordAttempt,
  releaseClaims,
  type ClaimedMail,
  type MailAttachmentRef,
  type MailPayload,
  type MailPriority,
} from './ledger';
import type { MailOutcome } from '../../plugins/metrics';
import type { MailTransport } from './mail-transport';
import { renderMail, type MailContent, type MailFooter } from './templates/render';
import { paceKeyOf } from './pacing/pace-key';
import { claimPaced, forgetOldGrants, minuteOf } from './pacing/pace-grants';
import { DEFAULT_PACE_RATES, rateOf, type PaceRates } from './pacing/pace-rates';
import { readPaceBacklog } from './pacing/pace-backlog';

export interface SendMailRequest {
  to: string;
  userId?: string;
  language: Language;
  /** The template's name, recorded for the Email Analytics dashboard. */
  template: string;
  content: MailContent;
  attachments?: MailAttachmentRef[];
  /**
   * `security` (a sign-in code, a password reset) goes even during downtime; `bulk` (every category but
   * `account`) is sent at a steady pace rather than all at once; everything else is `account`.
   */
  priority?: MailPriority;
  /**
   * The category the message belongs to: `account` (the default) is always sent; a recipient who left
   * `reminders`, `invitations` or `news`, turned off the preference it falls under (e-mail for the first two,
   * newsletter for news), or whose address is on the suppression list gets it recorded as suppressed.
   */
  category?: MailCategory;
  /**
   * Whether the message still goes to a participant who withdrew: only the withdrawal's own confirmation
   * does; any other is recorded as suppressed and not sent.
   */
  evenIfWithdrawn?: boolean;
}

export interface MailerOptions {
  db: Database;
  clock: Clock;
  transport: MailTransport;
  from: string;
  /** Where attachments (signed copies) are read from. */
  files: FileStore;
  log: FastifyBaseLogger;
  contact: () => Promise<TContactSettings>;
  /** Whether the portal is in downtime now: then only `security` messages leave. */
  inDowntime: () => Promise<boolean>;
  /** Whether `bulk` messages may leave at this moment (the study's daytime). */
  bulkHours: (now: Date) => boolean;
  /** How many `bulk` messages a minute may leave per pace key, across every server process. */
  paceRates?: PaceRates;
  /** Told what became of each delivery attempt. */
  onOutcome?: (outcome: MailOutcome) => void;
  /**
   * The unsubscribe parts of a message, made as it leaves (none for account and security mail): its
   * List-Unsubscribe headers and the footer line that links the page stopping its category.
   */
  unsubscribe?: (mail: ClaimedMail, now: Date) => Promise<MailUnsubscribe | undefined>;
}

/** What a message of a category one may leave carries to let its recipient leave it. */
export interface MailUnsubscribe {
  headers: Record<string, string>;
  footer: MailFooter;
}

/**
 * How long recording a sent message keeps trying while the database is unreachable: about two minutes, well
 * within the claim's five, so a restart or failover of the database does not make the message go again.
 */
const RECORD_RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000];

/** Runs `write`, trying again while it fails, for a while. */
async function persistently(write: () => Promise<void>) {
  for (const delay of RECORD_RETRY_DELAYS_MS) {
    try {
      return await write();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return write();
}

/** How many messages one process sends at the same time (and how many pace keys it takes turns between). */
const BATCH = 10;
/** How long closing waits for deliveries under way before it lets the process end. */
const CLOSE_WAIT_MS = 4_000;

/**
 * The e-mail delivery ledger's writer and deliverer. `queue` records a message inside the caller's transaction;
 * `deliverNow` sends it as soon as that transaction has committed; `sweep` (run by the scheduler every minute)
 * sends what is due: retries, messages whose process stopped while sending them, and bulk messages at the rate of
 * their recipient's pace key (shared by every process through `mail_pace`), and drops the content of failures kept
 * too long. Security and account mail is claimed first and never counts against, nor waits for, bulk pacing.
 * `idle()` waits for deliveries under way: graceful shutdown and tests use it.
 */
export function createMailer({
  db,
  clock,
  transport,
  from,
  files,
  log,
  contact,
  inDowntime,
  bulkHours,
  paceRates = DEFAULT_PACE_RATES,
  onOutcome = () => {},
  unsubscribe,
}: MailerOptions) {
  const inFlight = new Set<Promise<unknown>>();
  /** Set once the process is stopping: nothing more is claimed. */
  let closing = false;
  const track = <T>(work: Promise<T>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };
  const lastChecks: ((mail: ClaimedMail) => Promise<string | undefined>)[] = [];

  /**
   * Why the recipient's withdrawal, communication preferences, the categories they left or the suppression list
   * keep this message from being sent, if so.
   */
  async function suppression(
    executor: Executor,
    to: { userId?: string | null; recipient: string; category: MailCategory },
    payload: Pick<MailPayload, 'evenIfWithdrawn'>,
  ): Promise<string | undefined> {
    const row = await findRecipientStanding(executor, to);
    if (!row) return undefined;
    if (row.status === 'withdrawn' && !payload.evenIfWithdrawn) return 'withdrawn';
    if (!row.subscribed) return 'emailsOff';
    if (row.unsubscribed) return 'unsubscribed';
    if (row.addressSuppressed) return 'addressSuppressed';
    return undefined;
  }

  async function attachmentsOf(payload: MailPayload) {
    return Promise.all(
      (payload.attachments ?? []).map(async (ref) => {
        const file = await files.read(db, ref.fileId);
        if (!file) throw new Error(`attachment ${ref.fileId} is missing`);
        return { filename: ref.filename, contentType: ref.contentType, content: file.bytes };
      }),
    );
  }

  /** Sends one claimed message, or records why not; answers whether the transport took it. */
  async function send(mail: ClaimedMail): Promise<{ smtpReply?: string } | undefined> {
    let reason = await suppression(db, mail, mail.payload);
    for (const check of lastChecks) reason ??= await check(mail);
    if (reason) {
      await recordAttempt(db, mail, clock.now(), { status: 'suppressed', reason });
      onOutcome('suppressed');
      return undefined;
    }
    const leave = await unsubscribe?.(mail, clock.now());
    const rendered = renderMail(mail.language as Language, mail.payload.content, await contact(), leave?.footer);
    const attachments = await attachmentsOf(mail.payload);
    try {
      const headers = leave?.headers;
      return await transport.deliver({ id: mail.id, from, to: mail.recipient, ...rendered, attachments, headers });
    } catch (error) {
      const now = clock.now();
      const failure = deliveryFailure(error, mail.attempts, now);
      log.warn(
        { emailId: mail.id, template: mail.template, attempt: mail.attempts, smtpCode: failure.smtpCode },
        failure.status === 'failed' ? 'e-mail delivery failed for good' : 'e-mail delivery failed; will retry',
      );
      await recordAttempt(db, mail, now, failure);
      onOutcome(failure.status === 'failed' ? 'failed' : 'retried');
      return undefined;
    }
  }

  async function attempt(mail: ClaimedMail) {
    let reply: { smtpReply?: string } | undefined;
    try {
      reply = await send(mail);
    } catch (error) {
      // The claim lapses and another attempt follows; nothing is lost.
      log.error({ err: error, emailId: mail.id }, 'could not attempt an e-mail delivery');
      return;
    }
    if (!reply) return;
    onOutcome('sent');
    // The message is out: its record must follow, even across a database restart, or it would go again.
    const sent = { status: 'sent' as const, smtpReply: reply.smtpReply };
    await persistently(() => recordAttempt(db, mail, clock.now(), sent)).catch((error: unknown) =>
      log.error({ err: error, emailId: mail.id }, 'an e-mail was sent but its record could not be saved'),
    );
  }

  /**
   * What may leave now: during downtime only `security`; else `security` and `account` at once, and `bulk` in the
   * study's daytime at its pace.
   */
  async function allowance(): Promise<{ urgent: number[]; bulk: boolean }> {
    if (await inDowntime()) return { urgent: [MAIL_PRIORITY.security], bulk: false };
    return { urgent: [MAIL_PRIORITY.security, MAIL_PRIORITY.account], bulk: bulkHours(clock.now()) };
  }

  /** One turn of the pace keys on `keys`, each up to its share of a batch; a key that gives less leaves the list. */
  async function claimTurn(keys: string[], now: Date, ids?: string[]): Promise<ClaimedMail[]> {
    const ask = ids?.length ?? Math.ceil(BATCH / Math.max(keys.length, 1));
    const claimed: ClaimedMail[] = [];
    for (const paceKey of [...keys]) {
      const got = await claimPaced(db, now, { paceKey, ask, perMinute: rateOf(paceRates, paceKey), ids });
      // Less than asked: the key's minute is used up, or nothing more of it is due; the next keys get their turn.
      if (got.length < ask) keys.splice(keys.indexOf(paceKey), 1);
      claimed.push(...got);
    }
    return claimed;
  }

  /**
   * Claims bulk messages for one round of a sweep: the pace keys whose mail has waited longest and that have room
   * left this minute take turns, each within its rate. `keys` is the sweep's list of keys still to serve; when the
   * keys on it give nothing (or none is left), it is read again, so a sweep goes on to the next keys rather than
   * ending while they wait.
   */
  async function claimBulk(keys: string[], ids?: string[]): Promise<ClaimedMail[]> {
    const now = clock.now();
    const claimed = await claimTurn(keys, now, ids);
    if (claimed.length > 0) return claimed;
    const due = await paceKeysDue(db, now, { minute: minuteOf(now), rates: paceRates, limit: BATCH, ids });
    keys.splice(0, keys.length, ...due);
    return claimTurn(keys, now, ids);
  }

  async function sweep(signal?: AbortSignal) {
    await purgeFailedPayloads(db, clock.now());
    await forgetOldGrants(db, clock.now());
    const keys: string[] = [];
    while (!signal?.aborted && !closing) {
      const { urgent, bulk } = await allowance();
      // Security and account mail first, every round: a bulk backlog never holds it back.
      const claimed = await claimDue(db, clock.now(), { priorities: urgent, limit: BATCH });
      if (bulk) claimed.push(...(await claimBulk(keys)));
      if (claimed.length === 0) return;
      await Promise.all(claimed.map(attempt));
    }
  }

  return {
    /** Records a message in the caller's transaction (or on its own); resolves with its id. */
    async queue(executor: Executor, request: SendMailRequest): Promise<string> {
      const payload: MailPayload = {
        content: request.content,
        attachments: request.attachments,
        evenIfWithdrawn: request.evenIfWithdrawn,
      };
      const category = request.category ?? 'account';
      const reason = await suppression(executor, { userId: request.userId, recipient: request.to, category }, payload);
      const now = clock.now();
      return insertMessage(executor, {
        userId: request.userId,
        recipient: request.to,
        template: request.template,
        language: request.language,
        subject: request.content.subject,
        transport: transport.kind,
        priority: MAIL_PRIORITY[request.priority ?? (category === 'account' ? 'account' : 'bulk')],
        category,
        paceKey: paceKeyOf(request.to),
        ...(reason
          ? { status: 'suppressed', suppressedReason: reason }
          : { status: 'queued', payload, nextAttemptAt: now }),
        createdAt: now,
      });
    },
    /** Starts delivering committed messages now, unless downtime holds them back for the sweep. */
    deliverNow(ids: string[]) {
      void track(
        (async () => {
          if (closing) return;
          const { urgent, bulk } = await allowance();
          const claimed = await claimDue(db, clock.now(), { ids, priorities: urgent, limit: ids.length });
          // Bulk mail among them goes now only within its pace; the rest waits for the sweep.
          if (bulk && claimed.length < ids.length) claimed.push(...(await claimBulk([], ids)));
          await Promise.all(claimed.map(attempt));
        })().catch((error: unknown) => log.error({ err: error }, 'could not start an e-mail delivery')),
      );
    },
    /** Queues a copy of a failed message in the caller's transaction; `deliverNow` it once committed. */
    queueRetry: (tx: Parameters<typeof queueRetry>[0], id: string) =>
      queueRetry(tx, id, { now: clock.now(), transport: transport.kind }),
    /** On the embedded database, owned by this process alone: takes up at once what a killed process was sending. */
    releaseClaims: () => releaseClaims(db, clock.now()),
    /** Sends what is due; the scheduler runs it every minute. */
    sweep: (signal?: AbortSignal) => track(sweep(signal)),
    /**
     * The bulk mail waiting, by pace key, with each key's rate and when it should clear within the study's daytime;
     * and whether downtime holds it all back now.
     */
    async backlog() {
      const now = clock.now();
      const [keys, held] = await Promise.all([
        readPaceBacklog(db, now, { rates: paceRates, open: bulkHours }),
        inDowntime(),
      ]);
      return { inDowntime: held, otherPerMinute: paceRates.other, keys };
    },
    /** Adds a check made just before each delivery; a reason it answers suppresses the message. */
    addLastCheck(check: (mail: ClaimedMail) => Promise<string | undefined>) {
      lastChecks.push(check);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    /** Waits a moment for deliveries under way; a message still sending is taken up again once its claim lapses. */
    async close() {
      closing = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.idle(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, CLOSE_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      await transport.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
