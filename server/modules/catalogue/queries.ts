import { sql, type Kysely } from 'kysely';
import type { Difficulty } from '../../../shared/content-schema.ts';
import type { Curriculum, ExamDetail, ExamSummary, PracticeTestSummary } from '../../../shared/catalogue.ts';
import type { Database, ExamRow } from '../../db/schema.ts';

type Db = Kysely<Database>;

const summaryColumns = [
  'exams.id',
  'exams.title',
  'exams.category',
  'exams.thumbnail',
  'exams.duration_minutes',
  'exams.question_count',
  'exams.difficulty',
  'exams.price_cents',
  'exams.featured',
  'exams.popularity',
  'exams.practice_test_count',
] as const;

function selectSummaries(db: Db) {
  return db.selectFrom('exams').select(summaryColumns);
}

type SummaryRow = Pick<
  ExamRow,
  | 'id'
  | 'title'
  | 'category'
  | 'thumbnail'
  | 'duration_minutes'
  | 'question_count'
  | 'difficulty'
  | 'price_cents'
  | 'featured'
  | 'popularity'
  | 'practice_test_count'
>;

function toSummary(row: SummaryRow): ExamSummary {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    thumbnail: row.thumbnail,
    durationMinutes: row.duration_minutes,
    questionCount: row.question_count,
    difficulty: row.difficulty as Difficulty | null,
    priceCents: row.price_cents,
    featured: row.featured === 1,
    popularity: row.popularity,
    practiceTestCount: row.practice_test_count,
  };
}

/** Letters without case or accents ('Écrit' with 'ecrit'), and each run of spaces as one space. */
function unaccented(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text as the search compares it: `unaccented`, as the title order folds it ('Sécurité' with 'securite';
 * a line break, a non-breaking space, two spaces as one), and dashes and quotation marks of every kind as a
 * keyboard types them ('PCEP – Certified' with 'pcep - certified', 'PMI’s' with "pmi's").
 */
function searchFolded(text: string): string {
  return unaccented(text)
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"');
}

/** Letters and digits alone: an exam code however it is written ('AZ-900', 'az 900', 'az900'). */
const lettersAndDigits = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * What the search looks in, one line each: the title, the description, and the title's codes, its words
 * holding a digit in letters and digits alone, each also joined to the word before ('(CCNA 200-301)' gives
 * '200301' and 'ccna200301').
 */
export function searchText(title: string, description: string): string {
  const folded = searchFolded(title);
  const words = folded.split(' ');
  const codes = words.flatMap((word, i) =>
    /\d/.test(word) ? [lettersAndDigits(word), lettersAndDigits(`${words[i - 1] ?? ''}${word}`)] : [],
  );
  return [folded, searchFolded(description), [...new Set(codes)].join(' ')].join('\n');
}

/**
 * The key exams are put in title order by, the same on every database: letters without case or accents
 * ('Écrit' with 'ecrit', 'azure' with 'Azure'), and numbers by value ('Part 2' before 'Part 10'). Compared
 * byte by byte (SQLite's default; the column's "C" collation on PostgreSQL, whatever the database's locale).
 */
export function titleOrder(title: string): string {
  return unaccented(title).replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(12, '0'));
}

/**
 * LIKE patterns for a substring match of a search (`searchFolded`), with the wildcards of the input escaped:
 * the term, and when it holds a digit, its letters and digits alone too, to find an exam code written with
 * another dash or space than the title's.
 */
function searchPatterns(search: string): string[] {
  const term = searchFolded(search);
  const code = /\d/.test(term) ? lettersAndDigits(term) : '';
  return [...new Set([term, code])]
    .filter((text) => text !== '')
    .map((text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** One page of the catalogue, and how many exams there are in all (with a search: how many match). */
export interface ExamPage {
  exams: ExamSummary[];
  total: number;
}

/**
 * Every exam, most popular first (then in title order, then id, so pages never overlap); with a search, those
 * whose title or description contains it. A term never spans the line between title and description:
 * search terms have no line breaks (shared/search.ts).
 */
export async function listExams(db: Db, search?: string, { offset = 0, limit = 1_000_000 } = {}): Promise<ExamPage> {
  const term = search?.trim();
  if (!term) {
    // The page's ids come from the catalogue-order index alone (migration 0010), then their rows: reading whole
    // rows up to a deep page, PostgreSQL sorted the catalogue instead (17 ms for a late page of 10,000 exams).
    // The count walks the smallest index.
    const pageIds = db
      .selectFrom('exams as e')
      .select('e.id')
      .orderBy('e.popularity', 'desc')
      .orderBy('e.title_order')
      .orderBy('e.id')
      .limit(limit)
      .offset(offset);
    const [rows, count] = await Promise.all([
      selectSummaries(db)
        .where('exams.id', 'in', pageIds)
        .orderBy('exams.popularity', 'desc')
        .orderBy('exams.title_order')
        .orderBy('exams.id')
        .execute(),
      countExams(db),
    ]);
    return { exams: rows.map(toSummary), total: count };
  }
  // A search reads every row anyway: scanning the table and sorting the matches costs a third of walking
  // the catalogue-order index row by row, which SQLite would otherwise choose (`+` keeps it off the index).
  // The same scan counts the matches (a window over the whole result, computed before the page is cut).
  const patterns = searchPatterns(term);
  // A term of accents alone (combining marks) holds no letter to look for.
  if (patterns.length === 0) return { exams: [], total: 0 };
  const matches = sql<boolean>`(${sql.join(
    patterns.map((pattern) => sql`exams.search_text like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
  const rows = await selectSummaries(db)
    .select(sql<number | string>`count(*) over ()`.as('total'))
    .where(matches)
    .orderBy(sql`+exams.popularity`, 'desc')
    .orderBy('exams.title_order')
    .orderBy('exams.id')
    .limit(limit)
    .offset(offset)
    .execute();
  if (rows.length > 0) return { exams: rows.map(toSummary), total: Number(rows[0]!.total) };
  if (offset === 0) return { exams: [], total: 0 };
  // A page past the last one: the count comes from its own query.
  const counted = await db
    .selectFrom('exams')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(matches)
    .executeTakeFirstOrThrow();
  return { exams: [], total: Number(counted.n) };
}

/** Featured exams (most popular first), topped up with the most popular others, without duplicates. */
export async function featuredExams(db: Db, limit: number): Promise<ExamSummary[]> {
  const featured = await selectSummaries(db)
    .where('exams.featured', '=', 1)
    .orderBy('exams.popularity', 'desc')
    .orderBy('exams.title_order')
    .limit(limit)
    .execute();
  const missing = limit - featured.length;
  if (missing <= 0) return featured.map(toSummary);
  const others = await selectSummaries(db)
    .where('exams.featured', '=', 0)
    .orderBy('exams.popularity', 'desc')
    .orderBy('exams.title_order')
    .limit(missing)
    .execute();
  return [...featured, ...others].map(toSummary);
}

export async function listPracticeTests(db: Db, examId: string): Promise<PracticeTestSummary[]> {
  const rows = await db
    .selectFrom('practice_tests')
    .select([
      'practice_tests.id',
      'practice_tests.position',
      'practice_tests.title',
      'practice_tests.display_name',
      'practice_tests.time_limit_minutes',
      'practice_tests.difficulty',
      'practice_tests.passing_score',
    ])
    .select((eb) =>
      eb
        .selectFrom('questions')
        .whereRef('questions.test_id', '=', 'practice_tests.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('question_count'),
    )
    .where('practice_tests.exam_id', '=', examId)
    .orderBy('practice_tests.position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    title: r.title,
    displayName: r.display_name,
    timeLimitMinutes: r.time_limit_minutes,
    difficulty: r.difficulty as Difficulty,
    passingScore: r.passing_score,
    questionCount: Number(r.question_count ?? 0),
  }));
}

export async function findExam(db: Db, id: string): Promise<ExamDetail | null> {
  const row = await db.selectFrom('exams').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const practiceTests = await listPracticeTests(db, id);
  return {
    ...toSummary({ ...row, practice_test_count: practiceTests.length }),
    description: row.description,
    longDescription: row.long_description,
    passingScore: row.passing_score,
    validityDays: row.validity_days,
    curriculum: row.curriculum_json ? (JSON.parse(row.curriculum_json) as Curriculum) : null,
    reviews: JSON.parse(row.reviews_json) as ExamDetail['reviews'],
    faq: JSON.parse(row.faq_json) as ExamDetail['faq'],
    practiceTests,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Ids and last change of every exam, for the sitemap. */
export function examSitemapEntries(db: Db): Promise<{ id: string; updated_at: string }[]> {
  return db.selectFrom('exams').select(['id', 'updated_at']).orderBy('id').execute();
}

export async function countExams(db: Db): Promise<number> {
  const row = await db
    .selectFrom('exams')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
