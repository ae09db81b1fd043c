import { sql, type Kysely, type Transaction } from 'kysely';
import type { ContentFile } from '../../../shared/content-schema.ts';
import type { Database } from '../../db/schema.ts';
import { lockCatalogueVersion, raiseCatalogueVersion } from './catalogue-version.ts';
import { ContentError, type ContentProblem } from './content-files.ts';
import { searchText, titleOrder } from './queries.ts';

export interface ImportCounts {
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface ImportReport {
  exams: ImportCounts;
  practiceTests: ImportCounts;
  questions: ImportCounts;
}

/** A file to import, named as its problems are reported (`readContentFiles` gives these); or its content alone. */
export type ImportFile = { file: string; content: ContentFile } | ContentFile;

/** What one import is about: its report, every id its files hold, and the removals it must refuse. */
interface ImportRun {
  now: string;
  report: ImportReport;
  /** The exams, tests and questions of this command: a test or question moves only between these. */
  examIds: Set<string>;
  testIds: Set<string>;
  questionIds: Set<string>;
  refused: ContentProblem[];
}

const emptyCounts = (): ImportCounts => ({ added: 0, updated: 0, unchanged: 0, removed: 0 });

/**
 * Upserts every file by id in one transaction: all files land or none does. A file is the whole truth
 * for its exam, so practice tests and questions of that exam missing from the file are removed, unless
 * another file of the import takes them over. A practice test that students have attempts on is never
 * removed: the whole import is refused with a ContentError naming it. Removed questions keep the answers
 * given to them (answers do not refer to questions).
 * Rows whose content did not change keep their `updated_at`, so importing twice changes nothing. An import
 * that changes anything raises the catalogue's version with it, which tells every app server's page cache.
 */
export async function importContent(
  db: Kysely<Database>,
  files: ImportFile[],
  now: string = new Date().toISOString(),
): Promise<ImportReport> {
  const named = files.map((f) => ('content' in f ? f : { file: `exam ${f.exam.id}`, content: f }));
  const tests = named.flatMap((f) => f.content.practiceTests);
  return db.transaction().execute(async (trx) => {
    // First a write, so SQLite takes its write lock now (waiting out a store that is writing) rather than at
    // the first change, where a store's commit since the import's first read would fail it (SQLITE_BUSY_SNAPSHOT).
    await lockCatalogueVersion(trx);
    const run: ImportRun = {
      now,
      report: { exams: emptyCounts(), practiceTests: emptyCounts(), questions: emptyCounts() },
      examIds: new Set(named.map((f) => f.content.exam.id)),
      testIds: new Set(tests.map((t) => t.id)),
      questionIds: new Set(tests.flatMap((t) => t.questions.map((q) => q.id))),
      refused: [],
    };
    for (const { file, content } of named) await importExam(trx, file, content, run);
    // Thrown inside the transaction, so nothing of the import is kept.
    if (run.refused.length > 0) throw new ContentError(run.refused);
    const { report } = run;
    // A test moved here from another exam's file changes that exam's count too.
    await sql`update exams set practice_test_count = (select count(*) from practice_tests where practice_tests.exam_id = exams.id)
      where practice_test_count <> (select count(*) from practice_tests where practice_tests.exam_id = exams.id)`.execute(
      trx,
    );
    const changed = Object.values(report).some((c: ImportCounts) => c.added + c.updated + c.removed > 0);
    if (changed) await raiseCatalogueVersion(trx, now);
    return report;
  });
}

async function importExam(trx: Transaction<Database>, name: string, file: ContentFile, run: ImportRun) {
  const { now, report } = run;
  const { exam } = file;
  const examValues = {
    title: exam.title,
    description: exam.description,
    long_description: exam.longDescription ?? null,
    category: exam.category,
    thumbnail: exam.thumbnail ?? null,
    duration_minutes: exam.duration ?? null,
    question_count: exam.questionCount ?? null,
    difficulty: exam.difficulty ?? null,
    price_cents: exam.priceCents,
    stripe_price: exam.stripePrice ?? null,
    featured: exam.featured ? 1 : 0,
    popularity: exam.popularity,
    passing_score: exam.passingScore,
    validity_days: exam.validityDays,
    curriculum_json: exam.curriculum === undefined ? null : JSON.stringify(exam.curriculum),
    reviews_json: JSON.stringify(exam.reviews),
    faq_json: JSON.stringify(exam.faq),
    search_text: searchText(exam.title, exam.description),
    title_order: titleOrder(exam.title),
    practice_test_count: file.practiceTests.length,
    ...(exam.createdAt ? { created_at: exam.createdAt } : {}),
  };
  const childrenBefore = childChanges(report);
  const existingExam = await trx.selectFrom('exams').selectAll().where('id', '=', exam.id).executeTakeFirst();
  const examTouched = !existingExam || differs(existingExam, examValues);
  if (!existingExam) {
    await trx
      .insertInto('exams')
      .values({ id: exam.id, created_at: now, ...examValues, updated_at: now })
      .execute();
    report.exams.added++;
  } else if (differs(existingExam, examValues)) {
    await trx
      .updateTable('exams')
      .set({ ...examValues, updated_at: now })
      .where('id', '=', exam.id)
      .execute();
    report.exams.updated++;
  } else {
    report.exams.unchanged++;
  }

  const testIds = file.practiceTests.map((t) => t.id);
  const existingTests = await trx
    .selectFrom('practice_tests')
    .selectAll()
    .where((eb) => eb.or([eb('exam_id', '=', exam.id), eb('id', 'in', testIds)]))
    .execute();
  // A test of an exam this command leaves alone is that exam's still: taking it would leave the exam
  // without it (its free first test, perhaps) and its students' attempts pointing at another exam's test.
  for (const taken of existingTests.filter((t) => t.exam_id !== exam.id && !run.examIds.has(t.exam_id))) {
    run.refused.push({
      file: name,
      path: '$.practiceTests',
      message: `practice test ${taken.id} belongs to exam ${taken.exam_id}, which this import does not include; give the test another id, or import both files together to move it`,
    });
  }
  const staleTests = existingTests.filter((t) => t.exam_id === exam.id && !run.testIds.has(t.id));
  if (staleTests.length > 0) {
    const staleIds = staleTests.map((t) => t.id);
    // Removing a test would delete its attempts with it. A visitor's demo attempt is shown nowhere, so it
    // does not count; a student's, finished or not, keeps its test.
    const attempted = await trx
      .selectFrom('attempts')
      .select((eb) => ['test_id', eb.fn.countAll<number>().as('attempts')])
      .where('test_id', 'in', staleIds)
      .where('user_id', 'is not', null)
      .groupBy('test_id')
      .execute();
    for (const { test_id, attempts } of attempted) {
      run.refused.push({
        file: name,
        path: '$.practiceTests',
        message: `practice test ${test_id} has ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} by students and cannot be removed; keep it in the file`,
      });
    }
    if (attempted.length === 0) {
      // Their questions go with them (a foreign key cascade): counted here, which the report would miss.
      const questions = await trx
        .selectFrom('questions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('test_id', 'in', staleIds)
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('practice_tests').where('id', 'in', staleIds).execute();
      report.practiceTests.removed += staleTests.length;
      report.questions.removed += Number(questions.n);
    }
  }
  const testsById = new Map(existingTests.map((t) => [t.id, t]));

  for (const [index, test] of file.practiceTests.entries()) {
    const values = {
      exam_id: exam.id,
      position: index + 1,
      title: test.title,
      display_name: test.displayName ?? null,
      time_limit_minutes: test.timeLimit,
      difficulty: test.difficulty,
      passing_score: test.passingScore,
      shuffle_options: test.shuffleOptions ? 1 : 0,
    };
    const existing = testsById.get(test.id);
    if (!existing) {
      await trx
        .insertInto('practice_tests')
        .values({ id: test.id, ...values, created_at: now, updated_at: now })
        .execute();
      report.practiceTests.added++;
    } else if (differs(existing, values)) {
      await trx
        .updateTable('practice_tests')
        .set({ ...values, updated_at: now })
        .where('id', '=', test.id)
        .execute();
      // A test moved to another exam takes its attempts along: they count in the progress of its new exam.
      if (existing.exam_id !== exam.id)
        await trx.updateTable('attempts').set({ exam_id: exam.id }).where('test_id', '=', test.id).execute();
      report.practiceTests.updated++;
    } else {
      report.practiceTests.unchanged++;
    }
    await importQuestions(trx, name, exam.id, test, run);
  }

  // An exam whose tests or questions changed has changed too, though its own row did not: its date (the
  // sitemap's last modification) says so.
  if (!examTouched && childChanges(report) !== childrenBefore) {
    await trx.updateTable('exams').set({ updated_at: now }).where('id', '=', exam.id).execute();
  }
}

/** Tests and questions added, changed or removed so far in this import. */
function childChanges({ practiceTests, questions }: ImportReport): number {
  return [practiceTests, questions].reduce((n, c) => n + c.added + c.updated + c.removed, 0);
}

async function importQuestions(
  trx: Transaction<Database>,
  name: string,
  examId: string,
  test: ContentFile['practiceTests'][number],
  { now, report, questionIds, testIds, refused }: ImportRun,
) {
  const ids = test.questions.map((q) => q.id);
  const existing = await trx
    .selectFrom('questions')
    .selectAll()
    .where((eb) => eb.or([eb('test_id', '=', test.id), eb('id', 'in', ids)]))
    .execute();
  for (const taken of existing.filter((q) => q.test_id !== test.id && !testIds.has(q.test_id))) {
    refused.push({
      file: name,
      path: '$.practiceTests',
      message: `question ${taken.id} belongs to practice test ${taken.test_id}, which this import does not include; give the question another id, or import both files together to move it`,
    });
  }
  const stale = existing.filter((q) => q.test_id === test.id && !questionIds.has(q.id));
  if (stale.length > 0) {
    await trx
      .deleteFrom('questions')
      .where(
        'id',
        'in',
        stale.map((q) => q.id),
      )
      .execute();
    report.questions.removed += stale.length;
  }
  const byId = new Map(existing.map((q) => [q.id, q]));
  const inserts = [];
  for (const [index, q] of test.questions.entries()) {
    const values = {
      exam_id: examId,
      test_id: test.id,
      sequence: index + 1,
      text: q.text,
      code: q.code ?? null,
      options_json: JSON.stringify(q.options),
      correct_option_ids_json: JSON.stringify(q.correct),
      explanation: q.explanation,
      category: q.category,
      difficulty: q.difficulty,
    };
    const row = byId.get(q.id);
    if (!row) {
      inserts.push({ id: q.id, ...values, updated_at: now });
      report.questions.added++;
    } else if (differs(row, values)) {
      await trx
        .updateTable('questions')
        .set({ ...values, updated_at: now })
        .where('id', '=', q.id)
        .execute();
      report.questions.updated++;
    } else {
      report.questions.unchanged++;
    }
  }
  if (inserts.length > 0) await trx.insertInto('questions').values(inserts).execute();
}

function differs(row: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return Object.entries(values).some(([key, value]) => row[key] !== value);
}
