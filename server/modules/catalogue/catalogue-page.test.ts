import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader } from '../../../app/routes/exams.tsx';
import { CATALOGUE_PAGE_SIZE } from '../../../shared/catalogue.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { createTestServices } from '../../testing/services.ts';
import { importContent } from './content-import.ts';

/** The loader's answer as a page would get it: its status and its data. */
type Answer = { init: ResponseInit | null; data: Record<string, unknown> & { exams: { id: string }[] } };

/** The catalogue page's loader, given the store's services as the server gives them. */
describe.each(engines)('the catalogue page on %s', (engine) => {
  let database: DatabaseHandle;
  let load: (query: string) => Promise<{ status: number; data: Answer['data'] }>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // 30 exams: a full first page of 24 and a second of 6. Exam 00 is the most popular, 29 the least; the
    // five "-net" exams are the only ones whose description mentions routers.
    await importContent(
      database.db,
      Array.from({ length: 30 }, (_, i) => {
        const id = `exam-${String(i).padStart(2, '0')}${i % 6 === 0 ? '-net' : ''}`;
        return contentFixture(id, { popularity: 1000 - i, description: i % 6 === 0 ? 'Routers' : 'Clouds' }, 1);
      }),
    );
    const services = createTestServices(database);
    load = async (query) => {
      const answer = (await loader({
        request: new Request(`http://store.test/exams${query}`),
        context: { services },
        params: {},
      } as never)) as unknown as Answer;
      return { status: answer.init?.status ?? 200, data: answer.data };
    };
  });
  afterAll(() => database.close());

  it('shows 24 exams a page, the most popular first, and the number of pages', async () => {
    expect(CATALOGUE_PAGE_SIZE).toBe(24);
    const first = await load('');
    expect(first.status).toBe(200);
    expect(first.data.exams).toHaveLength(24);
    expect(first.data.exams[0]!.id).toBe('exam-00-net');
    expect(first.data).toMatchObject({ page: 1, pageCount: 2, total: 30, error: null });
    const second = await load('?page=2');
    expect(second.data.exams.map((e) => e.id)).toEqual([
      'exam-24-net',
      'exam-25',
      'exam-26',
      'exam-27',
      'exam-28',
      'exam-29',
    ]);
    expect(second.data).toMatchObject({ page: 2, pageCount: 2, total: 30 });
  });

  it('pages a search on its own matches', async () => {
    const routers = await load('?q=ROUTERS');
    expect(routers.data.exams.map((e) => e.id)).toEqual([
      'exam-00-net',
      'exam-06-net',
      'exam-12-net',
      'exam-18-net',
      'exam-24-net',
    ]);
    expect(routers.data).toMatchObject({ page: 1, pageCount: 1, total: 5, term: 'ROUTERS' });
  });

  it('refuses a page that is not a whole number from 1, and one past the last, with a message', async () => {
    for (const page of ['0', '-1', '1.5', 'two', '1e3', '%00', '01', ' 2']) {
      const answer = await load(`?page=${encodeURIComponent(page)}`);
      expect(answer.status, page).toBe(400);
      expect(answer.data.error, page).toBe('There is no such page of the catalogue.');
      expect(answer.data.exams, page).toEqual([]);
    }
    for (const page of ['3', '999999', '9999999999', '9'.repeat(400)]) {
      const past = await load(`?page=${page}`);
      expect(past.status, page).toBe(404);
      expect(past.data).toMatchObject({ error: 'There is no such page of the catalogue.', total: 30, exams: [] });
    }
    expect((await load('?q=routers&page=2')).status).toBe(404);
    // The first page of an empty search is no error: it says nothing matched.
    const none = await load('?q=submarines');
    expect(none.status).toBe(200);
    expect(none.data).toMatchObject({ total: 0, pageCount: 0, error: null });
  });
});
