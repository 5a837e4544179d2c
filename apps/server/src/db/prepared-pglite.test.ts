import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedPGlite } from './prepared-pglite';

describe('PreparedPGlite', () => {
  let db: PreparedPGlite;
  /** The same call through PGlite's own query, which parses and plans the text anew. */
  const unprepared = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    PGlite.prototype.query.call(db, text, params, options) as ReturnType<PGlite['query']> as Promise<
      Awaited<ReturnType<typeof db.query<T>>>
    >;
  const preparedCount = async () =>
    (await unprepared<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    db = new PreparedPGlite();
    await db.exec(`
      create table things (id serial primary key, name text unique, at timestamptz, tags text[], doc jsonb, ok boolean);
      insert into things (name, at, tags, doc, ok) values
        ('a', '2026-03-01T12:00:00Z', '{x,y}', '{"n":1}', true),
        ('b', null, '{}', null, false)`);
  });
  afterAll(() => db.close());

  it('answers as PGlite’s own query: rows in both modes, fields, counts, the caller’s parsers, every type', async () => {
    const select =
      'select id, name, at, tags, doc, ok from things where name = any($1) and ($2::boolean or ok) order by id';
    const keepText = { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      keepText,
      { rowMode: 'array' as const, ...keepText },
    ])
      for (const params of [
        [['a', 'b'], true],
        [['a'], false],
        [['none'], true],
      ]) {
        const expected = await unprepared(select, params, options);
        expect(await db.query(select, params, options)).toEqual(expected);
        expect(await db.query(select, params, options)).toEqual(expected);
      }

    const update = 'update things set doc = $1, at = $2 where name = $3 returning id';
    expect(await db.query(update, [{ n: 2 }, new Date('2026-03-02T00:00:00Z'), 'b'])).toEqual(
      await unprepared(update, [{ n: 2 }, new Date('2026-03-02T00:00:00Z'), 'b']),
    );
    const insert = 'insert into things (name, ok) values ($1, $2)';
    expect(await db.query(insert, ['c', null])).toEqual(await unprepared(insert, ['d', null]));
    expect((await db.query('select doc from things where name = $1', ['b'])).rows).toEqual([{ doc: { n: 2 } }]);
  });

  it('parses a text once, and keeps at most 100 statements', async () => {
    const before = await preparedCount();
    for (let i = 0; i < 5; i++) await db.query('select name from things where id = $1', [1]);
    expect(await preparedCount()).toBe(before + 1);

    for (let i = 0; i < 150; i++) await db.query(`select ${i} as n where $1::int > 0`, [1]);
    // The statements pushed out are closed with the next one run.
    await db.query('select 1');
    expect(await preparedCount()).toBe(100);
  });

  it('prepares again a statement deallocated meanwhile, or reading a table that changed shape', async () => {
    const read = 'select * from things where id = $1';
    expect((await db.query(read, [1])).fields.map((field) => field.name)).not.toContain('extra');
    await db.exec('deallocate all');
    expect((await db.query(read, [1])).rows).toHaveLength(1);

    await db.exec('alter table things add column extra int');
    expect((await db.query(read, [1])).fields.map((field) => field.name)).toContain('extra');
  });

  it('within a transaction block opened by hand, neither fails on a deallocated statement nor ends the block', async () => {
    const read = 'select name from things where id = $1';
    await db.query(read, [1]);
    await db.exec('begin');
    await db.exec('deallocate all');
    expect((await db.query(read, [1])).rows).toEqual([{ name: 'a' }]);
    await db.query('insert into things (name) values ($1)', ['in block']);
    await db.exec('rollback');
    expect((await db.query('select count(*)::int as n from things where name = $1', ['in block'])).rows).toEqual([
      { n: 0 },
    ]);
    expect((await db.query(read, [1])).rows).toEqual([{ name: 'a' }]);
  });

  it('fails with the database’s error, its SQLSTATE and the call, and the statement works on', async () => {
    const insert = 'insert into things (name) values ($1)';
    await db.query(insert, ['unique']);
    await expect(db.query(insert, ['unique'])).rejects.toMatchObject({
      code: '23505',
      query: insert,
      params: ['unique'],
    });
    await expect(db.query('select from nowhere where 1 = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    await db.query(insert, ['unique too']);
    expect((await db.query('select count(*)::int as n from things where name like $1', ['unique%'])).rows).toEqual([
      { n: 2 },
    ]);
  });

  it('delivers a notice of a statement before its call returns', async () => {
    const heard: string[] = [];
    await db.listen('portal_test', (payload) => heard.push(payload));
    await db.query('select pg_notify($1, $2)', ['portal_test', 'changed']);
    expect(heard).toEqual(['changed']);
  });

  it('waits for a transaction under way, and runs none of its statements inside it', async () => {
    const count = 'select count(*)::int as n from things where name = $1';
    let inside!: () => void;
    const held = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['in transaction']);
      await held;
      await tx.rollback();
    });
    const outside = db.query(count, ['in transaction']);
    inside();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });
});
