import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { e2eDatabaseFile } from './ports.ts';
import type { StoreUnderTest } from './stores.ts';

type Rows = (query: string, ...params: unknown[]) => Promise<unknown[]>;

/** Runs read-only queries on a store's database (`?` placeholders on either engine), then lets it go. */
async function reading<T>(store: StoreUnderTest, work: (rows: Rows) => Promise<T>): Promise<T> {
  if (store.name === 'SQLite') {
    const db = new Database(store.databaseUrl, { readonly: true, fileMustExist: true });
    try {
      return await work(async (query, ...params) => db.prepare(query).all(...params));
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: store.databaseUrl });
  await client.connect();
  try {
    return await work(async (query, ...params) => {
      let n = 0;
      return (
        await client.query(
          query.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows;
    });
  } finally {
    await client.end();
  }
}

/**
 * Checksums of stored rows, read straight from a store's database without writing to it. Other tests
 * share the database, so only rows no other test touches are compared: the catalogue, one coupon, and
 * everything that belongs to one student.
 */
export function storedRowChecksums(
  store: StoreUnderTest,
  userId: string,
  couponCode: string,
): Promise<Record<string, string>> {
  return reading(store, async (rows) => {
    const tables: Record<string, unknown[]> = {
      exams: await rows('select * from exams order by id'),
      practice_tests: await rows('select * from practice_tests order by id'),
      questions: await rows('select * from questions order by id'),
      coupon: await rows('select * from coupons where code = ?', couponCode),
      coupon_usages: await rows(
        'select * from coupon_usages where coupon_code = ? or user_id = ? order by id',
        couponCode,
        userId,
      ),
      user: await rows('select * from users where id = ?', userId),
      accounts: await rows('select * from accounts where "userId" = ? order by id', userId),
      cart_items: await rows('select * from cart_items where user_id = ? order by exam_id', userId),
      purchases: await rows('select * from purchases where user_id = ? order by id', userId),
      attempts: await rows('select * from attempts where user_id = ? order by id', userId),
      attempt_answers: await rows(
        `select a.* from attempt_answers a join attempts t on t.id = a.attempt_id
         where t.user_id = ? order by a.attempt_id, a.question_id`,
        userId,
      ),
      checkouts: await rows('select * from checkouts where user_id = ? order by order_id', userId),
      orders: await rows('select * from orders where user_id = ? order by id', userId),
      order_items: await rows(
        `select i.* from order_items i join orders o on o.id = i.order_id
         where o.user_id = ? order by i.order_id, i.position`,
        userId,
      ),
    };
    return Object.fromEntries(
      Object.entries(tables).map(([name, list]) => [
        name,
        `${list.length} rows ${createHash('sha256').update(JSON.stringify(list)).digest('hex').slice(0, 16)}`,
      ]),
    );
  });
}

/** One column of the first row a query finds in a store's database. */
export function storedValueIn(store: StoreUnderTest, query: string, ...params: unknown[]): Promise<unknown> {
  return reading(store, async (rows) => {
    const [row] = (await rows(query, ...params)) as Record<string, unknown>[];
    return row ? Object.values(row)[0] : undefined;
  });
}

/** One column of one stored row, for checks that a request changed nothing it should not have. */
export function storedValue(query: string, ...params: unknown[]): unknown {
  const db = new Database(e2eDatabaseFile(), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare(query).get(...params) as Record<string, unknown> | undefined;
    return row ? Object.values(row)[0] : undefined;
  } finally {
    db.close();
  }
}
