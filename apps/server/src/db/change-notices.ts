import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The PostgreSQL channel on which server processes tell one another that shared data changed. */
const CHANNEL = 'portal_changes';
/**
 * The topic the embedded database itself announces (triggers of migrations 0018, 0019, 0021 and 0026) when a statement
 * changes a user, their picture, a session's end, a staff member's role or scope, or the security policy.
 */
export const ACCOUNTS_TOPIC = 'accounts';
const RECONNECT_MS = 1_000;

/**
 * Word that something every server process keeps in memory (a cached setting or reference list) has changed:
 * a process that saves the change announces it, and each process drops its copy at once instead of serving it
 * until its cache period ends.
 */
export interface ChangeNotices {
  /** Runs `listener` whenever `topic` is announced, by this process or another one. */
  on(topic: string, listener: () => void): void;
  /** Runs this process's listeners of `topic` now, and tells the other processes; never rejects. */
  announce(topic: string): Promise<void>;
  close(): Promise<void>;
  /**
   * True when every change the database announces is heard here before the call that committed it returns: one
   * process on the embedded database. Only then may rows kept in memory rely on notices alone to stay current.
   */
  readonly immediate: boolean;
}

function listenerRegistry() {
  const listeners = new Map<string, (() => void)[]>();
  return {
    on(topic: string, listener: () => void) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    run(topic: string) {
      for (const listener of listeners.get(topic) ?? []) listener();
    },
    runAll() {
      for (const topic of listeners.keys()) this.run(topic);
    },
  };
}

/** One process on its own database (the embedded one): announcing runs the listeners here, and that is all. */
export function localChangeNotices(): ChangeNotices {
  const registry = listenerRegistry();
  return {
    on: registry.on,
    announce: async (topic) => registry.run(topic),
    close: async () => {},
    immediate: false,
  };
}

/**
 * The embedded database's notices: what its triggers announce is delivered while the committing statement's reply
 * is read, so before that call returns, and this process is the only one on that database. Its account triggers
 * announce only on a connection that asks for it (migration 0019), as this one does.
 */
export async function pgliteChangeNotices(client: PGlite): Promise<ChangeNotices> {
  const registry = listenerRegistry();
  await client.exec(`set portal.announce_account_changes to 'on'`);
  const unlisten = await client.listen(CHANNEL, (topic) => registry.run(topic));
  return {
    on: registry.on,
    announce: async (topic) => registry.run(topic),
    close: unlisten,
    immediate: true,
  };
}

/**
 * Notices shared by every process on one PostgreSQL database, over LISTEN/NOTIFY on a connection of their own.
 * While that connection is down nothing is heard, so on every reconnection each listener runs once: whatever
 * changed meanwhile is read again. Announcing goes through `notify` (a pool query), so it never waits on the
 * listening connection.
 */
export async function postgresChangeNotices(
  url: string,
  notify: (channel: string, topic: string) => Promise<unknown>,
): Promise<ChangeNotices> {
  const registry = listenerRegistry();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  /** Opens the listening connection; a reconnection that fails is tried again, the first one throws. */
  async function listen(reconnecting: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) registry.run(message.payload);
    });
    // A lost connection (a restart, a failover) is replaced; until then the caches' own periods still apply.
    next.on('error', () => {});
    next.on('end', () => {
      if (closed || client !== next) return;
      client = undefined;
      reconnectSoon();
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      client = undefined;
      await next.end().catch(() => {});
      if (!reconnecting) throw error;
      reconnectSoon();
      return;
    }
    if (reconnecting) registry.runAll();
  }
  function reconnectSoon() {
    if (!closed) retry = setTimeout(() => void listen(true), RECONNECT_MS);
  }

  await listen(false);
  return {
    on: registry.on,
    async announce(topic) {
      registry.run(topic);
      // Unsent, the notice is lost and other processes see the change when their cache period ends.
      await notify(CHANNEL, topic).catch(() => {});
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
    immediate: false,
  };
}
