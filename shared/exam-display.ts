import type { ExamSummary } from './catalogue.ts';
import { formatPrice } from './money.ts';

/** Spec §5 display defaults for fields an exam may lack. */
export function examFacts(
  exam: Pick<ExamSummary, 'durationMinutes' | 'questionCount' | 'difficulty' | 'category' | 'priceCents'>,
) {
  return {
    duration: exam.durationMinutes ? counted(exam.durationMinutes, 'minute') : 'Not specified',
    questionCount: String(exam.questionCount ?? 0),
    difficulty: exam.difficulty ? capitalise(exam.difficulty) : 'Not specified',
    category: exam.category || 'Uncategorized',
    price: formatPrice(exam.priceCents),
  };
}

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Up to three initials of the title's words, skipping punctuation: "AWS Certified Cloud…" → "ACC". */
export function titleInitials(title: string): string {
  return (
    title
      .split(/[\s\-–—/:()]+/)
      .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
      .filter(Boolean)
      .slice(0, 3)
      // The first character, not the first UTF-16 unit: a letter outside the BMP is two.
      .map((word) => Array.from(word)[0]!.toUpperCase())
      .join('')
  );
}

/** A count with its noun: "1 day", "3 days", "1 practice test". */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
