import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { e2eDatabaseFile } from './ports.ts';

/**
 * Checksums of stored rows, read straight from the browser tests' SQLite file without writing to it.
 * Other tests share the file, so only rows no other test touches are compared: the catalogue, one
 * coupon, and everything that belongs to one student.
 */
export function storedRowChecksums(userId: string, couponCode: string): Record<string, string> {
  const db = new Database(e2eDatabaseFile(), { readonly: true, fileMustExist: true });
  try {
    const rows = (query: string, ...params: unknown[]) => db.prepare(query).all(...params);
    const tables: Record<string, unknown[]> = {
      exams: rows('select * from exams order by id'),
      practice_tests: rows('select * from practice_tests order by id'),
      questions: rows('select * from questions order by id'),
      coupon: rows('select * from coupons where code = ?', couponCode),
      coupon_usages: rows(
        'select * from coupon_usages where coupon_code = ? or user_id = ? order by id',
        couponCode,
        userId,
      ),
      user: rows('select * from users where id = ?', userId),
      accounts: rows('select * from accounts where userId = ? order by id', userId),
      cart_items: rows('select * from cart_items where user_id = ? order by exam_id', userId),
      purchases: rows('select * from purchases where user_id = ? order by id', userId),
      attempts: rows('select * from attempts where user_id = ? order by id', userId),
      attempt_answers: rows(
        `select a.* from attempt_answers a join attempts t on t.id = a.attempt_id
         where t.user_id = ? order by a.attempt_id, a.question_id`,
        userId,
      ),
      checkouts: rows('select * from checkouts where user_id = ? order by order_id', userId),
      orders: rows('select * from orders where user_id = ? order by id', userId),
      order_items: rows(
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
  } finally {
    db.close();
  }
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
