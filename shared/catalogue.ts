import type { Difficulty } from './content-schema.ts';

/** What the storefront shows of an exam in lists and cards (no description: cards do not show one). */
export interface ExamSummary {
  id: string;
  title: string;
  category: string;
  thumbnail: string | null;
  durationMinutes: number | null;
  questionCount: number | null;
  difficulty: Difficulty | null;
  priceCents: number;
  featured: boolean;
  popularity: number;
  practiceTestCount: number;
}

export interface Review {
  user: string;
  date: string;
  rating: number;
  comment: string;
}

export interface Faq {
  question: string;
  answer: string;
}

export type Curriculum = string | { title: string; topics: string[] }[];

/** A practice test as listed on the exam page: never its questions. */
export interface PracticeTestSummary {
  id: string;
  position: number;
  title: string;
  displayName: string | null;
  timeLimitMinutes: number;
  difficulty: Difficulty;
  passingScore: number;
  questionCount: number;
}

export interface ExamDetail extends ExamSummary {
  description: string;
  longDescription: string | null;
  passingScore: number;
  validityDays: number;
  curriculum: Curriculum | null;
  reviews: Review[];
  faq: Faq[];
  practiceTests: PracticeTestSummary[];
  createdAt: string;
  updatedAt: string;
}

/** At most this many characters are accepted in a catalogue search. */
export const SEARCH_MAX_LENGTH = 100;
export const FEATURED_LIMIT = 6;
/** Exams on one page of the catalogue (eight rows of three on a wide screen). */
export const CATALOGUE_PAGE_SIZE = 24;
