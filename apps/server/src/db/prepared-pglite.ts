import { PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
type Parsers = PGlite['parsers'];

/** At most this many statements stay prepared; the one used least recently is closed to make room. */
const MAX_STATEMENTS = 100;

interface Statement {
  name: string;
  /** The type of each parameter, as the database inferred it: each value is written as that type reads it. */
  parameterTypes: number[];
  /** The statement's row description, or none for a statement that returns no rows. */
  rowDescription: BackendMessage[];
}

/** One call of `query`, as a database error reports it. */
interface Call {
  text: string;
  params: unknown[];
  options?: QueryOptions;
}

const { serialize } = protocol;
const message = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/**
 * A kept statement the database no longer has: deallocated (pg_dump's DEALLOCATE ALL), or reading a table that
 * changed shape since it was prepared.
 */
const isStale = (error: unknown) => {
  const { code, message: text } = error as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && /cached plan/.test(text ?? ''));
};

/**
 * The embedded database, whose `query` parses and plans each statement text once and then only binds and runs it,
 * as PostgreSQL's prepared statements do: PGlite's own `query` parses, describes and plans the text anew on every
 * call, in the server's own thread, which costs several times the run of a small statement. Statements are kept
 * by their text (the ORM builds the same text for the same query), the last MAX_STATEMENTS used. Transactions
 * (`transaction`), scripts (`exec`) and queries with a file or given parameter types run as PGlite runs them.
 */
export class PreparedPGlite extends PGlite {
  #statements = new Map<string, Statement>();
  /** Statements to close, sent ahead of the next one run. */
  #closing: Uint8Array[] = [];
  #nextName = 0;
  #mergedParsers = new WeakMap<Parsers, Parsers>();

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes) return super.query<T>(text, params, options);
    await this._checkReady();
    // As PGlite's own query: never between the statements of another caller's transaction, nor during another query.
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const call = { text, params, options };
        // Within a transaction block opened by hand (a script's BEGIN, pg_dump's connection), kept statements may
        // have been deallocated, and a failed one would abort the block: the text is prepared for this call alone.
        if (this.isInTransaction()) return this.#run<T>(await this.#prepare(call, ''), call);
        try {
          return await this.#run<T>(await this.#kept(call), call);
        } catch (error) {
          if (!isStale(error)) throw error;
          this.#forgetAll();
          return this.#run<T>(await this.#kept(call), call);
        }
      }),
    );
  }

  /** The kept statement of a text, prepared now if it is not kept; the most recently used is kept last. */
  async #kept(call: Call): Promise<Statement> {
    let statement = this.#statements.get(call.text);
    if (statement) this.#statements.delete(call.text);
    else {
      if (this.#statements.size >= MAX_STATEMENTS) this.#forget(this.#statements.keys().next().value!);
      statement = await this.#prepare(call, `portal_${++this.#nextName}`);
    }
    this.#statements.set(call.text, statement);
    return statement;
  }

  /** Parses and describes a text as the statement `name` ('' for the unnamed one, which the next parse replaces). */
  async #prepare(call: Call, name: string): Promise<Statement> {
    const described = await this.#exchange(
      call,
      [serialize.parse({ name, text: call.text }), serialize.describe({ type: 'S', name }), serialize.sync()],
      false,
    );
    return {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.filter((reply) => reply.name === 'rowDescription'),
    };
  }

  async #run<T>(statement: Statement, { text, params, options }: Call): Promise<Results<T>> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[i]!;
      const write = options?.serializers?.[type] ?? this.serializers[type];
      return write ? write(param) : String(param);
    });
    const replies = await this.#exchange({ text, params, options }, [
      ...this.#closing.splice(0),
      serialize.bind({ statement: statement.name, values: values as string[] }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const parsers = options?.parsers ? this.#withDefaults(options.parsers as Parsers) : this.parsers;
    const results = parse.parseResults([...statement.rowDescription, ...replies], parsers, {
      ...options,
      parsers: undefined,
    });
    return results[0] as Results<T>;
  }

  /** Sends protocol messages and reads the replies; a database error carries the call, as PGlite's own query's does. */
  async #exchange({ text, params, options }: Call, parts: Uint8Array[], syncToFs = true) {
    try {
      return await this.execProtocolStream(message(...parts), { syncToFs, onNotice: options?.onNotice });
    } catch (error) {
      throw Object.assign(error as Error, { query: text, params, queryOptions: options });
    }
  }

  /**
   * A caller's parsers ahead of the database's hundreds, merged once per set of parsers (the ORM passes the same set
   * to every run of one of its prepared queries), where PGlite's own parsing of results merges them on every call.
   */
  #withDefaults(parsers: Parsers): Parsers {
    let merged = this.#mergedParsers.get(parsers);
    if (!merged) this.#mergedParsers.set(parsers, (merged = { ...this.parsers, ...parsers }));
    return merged;
  }

  #forget(text: string) {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    this.#closing.push(serialize.close({ type: 'S', name: statement.name }));
  }

  #forgetAll() {
    for (const text of [...this.#statements.keys()]) this.#forget(text);
  }
}
