import { sql, type Kysely } from 'kysely';
import { courseProgress, daysRemaining, progressByTest } from '../../../shared/progress.ts';
import type { TestMode } from '../../../shared/practice.ts';
import {
  CHART_POINTS,
  HISTORY_PAGE_SIZE,
  type AttemptRow,
  type ExamCharts,
  type HistoryFilters,
  type PurchasedExam,
} from '../../../shared/student-progress.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Finished attempts that count: completed and not reset. */
function countedAttempts(db: Db, userId: string) {
  return db
    .selectFrom('attempts')
    .innerJoin('exams', 'exams.id', 'attempts.exam_id')
    .where('attempts.user_id', '=', userId)
    .where('attempts.status', '=', 'completed')
    .where('attempts.reset', '=', 0);
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

/** The dashboard, history, purchased exams and charts of one student. Every number follows shared/progress.ts. */
export function createStudentProgress(db: Db, clock: () => Date) {
  async function purchasedExams(userId: string): Promise<PurchasedExam[]> {
    const now = clock();
    const purchases = await db
      .selectFrom('purchases')
      .innerJoin('exams', 'exams.id', 'purchases.exam_id')
      .select(['purchases.exam_id', 'exams.title', 'exams.category', 'purchases.purchase_date', 'purchases.expires_at'])
      .where('purchases.user_id', '=', userId)
      .where('purchases.status', '=', 'active')
      .orderBy('purchases.expires_at', 'asc')
      .execute();
    // Of each exam's purchases, the one that ends last counts (as in activeAccess); newest first.
    const latest = [...new Map(purchases.map((p) => [p.exam_id, p])).values()].sort((a, b) =>
      b.purchase_date.localeCompare(a.purchase_date),
    );
    if (latest.length === 0) return [];
    const examIds = latest.map((p) => p.exam_id);
    const [tests, outcomes] = await Promise.all([
      db.selectFrom('practice_tests').select(['id', 'exam_id']).where('exam_id', 'in', examIds).execute(),
      countedAttempts(db, userId)
        .select(['attempts.test_id', 'attempts.percentage', 'attempts.submitted_at'])
        .where('attempts.exam_id', 'in', examIds)
        .execute(),
    ]);
    const progress = progressByTest(
      outcomes.map((o) => ({ testId: o.test_id, percentage: o.percentage ?? 0, submittedAt: o.submitted_at ?? '' })),
    );
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
        courseProgress: courseProgress(testIds, progress),
        testCount: testIds.length,
      };
    });
  }

  async function charts(userId: string, examIds: string[]): Promise<ExamCharts[]> {
    if (examIds.length === 0) return [];
    const [exams, scores, domains] = await Promise.all([
      db.selectFrom('exams').select(['id', 'title', 'passing_score']).where('id', 'in', examIds).execute(),
      countedAttempts(db, userId)
        .select([
          'attempts.exam_id',
          'attempts.percentage',
          'attempts.is_passed',
          'attempts.submitted_at',
          'attempts.test_name',
        ])
        .where('attempts.exam_id', 'in', examIds)
        .orderBy('attempts.submitted_at')
        .execute(),
      countedAttempts(db, userId)
        .innerJoin('attempt_answers', 'attempt_answers.attempt_id', 'attempts.id')
        .select((eb) => [
          'attempts.exam_id',
          'attempt_answers.category',
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(sql`case when attempt_answers.is_correct = 1 then 1 else 0 end`).as('correct'),
        ])
        .where('attempts.exam_id', 'in', examIds)
        .groupBy(['attempts.exam_id', 'attempt_answers.category'])
        .execute(),
    ]);
    return examIds.flatMap((examId) => {
      const exam = exams.find((e) => e.id === examId);
      if (!exam) return [];
      return [
        {
          examId,
          examTitle: exam.title,
          passingScore: exam.passing_score,
          scores: scores
            .filter((s) => s.exam_id === examId)
            .slice(-CHART_POINTS)
            .map((s) => ({
              submittedAt: s.submitted_at ?? '',
              percentage: s.percentage ?? 0,
              testName: s.test_name,
              passed: s.is_passed === 1,
            })),
          domains: domains
            .filter((d) => d.exam_id === examId && d.category)
            .map((d) => ({ category: d.category!, correct: Number(d.correct ?? 0), total: Number(d.total) }))
            .sort((a, b) => a.category.localeCompare(b.category)),
        },
      ];
    });
  }

  return {
    purchasedExams,
    charts,

    async dashboard(userId: string) {
      const [purchased, recent, completed] = await Promise.all([
        purchasedExams(userId),
        countedAttempts(db, userId).select(attemptColumns).orderBy('attempts.submitted_at', 'desc').limit(3).execute(),
        countedAttempts(db, userId)
          .select((eb) => eb.fn.count<number>('attempts.test_id').distinct().as('tests'))
          .executeTakeFirstOrThrow(),
      ]);
      // Charts for the exams studied most recently, at most three.
      const chartExams = [...new Set(recent.map((r) => r.exam_id))].slice(0, 3);
      return {
        testsCompleted: Number(completed.tests),
        purchased,
        recent: recent.map(toAttemptRow),
        charts: await charts(userId, chartExams),
      };
    },

    async history(userId: string, filters: HistoryFilters) {
      let query = countedAttempts(db, userId);
      if (filters.mode !== 'all') query = query.where('attempts.mode', '=', filters.mode);
      if (filters.examId) query = query.where('attempts.exam_id', '=', filters.examId);
      const [rows, stats, exams] = await Promise.all([
        query
          .select(attemptColumns)
          .orderBy('attempts.submitted_at', 'desc')
          .orderBy('attempts.id')
          .limit(HISTORY_PAGE_SIZE)
          .offset((filters.page - 1) * HISTORY_PAGE_SIZE)
          .execute(),
        query
          .select((eb) => [
            eb.fn.countAll<number>().as('attempts'),
            eb.fn.avg<number>('attempts.percentage').as('average'),
            eb.fn
              .count<number>(sql`case when attempts.is_passed = 1 then attempts.test_id end`)
              .distinct()
              .as('passed'),
          ])
          .executeTakeFirstOrThrow(),
        countedAttempts(db, userId).select(['exams.id', 'exams.title']).distinct().orderBy('exams.title').execute(),
      ]);
      const total = Number(stats.attempts);
      return {
        attempts: rows.map(toAttemptRow),
        totalAttempts: total,
        averageScore: total ? Math.round(Number(stats.average)) : 0,
        testsPassed: Number(stats.passed),
        pages: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)),
        exams: exams.map((e) => ({ id: e.id, title: e.title })),
      };
    },
  };
}

export type StudentProgress = ReturnType<typeof createStudentProgress>;
