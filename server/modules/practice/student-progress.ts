import { sql, type Expression, type Kysely } from 'kysely';
import { courseProgress, daysRemaining, NO_PROGRESS, type TestProgress } from '../../../shared/progress.ts';
import type { TestMode } from '../../../shared/practice.ts';
import {
  CHART_POINTS,
  HISTORY_PAGE_SIZE,
  type AttemptRow,
  type ExamCharts,
  type HistoryFilters,
  type PurchasedExam,
  type UnfinishedAttempt,
  UNFINISHED_SHOWN,
} from '../../../shared/student-progress.ts';
import type { Database } from '../../db/schema.ts';
import { DEADLINE_GRACE_MS } from '../../../shared/scoring.ts';

type Db = Kysely<Database>;

/**
 * A student's finished attempts that count: completed and not reset. An attempt's exam always exists (its
 * key cascades), so what needs no exam column reads these alone, often from an index (migration 0014).
 */
function finishedAttempts(db: Db, userId: string) {
  return db
    .selectFrom('attempts')
    .where('attempts.user_id', '=', userId)
    .where('attempts.status', '=', 'completed')
    .where('attempts.reset', '=', 0);
}

/**
 * Each test's attempts, first, best and last score (spec §3) for one student on one exam. The database sums
 * them per test from the index of counted attempts (migration 0014), and finds each first and last score by
 * a seek in it: a few rows whatever the number of attempts. Of attempts handed in at the same moment, the
 * one whose id sorts first is the earlier, as everywhere the store lists attempts (newest first, then by id
 * from the last), on SQLite and PostgreSQL alike.
 */
export async function examTestProgress(db: Db, userId: string, examId: string): Promise<Map<string, TestProgress>> {
  const rows = await finishedAttempts(db, userId)
    .where('attempts.exam_id', '=', examId)
    .select((eb) => {
      const scoreAt = (order: 'asc' | 'desc') =>
        eb
          .selectFrom('attempts as s')
          .select('s.percentage')
          .where('s.user_id', '=', userId)
          .where('s.status', '=', 'completed')
          .where('s.reset', '=', 0)
          .where('s.exam_id', '=', examId)
          .whereRef('s.test_id', '=', 'attempts.test_id')
          .orderBy('s.submitted_at', order)
          .orderBy('s.id', order)
          .limit(1);
      return [
        'attempts.test_id',
        eb.fn.countAll<number | string>().as('attempts'),
        eb.fn.max('attempts.percentage').as('best'),
        eb.fn.max('attempts.is_passed').as('passed'),
        scoreAt('asc').as('first'),
        scoreAt('desc').as('last'),
      ];
    })
    .groupBy('attempts.test_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.test_id,
      {
        attempts: Number(r.attempts),
        firstScore: r.first ?? 0,
        bestScore: r.best ?? 0,
        lastScore: r.last ?? 0,
        passed: Number(r.passed) === 1,
      },
    ]),
  );
}

/**
 * The exams a student has finished attempts of, with their titles, in title order. The database finds them by
 * seeking in the index of counted attempts from one exam to the next (a skip scan): a read per exam whatever
 * the attempts or the catalogue's size. Asked as `exams.id in (their attempts)`, PostgreSQL read the whole
 * catalogue for a student with thousands of attempts (12–17 ms with 10,000 exams).
 */
function attemptedExams(db: Db, userId: string) {
  const examAfter = (after: Expression<string> | null) =>
    finishedAttempts(db, userId)
      .select('attempts.exam_id')
      .$if(after !== null, (q) => q.where('attempts.exam_id', '>', after!))
      .orderBy('attempts.exam_id')
      .limit(1);
  return (
    db
      .withRecursive('attempted(exam_id)', (qb) =>
        qb.selectNoFrom(examAfter(null).as('exam_id')).unionAll((next) =>
          next
            .selectFrom('attempted')
            .select((eb) => examAfter(eb.ref('attempted.exam_id')).as('exam_id'))
            .where('attempted.exam_id', 'is not', null),
        ),
      )
      .selectFrom('exams')
      .select(['exams.id', 'exams.title'])
      // "in", not a join: SQLite would join by reading every exam.
      .where('exams.id', 'in', (eb) => eb.selectFrom('attempted').select('attempted.exam_id'))
      .orderBy('exams.title_order')
      .execute()
  );
}

/** The same attempts with their exam, for its title. */
function countedAttempts(db: Db, userId: string) {
  return finishedAttempts(db, userId).innerJoin('exams', 'exams.id', 'attempts.exam_id');
}

const attemptColumns = [
  'attempts.id',
  'attempts.test_id',
  'attempts.test_name',
  'attempts.exam_id',
  'exams.title as exam_title',
  'attempts.mode',
  'attempts.percentage',
  'attempts.score',
  'attempts.total_questions',
  'attempts.is_passed',
  'attempts.submitted_at',
] as const;

function toAttemptRow(r: {
  id: string;
  test_id: string;
  test_name: string;
  exam_id: string;
  exam_title: string;
  mode: TestMode;
  percentage: number | null;
  score: number | null;
  total_questions: number;
  is_passed: number | null;
  submitted_at: string | null;
}): AttemptRow {
  return {
    id: r.id,
    testId: r.test_id,
    testName: r.test_name,
    examId: r.exam_id,
    examTitle: r.exam_title,
    mode: r.mode,
    percentage: r.percentage ?? 0,
    score: r.score ?? 0,
    totalQuestions: r.total_questions,
    isPassed: r.is_passed === 1,
    submittedAt: r.submitted_at ?? '',
  };
}

/**
 * The tests the student began and has not handed in and may go on with, latest first, at most
 * UNFINISHED_SHOWN. Left out: an exam whose time is up (it is over, and its result comes with the next visit
 * to it, or the sweep), and a practice attempt of a paid test whose access has ended (a visit would hand it
 * in: it is no test to resume). An exam begun while access lasted goes on to its end, as on its page.
 */
async function unfinishedAttempts(db: Db, userId: string, now: Date): Promise<UnfinishedAttempt[]> {
  const rows = await db
    .selectFrom('attempts')
    .innerJoin('exams', 'exams.id', 'attempts.exam_id')
    .innerJoin('practice_tests', 'practice_tests.id', 'attempts.test_id')
    .where('attempts.user_id', '=', userId)
    .where('attempts.status', '=', 'in_progress')
    .where((eb) =>
      eb.or([
        eb('attempts.deadline_at', 'is', null),
        eb('attempts.deadline_at', '>=', new Date(now.getTime() - DEADLINE_GRACE_MS).toISOString()),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('attempts.mode', '=', 'exam'),
        eb('practice_tests.position', '=', 1),
        eb.exists(
          eb
            .selectFrom('purchases')
            .select('purchases.id')
            .where('purchases.user_id', '=', userId)
            .whereRef('purchases.exam_id', '=', 'attempts.exam_id')
            .where('purchases.status', '=', 'active')
            .where('purchases.expires_at', '>', now.toISOString()),
        ),
      ]),
    )
    .select((eb) => [
      'attempts.id',
      'attempts.test_id',
      'attempts.test_name',
      'exams.title as exam_title',
      'attempts.mode',
      'attempts.total_questions',
      'attempts.deadline_at',
      eb
        .selectFrom('attempt_answers')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('attempt_answers.attempt_id', '=', 'attempts.id')
        .where('attempt_answers.selected_json', '<>', '[]')
        .as('answered'),
    ])
    .orderBy('attempts.started_at', 'desc')
    .limit(UNFINISHED_SHOWN)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    testId: r.test_id,
    testName: r.test_name,
    examTitle: r.exam_title,
    mode: r.mode,
    answered: Number(r.answered ?? 0),
    totalQuestions: r.total_questions,
    minutesLeft: r.deadline_at
      ? Math.max(1, Math.ceil((new Date(r.deadline_at).getTime() - now.getTime()) / 60_000))
      : null,
  }));
}

/** The dashboard, history, purchased exams and charts of one student. Every number follows shared/progress.ts. */
export function createStudentProgress(db: Db, clock: () => Date) {
  /** The tests a student has finished attempts of: one row per test, read from an index (migration 0014). */
  function attemptedTests(userId: string) {
    // By exam, then test: the index's own order, so each pair is read once without sorting or visiting rows
    // (a test belongs to one exam, so a pair is a test).
    return finishedAttempts(db, userId).select(['attempts.exam_id', 'attempts.test_id']).distinct().execute();
  }

  /** `attempted`: the student's attempted tests when the caller has read them already. */
  async function purchasedExams(userId: string, attempted?: { test_id: string }[]): Promise<PurchasedExam[]> {
    const now = clock();
    const purchases = await db
      .selectFrom('purchases')
      .innerJoin('exams', 'exams.id', 'purchases.exam_id')
      .select(['purchases.exam_id', 'exams.title', 'exams.category', 'purchases.purchase_date', 'purchases.expires_at'])
      .where('purchases.user_id', '=', userId)
      .where('purchases.status', '=', 'active')
      .orderBy('purchases.expires_at', 'asc')
      .execute();
    // Of each exam's purchases, the one that ends last counts (as in examAccess); newest first.
    const latest = [...new Map(purchases.map((p) => [p.exam_id, p])).values()].sort((a, b) =>
      b.purchase_date.localeCompare(a.purchase_date),
    );
    if (latest.length === 0) return [];
    const examIds = latest.map((p) => p.exam_id);
    // Course progress needs only which tests have an attempt: one row per test, not one per attempt.
    const [tests, tried] = await Promise.all([
      db.selectFrom('practice_tests').select(['id', 'exam_id']).where('exam_id', 'in', examIds).execute(),
      attempted ?? attemptedTests(userId),
    ]);
    const started = new Map(tried.map((a) => [a.test_id, { ...NO_PROGRESS, attempts: 1 }]));
    return latest.map((p) => {
      const testIds = tests.filter((t) => t.exam_id === p.exam_id).map((t) => t.id);
      const left = daysRemaining(p.expires_at, now);
      return {
        examId: p.exam_id,
        title: p.title,
        category: p.category,
        purchaseDate: p.purchase_date,
        expiresAt: p.expires_at,
        daysRemaining: left,
        expired: new Date(p.expires_at) <= now,
        courseProgress: courseProgress(testIds, started),
        testCount: testIds.length,
      };
    });
  }

  /**
   * The charts of each exam: its latest CHART_POINTS attempts' scores, and the share right per domain in those
   * same attempts (recent work, which is what the student can still change; a student with thousands of
   * attempts is read in a few rows, not tens of thousands of answers).
   */
  async function charts(userId: string, examIds: string[]): Promise<ExamCharts[]> {
    if (examIds.length === 0) return [];
    const exams = await db
      .selectFrom('exams')
      .select(['id', 'title', 'passing_score'])
      .where('id', 'in', examIds)
      .execute();
    const drawn = await Promise.all(
      examIds.map(async (examId): Promise<ExamCharts | null> => {
        const exam = exams.find((e) => e.id === examId);
        if (!exam) return null;
        const latest = await countedAttempts(db, userId)
          .select([
            'attempts.id',
            'attempts.percentage',
            'attempts.is_passed',
            'attempts.submitted_at',
            'attempts.test_name',
          ])
          .where('attempts.exam_id', '=', examId)
          .orderBy('attempts.submitted_at', 'desc')
          .orderBy('attempts.id', 'desc')
          .limit(CHART_POINTS)
          .execute();
        const domains =
          latest.length === 0
            ? []
            : await db
                .selectFrom('attempt_answers')
                .select((eb) => [
                  'attempt_answers.category',
                  eb.fn.countAll<number>().as('total'),
                  eb.fn.sum<number>(sql`case when attempt_answers.is_correct = 1 then 1 else 0 end`).as('correct'),
                ])
                .where(
                  'attempt_answers.attempt_id',
                  'in',
                  latest.map((a) => a.id),
                )
                .groupBy('attempt_answers.category')
                .execute();
        return {
          examId,
          examTitle: exam.title,
          passingScore: exam.passing_score,
          scores: latest.reverse().map((s) => ({
            submittedAt: s.submitted_at ?? '',
            percentage: s.percentage ?? 0,
            testName: s.test_name,
            passed: s.is_passed === 1,
          })),
          domains: domains
            .filter((d) => d.category)
            .map((d) => ({ category: d.category!, correct: Number(d.correct ?? 0), total: Number(d.total) }))
            .sort((a, b) => a.category.localeCompare(b.category)),
        };
      }),
    );
    return drawn.filter((c) => c !== null);
  }

  return {
    purchasedExams,
    charts,

    async dashboard(userId: string) {
      // The tests attempted are read once: their number is "Tests Completed", and they make course progress.
      const [attempted, recent, unfinished] = await Promise.all([
        attemptedTests(userId),
        countedAttempts(db, userId)
          .select(attemptColumns)
          .orderBy('attempts.submitted_at', 'desc')
          .orderBy('attempts.id', 'desc')
          .limit(3)
          .execute(),
        unfinishedAttempts(db, userId, clock()),
      ]);
      const purchased = await purchasedExams(userId, attempted);
      // Charts for the exams studied most recently, at most three.
      const chartExams = [...new Set(recent.map((r) => r.exam_id))].slice(0, 3);
      return {
        testsCompleted: attempted.length,
        purchased,
        recent: recent.map(toAttemptRow),
        unfinished,
        charts: await charts(userId, chartExams),
      };
    },

    async history(userId: string, filters: HistoryFilters) {
      const filtered = <Q extends ReturnType<typeof finishedAttempts>>(query: Q): Q => {
        let q = query;
        if (filters.mode !== 'all') q = q.where('attempts.mode', '=', filters.mode) as Q;
        if (filters.examId) q = q.where('attempts.exam_id', '=', filters.examId) as Q;
        return q;
      };
      const [rows, stats, exams] = await Promise.all([
        filtered(countedAttempts(db, userId))
          .select(attemptColumns)
          .orderBy('attempts.submitted_at', 'desc')
          .orderBy('attempts.id', 'desc')
          .limit(HISTORY_PAGE_SIZE)
          .offset((filters.page - 1) * HISTORY_PAGE_SIZE)
          .execute(),
        // Its figures need no exam title: read from the index of counted attempts alone (migration 0014).
        filtered(finishedAttempts(db, userId))
          .select((eb) => [
            eb.fn.countAll<number>().as('attempts'),
            eb.fn.avg<number>('attempts.percentage').as('average'),
            eb.fn
              .count<number>(sql`case when attempts.is_passed = 1 then attempts.test_id end`)
              .distinct()
              .as('passed'),
          ])
          .executeTakeFirstOrThrow(),
        // The exams attempted, to filter by.
        attemptedExams(db, userId),
      ]);
      const total = Number(stats.attempts);
      return {
        attempts: rows.map(toAttemptRow),
        totalAttempts: total,
        // No attempts, no average: 0% would read as a result.
        averageScore: total ? Math.round(Number(stats.average)) : null,
        testsPassed: Number(stats.passed),
        pages: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)),
        exams: exams.map((e) => ({ id: e.id, title: e.title })),
      };
    },
  };
}

export type StudentProgress = ReturnType<typeof createStudentProgress>;
