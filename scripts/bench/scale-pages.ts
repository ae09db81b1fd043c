/**
 * What each page measured by the scale benchmark asks of the services, as its loaders ask it: the same
 * functions, in the same order, awaited where the loader awaits them (app/routes/exams.tsx, dashboard.tsx,
 * history.tsx, practice-tests.tsx, exam-details.tsx). For a signed-in student, app/root.tsx's loader also
 * reads the cart and the exams owned; React Router runs it at the same time as the page's own loader.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import { createCartService } from '../../server/modules/cart/service.ts';
import { createCatalogueService } from '../../server/modules/catalogue/service.ts';
import { createPracticeService } from '../../server/modules/practice/service.ts';
import { parseHistoryFilters } from '../../shared/student-progress.ts';

/** A signed-in student, and an exam the student owns and has attempts on. */
export interface Student {
  id: string;
  examId: string;
}

export const STUDENT_PAGES = ['dashboard', 'history', 'practice-tests page', 'exam details'] as const;
export type StudentPage = (typeof STUDENT_PAGES)[number];

export function scalePages(db: Kysely<Database>) {
  const catalogue = createCatalogueService(db);
  const practice = createPracticeService(db);
  const cart = createCartService(db, () => new Date());

  const examPage = async (s: Student) => {
    const page = await practice.examProgress(s.examId, { id: s.id });
    if (!page) throw new Error(`No exam ${s.examId}`);
    return page;
  };
  const loaders = {
    dashboard: (s: Student) => practice.progress.dashboard(s.id),
    history: (s: Student) => practice.progress.history(s.id, parseHistoryFilters(new URLSearchParams())),
    'practice-tests page': async (s: Student) => {
      const page = await examPage(s);
      return { page, charts: await practice.progress.charts(s.id, [page.exam.id]) };
    },
    'exam details': async (s: Student) => {
      const page = await examPage(s);
      return { page, thumbnail: await catalogue.inlineThumbnail(page.exam.thumbnail) };
    },
  } satisfies Record<StudentPage, (s: Student) => Promise<unknown>>;
  const withRoot = async <T>(s: Student, loader: (s: Student) => Promise<T>) => {
    const [root, page] = await Promise.all([cart.viewWithOwned(s.id), loader(s)]);
    return { root, page };
  };

  return {
    /** A student's page: the root's loader and the page's, both awaited. */
    student: (name: StudentPage, s: Student) => withRoot<unknown>(s, loaders[name]),

    /** A page of the catalogue or of a search in it, for a visitor. */
    async catalogue(term: string, page: number) {
      const { exams } = await catalogue.search(term, page);
      const [first] = exams;
      if (first) await catalogue.inlineThumbnail(first.thumbnail);
    },

    /**
     * Throws unless each page of the student shows what a student with attempts sees: the exam owned,
     * its progress and charts, recent attempts and history. A page taking its empty path would be timed
     * for nothing.
     */
    async check(s: Student) {
      const dashboard = await withRoot(s, loaders.dashboard);
      const history = await loaders.history(s);
      const tests = await loaders['practice-tests page'](s);
      const details = await loaders['exam details'](s);
      const charts = tests.charts[0];
      const problems = [
        !dashboard.root.owned.includes(s.examId) && 'the exam is not among those owned',
        !dashboard.page.purchased.some((p) => p.examId === s.examId && p.courseProgress > 0) &&
          'the dashboard shows no progress on the exam',
        dashboard.page.recent.length === 0 && 'the dashboard shows no recent attempt',
        dashboard.page.charts.length === 0 && 'the dashboard draws no chart',
        history.totalAttempts === 0 && 'the history is empty',
        tests.page.access === null && 'the practice tests are locked',
        Object.keys(tests.page.progress).length === 0 && 'the practice tests show no progress',
        !(charts && charts.scores.length > 0 && charts.domains.length > 0) && 'the exam has no scores or domains',
        details.page.access === null && 'the exam details say locked',
      ].filter(Boolean);
      if (problems.length > 0) throw new Error(`Student ${s.id}, exam ${s.examId}: ${problems.join('; ')}`);
    },
  };
}
