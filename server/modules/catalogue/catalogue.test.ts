import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import type { AttemptAnswersTable, AttemptsTable } from '../../db/schema.ts';
import { contentFixture } from '../../testing/content-fixtures.ts';
import { createTestDatabase, engines } from '../../testing/databases.ts';
import { insertStudent } from '../../testing/students.ts';
import { catalogueVersion } from './catalogue-version.ts';
import { ContentError } from './content-files.ts';
import { exportContent } from './content-export.ts';
import { importContent } from './content-import.ts';
import { featuredExams, findExam, listExams } from './queries.ts';
import { up as rewriteSearchText } from '../../db/migrations/0015-search-text-spacing.ts';

/** A student's (or, with no user, a visitor's) attempt on a test, written straight into the table. */
function attemptRow(id: string, userId: string | null, testId: string, status: AttemptsTable['status']): AttemptsTable {
  return {
    id,
    user_id: userId,
    exam_id: testId.split('-')[0]!,
    test_id: testId,
    test_name: 'Practice Test',
    mode: 'exam',
    status,
    passing_score: 70,
    layout_json: '{"questions":[]}',
    started_at: '2026-03-01T10:00:00.000Z',
    deadline_at: null,
    submitted_at: status === 'completed' ? '2026-03-01T10:20:00.000Z' : null,
    percentage: status === 'completed' ? 33 : null,
    score: status === 'completed' ? 1 : null,
    total_questions: 3,
    answered_questions: status === 'completed' ? 3 : null,
    time_spent_seconds: status === 'completed' ? 1200 : null,
    is_passed: status === 'completed' ? 0 : null,
    reset: 0,
    reset_at: null,
  };
}

function answerRow(attemptId: string, questionId: string, correct: boolean): AttemptAnswersTable {
  return {
    attempt_id: attemptId,
    question_id: questionId,
    selected_json: correct ? '["b"]' : '["a"]',
    flagged: 0,
    checked: 0,
    is_correct: correct ? 1 : 0,
    category: 'Domain A',
    answered_at: '2026-03-01T10:05:00.000Z',
  };
}

describe.each(engines)('catalogue on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    await handle.db.deleteFrom('exams').execute();
  });

  it('imports exams, tests and questions, and reads them back in order', async () => {
    const report = await importContent(handle.db, [contentFixture('alpha'), contentFixture('beta', {}, 3)]);
    expect(report.exams).toEqual({ added: 2, updated: 0, unchanged: 0, removed: 0 });
    expect(report.practiceTests.added).toBe(5);
    expect(report.questions.added).toBe(15);

    const beta = await findExam(handle.db, 'beta');
    expect(beta?.practiceTests.map((t) => [t.id, t.position, t.questionCount])).toEqual([
      ['beta-pt1', 1, 3],
      ['beta-pt2', 2, 3],
      ['beta-pt3', 3, 3],
    ]);
    expect(beta?.practiceTestCount).toBe(3);
    expect(beta?.priceCents).toBe(2999);
    expect(beta?.validityDays).toBe(365);
    expect(beta?.passingScore).toBe(70);
    expect(await findExam(handle.db, 'missing')).toBeNull();
  });

  it('keeps every correct option of a "choose two" question', async () => {
    await importContent(handle.db, [contentFixture('alpha')]);
    const row = await handle.db
      .selectFrom('questions')
      .select('correct_option_ids_json')
      .where('id', '=', 'alpha-pt1-q3')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.correct_option_ids_json)).toEqual(['a', 'c']);
  });

  it('is idempotent: a second import of the same file changes nothing', async () => {
    const file = contentFixture('alpha');
    await importContent(handle.db, [file], '2026-01-02T00:00:00.000Z');
    const report = await importContent(handle.db, [file], '2026-02-02T00:00:00.000Z');
    expect(report.exams).toEqual({ added: 0, updated: 0, unchanged: 1, removed: 0 });
    expect(report.questions).toEqual({ added: 0, updated: 0, unchanged: 6, removed: 0 });
    const exam = await findExam(handle.db, 'alpha');
    expect(exam?.updatedAt).toBe('2026-01-02T00:00:00.000Z');
  });

  it('dates an exam by its last change, its questions included', async () => {
    const file = contentFixture('alpha');
    await importContent(handle.db, [file], '2026-01-02T00:00:00.000Z');
    file.practiceTests[0]!.questions[0]!.explanation = 'Because, put better.';
    const report = await importContent(handle.db, [file], '2026-03-03T00:00:00.000Z');
    expect(report.exams).toMatchObject({ updated: 0, unchanged: 1 });
    expect(report.questions).toMatchObject({ updated: 1 });
    expect((await findExam(handle.db, 'alpha'))?.updatedAt).toBe('2026-03-03T00:00:00.000Z');
  });

  it('updates changed rows and removes tests and questions the file no longer has', async () => {
    await importContent(handle.db, [contentFixture('alpha', {}, 2)]);
    const changed = contentFixture('alpha', { title: 'Alpha renamed', priceCents: 1999 }, 1);
    changed.practiceTests[0]!.questions.pop();
    const report = await importContent(handle.db, [changed]);
    expect(report.exams.updated).toBe(1);
    expect(report.practiceTests.removed).toBe(1);
    // The question taken out, and the three of the test removed.
    expect(report.questions.removed).toBe(4);
    const exam = await findExam(handle.db, 'alpha');
    expect(exam?.title).toBe('Alpha renamed');
    expect(exam?.priceCents).toBe(1999);
    expect(exam?.practiceTests.map((t) => t.questionCount)).toEqual([2]);
    const orphans = await handle.db.selectFrom('questions').select('id').where('test_id', '=', 'alpha-pt2').execute();
    expect(orphans).toEqual([]);
  });

  it('refuses, changing nothing, to remove a practice test students have attempts on', async () => {
    await importContent(handle.db, [contentFixture('alpha', {}, 3), contentFixture('beta')]);
    const ana = (await insertStudent(handle, [], new Date())).id;
    const ben = (await insertStudent(handle, [], new Date())).id;
    await handle.db
      .insertInto('attempts')
      .values([
        attemptRow('t1', ana, 'alpha-pt2', 'completed'),
        attemptRow('t2', ben, 'alpha-pt2', 'in_progress'),
        attemptRow('t3', ana, 'beta-pt2', 'completed'),
        // A visitor's demo attempt is shown nowhere: it does not keep its test.
        attemptRow('t4', null, 'alpha-pt3', 'completed'),
      ])
      .execute();
    await handle.db
      .insertInto('attempt_answers')
      .values([answerRow('t1', 'alpha-pt2-q1', true), answerRow('t2', 'alpha-pt2-q2', false)])
      .execute();
    const snapshot = async () => ({
      version: await catalogueVersion(handle.db),
      exams: await handle.db.selectFrom('exams').selectAll().orderBy('id').execute(),
      tests: await handle.db.selectFrom('practice_tests').selectAll().orderBy('id').execute(),
      questions: await handle.db.selectFrom('questions').selectAll().orderBy('id').execute(),
      attempts: await handle.db.selectFrom('attempts').selectAll().orderBy('id').execute(),
      answers: await handle.db.selectFrom('attempt_answers').selectAll().orderBy('attempt_id').execute(),
    });
    const before = await snapshot();

    // alpha loses pt2 (two students' attempts) and pt3 (a visitor's only); beta loses pt2 (one attempt).
    const alpha = contentFixture('alpha', { title: 'Alpha renamed' }, 1);
    const beta = contentFixture('beta', {}, 1);
    const error = await importContent(handle.db, [
      { file: 'content/exams/alpha.json', content: alpha },
      { file: 'content/exams/beta.json', content: beta },
    ]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toBe(
      [
        'content/exams/alpha.json: $.practiceTests: practice test alpha-pt2 has 2 attempts by students and cannot be removed; keep it in the file',
        'content/exams/beta.json: $.practiceTests: practice test beta-pt2 has 1 attempt by students and cannot be removed; keep it in the file',
      ].join('\n'),
    );
    expect(await snapshot()).toEqual(before);

    // Kept in the file, the tests with students' attempts stay; the one a visitor alone tried goes.
    const kept = contentFixture('alpha', { title: 'Alpha renamed' }, 2);
    const report = await importContent(handle.db, [kept, contentFixture('beta')]);
    expect(report.practiceTests.removed).toBe(1);
    expect((await findExam(handle.db, 'alpha'))?.practiceTests.map((t) => t.id)).toEqual(['alpha-pt1', 'alpha-pt2']);
    const attempts = await handle.db.selectFrom('attempts').select('id').orderBy('id').execute();
    expect(attempts.map((a) => a.id)).toEqual(['t1', 't2', 't3']);
  });

  it('keeps the answers given to questions removed from a file, and the attempts of a test moved to another exam', async () => {
    await importContent(handle.db, [contentFixture('alpha'), contentFixture('beta')]);
    const ana = (await insertStudent(handle, [], new Date())).id;
    await handle.db
      .insertInto('attempts')
      .values([attemptRow('t1', ana, 'alpha-pt1', 'completed'), attemptRow('t2', ana, 'alpha-pt2', 'completed')])
      .execute();
    await handle.db
      .insertInto('attempt_answers')
      .values(['q1', 'q2', 'q3'].map((q) => answerRow('t1', `alpha-pt1-${q}`, q === 'q1')))
      .execute();
    const answers = () => handle.db.selectFrom('attempt_answers').selectAll().orderBy('question_id').execute();
    const given = await answers();

    // Two questions retired from alpha's first test; its second test moved to beta's file.
    const alpha = contentFixture('alpha', {}, 1);
    alpha.practiceTests[0]!.questions.splice(1, 2);
    const beta = contentFixture('beta');
    beta.practiceTests.push(contentFixture('alpha').practiceTests[1]!);
    const report = await importContent(handle.db, [alpha, beta]);
    expect(report.questions.removed).toBe(2);
    expect(report.practiceTests).toMatchObject({ removed: 0, updated: 1 });
    expect(await answers()).toEqual(given);
    expect((await findExam(handle.db, 'beta'))?.practiceTests.map((t) => t.id)).toEqual([
      'beta-pt1',
      'beta-pt2',
      'alpha-pt2',
    ]);
    const attempts = await handle.db.selectFrom('attempts').select(['id', 'score', 'exam_id']).orderBy('id').execute();
    // The moved test's attempt counts for its new exam.
    expect(attempts).toEqual([
      { id: 't1', score: 1, exam_id: 'alpha' },
      { id: 't2', score: 1, exam_id: 'beta' },
    ]);
  });

  it('refuses, changing nothing, to take a test or a question from an exam the import leaves alone', async () => {
    await importContent(handle.db, [contentFixture('alpha'), contentFixture('beta')]);
    const tests = () => handle.db.selectFrom('practice_tests').select(['id', 'exam_id']).orderBy('id').execute();
    const questions = () => handle.db.selectFrom('questions').select(['id', 'test_id']).orderBy('id').execute();
    const [testsBefore, questionsBefore] = [await tests(), await questions()];

    // A copy of alpha's file made into a new exam, its test ids left as they were.
    const copy = contentFixture('gamma');
    copy.practiceTests = contentFixture('alpha').practiceTests.slice(0, 1);
    const takesTest = await importContent(handle.db, [{ file: 'content/exams/gamma.json', content: copy }]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(takesTest).toBeInstanceOf(ContentError);
    expect((takesTest as ContentError).message).toContain(
      'content/exams/gamma.json: $.practiceTests: practice test alpha-pt1 belongs to exam alpha, which this import does not include',
    );

    // A new test of its own, with one of beta's questions in it.
    const borrower = contentFixture('gamma');
    borrower.practiceTests[0]!.questions[0] = contentFixture('beta').practiceTests[0]!.questions[0]!;
    const takesQuestion = await importContent(handle.db, [
      { file: 'content/exams/gamma.json', content: borrower },
    ]).then(
      () => null,
      (e: unknown) => e,
    );
    expect((takesQuestion as ContentError).message).toContain(
      'question beta-pt1-q1 belongs to practice test beta-pt1, which this import does not include',
    );
    expect(await tests()).toEqual(testsBefore);
    expect(await questions()).toEqual(questionsBefore);
    expect(await findExam(handle.db, 'gamma')).toBeNull();
  });

  it('changes nothing when any file of an import fails', async () => {
    const bad = contentFixture('beta');
    (bad.exam as { priceCents: number }).priceCents = -5; // refused by the table's check constraint
    await expect(importContent(handle.db, [contentFixture('alpha'), bad])).rejects.toThrow(/check constraint/i);
    expect(await listExams(handle.db)).toEqual({ exams: [], total: 0 });
  });

  it('exports exactly what was imported', async () => {
    const files = [
      contentFixture('alpha', {
        thumbnail: '/thumbnails/alpha.svg',
        curriculum: [{ title: 'Domain 1', topics: ['One', 'Two'] }],
        reviews: [{ user: 'Ana P.', date: '2026-05-01', rating: 5, comment: 'Good' }],
        faq: [{ question: 'Q?', answer: 'A.' }],
        featured: true,
        duration: 90,
        questionCount: 65,
        difficulty: 'hard',
      }),
      contentFixture('beta', { curriculum: 'First.\n\nSecond.' }),
    ];
    files[0]!.practiceTests[0]!.questions[0]!.code = 'for n in range(3):\n    print(n)';
    await importContent(handle.db, files);
    expect(await exportContent(handle.db)).toEqual(files);
    expect(await exportContent(handle.db, ['beta'])).toEqual([files[1]]);
  });

  it('searches title and description case-insensitively, treating wildcards literally', async () => {
    await importContent(handle.db, [
      contentFixture('aws', { title: 'AWS Cloud Practitioner', description: 'Foundations of the cloud' }),
      contentFixture('sec', { title: 'Security Plus', description: 'Threats, 100% coverage' }),
      contentFixture('net', { title: 'Networking_Basics', description: 'Routing and switching' }),
    ]);
    const ids = async (term?: string) => (await listExams(handle.db, term)).exams.map((e) => e.id).sort();
    expect(await ids('CLOUD')).toEqual(['aws']);
    expect(await ids('routing')).toEqual(['net']);
    expect(await ids('100%')).toEqual(['sec']);
    expect(await ids('%')).toEqual(['sec']);
    expect(await ids('_')).toEqual(['net']);
    expect(await ids('nothing like this')).toEqual([]);
    expect(await ids('')).toEqual(['aws', 'net', 'sec']);
    expect(await ids("' or 1=1 --")).toEqual([]);
  });

  it('finds a title however its accents, dashes, quotes and exam code are typed', async () => {
    await importContent(handle.db, [
      contentFixture('az', { title: 'Microsoft Azure Fundamentals (AZ-900)', description: 'Cloud concepts' }),
      contentFixture('cc', { title: 'Cisco Certified Network Associate (CCNA 200-301)', description: 'Routing' }),
      contentFixture('py', { title: 'PCEP – Certified Entry-Level Python Programmer', description: 'PMI’s rules' }),
      contentFixture('fr', { title: 'Sécurité des réseaux', description: 'Cours en français' }),
      contentFixture('pm', { title: 'Project Management Professional', description: 'Agile and 200 more' }),
    ]);
    const ids = async (term: string) => (await listExams(handle.db, term)).exams.map((e) => e.id).sort();
    for (const term of ['AZ-900', 'az 900', 'AZ900', 'az–900']) expect(await ids(term), term).toEqual(['az']);
    for (const term of ['200-301', '200301', 'ccna 200 301', 'CCNA200301'])
      expect(await ids(term), term).toEqual(['cc']);
    expect(await ids('pcep - certified')).toEqual(['py']);
    expect(await ids("pmi's")).toEqual(['py']);
    for (const term of ['securite', 'SÉCURITÉ', 'se\u0301curite\u0301', 'francais'])
      expect(await ids(term), term).toEqual(['fr']);
    // A term without a digit is looked for as typed: letters run together do not match words apart.
    expect(await ids('azurefundamentals')).toEqual([]);
    // The codes line holds the title's words with digits, not the description's.
    expect(await ids('200 more')).toEqual(['pm']);
    expect(await ids('200more')).toEqual([]);
    expect(await ids('\u0301')).toEqual([]);
  });

  it('finds words however the title and description space them: two spaces, a line break, a non-breaking space', async () => {
    await importContent(handle.db, [
      contentFixture('sa', { title: 'AWS Solutions Architect  Associate', description: 'Covers EC2,\nS3 and VPC.' }),
      contentFixture('sp', { title: 'CompTIA\u00a0Security+', description: 'Threats and controls' }),
    ]);
    const ids = async (term: string) => (await listExams(handle.db, term)).exams.map((e) => e.id);
    expect(await ids('architect associate')).toEqual(['sa']);
    expect(await ids('ec2, s3')).toEqual(['sa']);
    expect(await ids('comptia security+')).toEqual(['sp']);
    // The title and the description stay apart: no match across where one ends and the other begins.
    expect(await ids('associate covers')).toEqual([]);

    // An exam imported before searches read spaces this way has its text written again by a migration.
    await handle.db
      .updateTable('exams')
      .set({ search_text: 'aws solutions architect  associate\ncovers ec2,\ns3 and vpc.' })
      .where('id', '=', 'sa')
      .execute();
    expect(await ids('architect associate')).toEqual([]);
    await rewriteSearchText(handle.db);
    expect(await ids('architect associate')).toEqual(['sa']);
    expect(await ids('ec2, s3')).toEqual(['sa']);
  });

  it('pages through the catalogue and a search in a stable order, counting every match', async () => {
    const exam = (id: string, title: string, popularity: number, description = `About ${id}`) =>
      contentFixture(id, { title, popularity, description }, 1);
    await importContent(handle.db, [
      exam('a1', 'Zeta', 9),
      exam('b4', 'Same', 5),
      exam('b3', 'Same', 5),
      exam('b2', 'Same', 5),
      exam('b1', 'Same', 5, 'Networking basics'),
      exam('c1', 'Alpha', 5),
      exam('d1', 'Beta', 1, 'Routing and NETWORKING'),
      exam('e1', 'Alpha', 0, 'Wireless networking'),
      exam('e2', 'Zulu', 5),
    ]);
    // Most popular first, then by title, then by id: equal popularity and equal titles still have one order.
    const page = async (term: string | undefined, offset: number, limit: number) => {
      const { exams, total } = await listExams(handle.db, term, { offset, limit });
      return { ids: exams.map((e) => e.id), total };
    };
    expect(await page(undefined, 0, 3)).toEqual({ ids: ['a1', 'c1', 'b1'], total: 9 });
    expect(await page(undefined, 3, 3)).toEqual({ ids: ['b2', 'b3', 'b4'], total: 9 });
    expect(await page(undefined, 6, 3)).toEqual({ ids: ['e2', 'd1', 'e1'], total: 9 });
    expect(await page(undefined, 9, 3)).toEqual({ ids: [], total: 9 });
    expect(await page('same', 1, 2)).toEqual({ ids: ['b2', 'b3'], total: 4 });
    expect(await page('network', 0, 2)).toEqual({ ids: ['b1', 'd1'], total: 3 });
    expect(await page('network', 2, 2)).toEqual({ ids: ['e1'], total: 3 });
    // Past the last page of a search, the matches are still counted.
    expect(await page('network', 4, 2)).toEqual({ ids: [], total: 3 });
    expect(await page('nothing like this', 0, 2)).toEqual({ ids: [], total: 0 });
  });

  it('puts exams of equal popularity in title order: case, accents and numbers as a reader expects', async () => {
    const titles = ['Écrit Beta', 'beta', 'Alpha 10', 'azure Zeta', 'Alpha 9', 'Zulu', 'Alpha  9 Extra', 'Eclipse'];
    await importContent(
      handle.db,
      titles.map((title, i) => contentFixture(`t${i}`, { title, popularity: 5 }, 1)),
    );
    const expected = ['Alpha 9', 'Alpha  9 Extra', 'Alpha 10', 'azure Zeta', 'beta', 'Eclipse', 'Écrit Beta', 'Zulu'];
    expect((await listExams(handle.db)).exams.map((e) => e.title)).toEqual(expected);
    expect((await listExams(handle.db, 'eta')).exams.map((e) => e.title)).toEqual(['azure Zeta', 'beta', 'Écrit Beta']);
    expect((await featuredExams(handle.db, 3)).map((e) => e.title)).toEqual(expected.slice(0, 3));
  });

  it('lists featured exams first, topped up by popularity without duplicates', async () => {
    await importContent(handle.db, [
      contentFixture('f1', { featured: true, popularity: 10 }),
      contentFixture('f2', { featured: true, popularity: 500 }),
      contentFixture('p1', { popularity: 900 }),
      contentFixture('p2', { popularity: 50 }),
      contentFixture('p3', { popularity: 300 }),
    ]);
    expect((await featuredExams(handle.db, 4)).map((e) => e.id)).toEqual(['f2', 'f1', 'p1', 'p3']);
    expect((await featuredExams(handle.db, 1)).map((e) => e.id)).toEqual(['f2']);
    expect((await featuredExams(handle.db, 6)).map((e) => e.id)).toEqual(['f2', 'f1', 'p1', 'p3', 'p2']);
  });

  it('raises the catalogue version with an import that changes something, and only then', async () => {
    const start = await catalogueVersion(handle.db);
    await importContent(handle.db, [contentFixture('alpha')]);
    expect(await catalogueVersion(handle.db)).toBe(start + 1);
    await importContent(handle.db, [contentFixture('alpha')]);
    expect(await catalogueVersion(handle.db)).toBe(start + 1);
    await importContent(handle.db, [contentFixture('alpha', { priceCents: 1999 })]);
    expect(await catalogueVersion(handle.db)).toBe(start + 2);
    // A failed import changes nothing, its version included.
    const broken = contentFixture('beta');
    broken.practiceTests[0]!.questions[0]!.id = broken.practiceTests[0]!.questions[1]!.id;
    await expect(importContent(handle.db, [contentFixture('gamma'), broken])).rejects.toThrow(/unique constraint/i);
    expect(await catalogueVersion(handle.db)).toBe(start + 2);
  });
});
