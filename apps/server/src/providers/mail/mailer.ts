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
import { renderMail, type MailContent } from './templates/render';
import { paceKeyOf } from './pacing/pace-key';

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
  /** Told what became of each delivery attempt. */
  onOutcome?: (outcome: MailOutcome) => void;
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

/** How many messages one process sends at the same time. */
const BATCH = 10;
/** How many `bulk` messages one process sends in a minute at most, so a backlog goes out spread over time. */
const BULK_PER_MINUTE = 60;
/** How long closing waits for deliveries under way before it lets the process end. */
const CLOSE_WAIT_MS = 4_000;

/**
 * The e-mail delivery ledger's writer and deliverer. `queue` records a message inside the caller's transaction;
 * `deliverNow` sends it as soon as that transaction has committed; `sweep` (run by the scheduler every minute)
 * sends what is due: retries, messages whose process stopped while sending them, and bulk messages, and drops the
 * content of failures kept too long.
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
  onOutcome = () => {},
}: MailerOptions) {
  const inFlight = new Set<Promise<unknown>>();
  /** Set once the process is stopping: nothing more is claimed. */
  let closing = false;
  /** Bulk messages this process claimed in the current minute of the clock. */
  const bulk = { minute: -1, claimed: 0 };
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
    const rendered = renderMail(mail.language as Language, mail.payload.content, await contact());
    const attachments = await attachmentsOf(mail.payload);
    try {
      return await transport.deliver({ id: mail.id, from, to: mail.recipient, ...rendered, attachments });
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
   * The priorities that may leave now. With `reserve`, also reserves up to a batch of this minute's bulk
   * allowance (in the same turn of the event loop that reads it, so sweeps running side by side share it).
   */
  async function allowance(reserve = false): Promise<{ priorities: number[]; bulkReserved: number }> {
    if (await inDowntime()) return { priorities: [MAIL_PRIORITY.security], bulkReserved: 0 };
    const now = clock.now();
    const minute = Math.floor(now.getTime() / 60_000);
    if (bulk.minute !== minute) Object.assign(bulk, { minute, claimed: 0 });
    const bulkLeft = bulkHours(now) ? BULK_PER_MINUTE - bulk.claimed : 0;
    const bulkReserved = reserve ? Math.min(BATCH, Math.max(bulkLeft, 0)) : 0;
    bulk.claimed += bulkReserved;
    const priorities = [MAIL_PRIORITY.security, MAIL_PRIORITY.account, ...(bulkLeft > 0 ? [MAIL_PRIORITY.bulk] : [])];
    return { priorities, bulkReserved };
  }

  async function sweep(signal?: AbortSignal) {
    await purgeFailedPayloads(db, clock.now());
    while (!signal?.aborted && !closing) {
      const { priorities, bulkReserved } = await allowance(true);
      const claimed = await claimDue(db, clock.now(), { priorities, limit: bulkReserved || BATCH });
      // What was reserved and not used goes back to the minute's allowance.
      bulk.claimed -= bulkReserved - claimed.filter((m) => m.priority === MAIL_PRIORITY.bulk).length;
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
          const claimed = await claimDue(db, clock.now(), {
            ids,
            priorities: (await allowance()).priorities,
            limit: ids.length,
          });
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
