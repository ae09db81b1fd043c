import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { countExams } from './queries.ts';
import { seedCatalogue } from './service.ts';

describe.each(engines)('first-start seeding on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('loads the folder into an empty catalogue, and never again once it has exams', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pp-seed-'));
    await writeFile(path.join(dir, 'alpha.json'), JSON.stringify(contentFixture('alpha')));
    const report = await seedCatalogue(handle.db, dir);
    expect(report?.exams.added).toBe(1);
    await writeFile(path.join(dir, 'beta.json'), JSON.stringify(contentFixture('beta')));
    expect(await seedCatalogue(handle.db, dir)).toBeNull();
    expect(await countExams(handle.db)).toBe(1);
  });
});
