import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action } from '../../../app/routes/api.cart.ts';
import { couponMessages } from '../../../shared/coupon-messages.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { createTestServices } from '../../testing/services.ts';
import { signUpStudent } from '../../testing/students.ts';
import { importContent } from '../catalogue/content-import.ts';

/**
 * The cart's endpoint reads its body as JSON whatever the Content-Type says, so an exam id it is sent must
 * be a catalogue id before it reaches a query: PostgreSQL refuses a NUL character with a server error.
 */
describe.each(engines)('the cart endpoint on %s', (engine) => {
  let database: DatabaseHandle;
  let services: ReturnType<typeof createTestServices>;
  let student: { id: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await importContent(database.db, [contentFixture('alpha', { title: 'Alpha', priceCents: 2999 }, 1)]);
    services = createTestServices(database);
    student = await signUpStudent(
      services,
      database,
      { name: 'Cart Ids', email: 'cart-ids@example.com', password: 'only-catalogue-ids-1' },
      '10.6.6.6',
    );
  });
  afterAll(() => database.close());

  async function post(body: string, contentType: string | null, user: { id: string } | null) {
    const request = new Request('http://store.test/api/cart', {
      method: 'POST',
      headers: contentType ? { 'content-type': contentType } : {},
      body,
    });
    const context = { services, user, client: { ip: '10.6.6.7', cookie: null } };
    const response = (await action({ request, context, params: {} } as never)) as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const NUL = 'a\u0000b';
  const CONTENT_TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', null];

  it('refuses an exam id that is not a catalogue id, whatever the Content-Type', async () => {
    const bodies = [
      { intent: 'add', examId: NUL },
      { intent: 'remove', examId: NUL },
      { intent: 'quantity', examId: NUL, quantity: 2 },
      { intent: 'add', examId: 'Alpha' },
      { intent: 'remove', examId: 'alpha beta' },
      { intent: 'add', examId: '-alpha' },
    ];
    for (const contentType of CONTENT_TYPES) {
      for (const body of bodies) {
        const answer = await post(JSON.stringify(body), contentType, student);
        expect(answer, `${JSON.stringify(body)} as ${contentType}`).toEqual({
          status: 400,
          // The field at fault is named, for the developer.
          body: { error: couponMessages.invalidInput, problems: [expect.stringMatching(/^examId: Invalid string/)] },
        });
      }
    }
    expect(await database.db.selectFrom('cart_items').selectAll().execute()).toEqual([]);
  });

  it('prices and merges a browser cart without its lines that are not catalogue ids', async () => {
    const local = [{ id: NUL, quantity: 1 }, { id: 'Alpha', quantity: 1 }, { id: 'alpha\n' }, { id: 'alpha' }];
    for (const contentType of CONTENT_TYPES) {
      const viewed = await post(JSON.stringify({ intent: 'view', local }), contentType, null);
      expect(viewed.status, `view as ${contentType}`).toBe(200);
      expect(viewed.body['cart']).toMatchObject({ count: 1, totalCents: 2999, items: [{ examId: 'alpha' }] });
      const coupon = await post(
        JSON.stringify({ intent: 'coupon', code: 'NOSUCH', applied: false, local }),
        contentType,
        null,
      );
      expect(coupon.status, `coupon as ${contentType}`).toBe(200);
      expect(coupon.body['cart']).toMatchObject({ count: 1 });
      const merged = await post(JSON.stringify({ intent: 'merge', local }), contentType, student);
      expect(merged.status, `merge as ${contentType}`).toBe(200);
      expect(merged.body['cart']).toMatchObject({ count: 1, items: [{ examId: 'alpha' }] });
    }
    const stored = await database.db.selectFrom('cart_items').select(['user_id', 'exam_id']).execute();
    expect(stored).toEqual([{ user_id: student.id, exam_id: 'alpha' }]);
  });
});
