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

/** Each word's first character, capitalised, skipping punctuation. */
function wordInitials(text: string): string[] {
  return (
    text
      .split(/[\s\-–—/:()]+/)
      .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
      .filter(Boolean)
      // The first character, not the first UTF-16 unit: a letter outside the BMP is two.
      .map((word) => Array.from(word)[0]!.toUpperCase())
  );
}

/** Up to three initials of the title's words, skipping punctuation: "AWS Certified Cloud…" → "ACC". */
export function titleInitials(title: string): string {
  return wordInitials(title).slice(0, 3).join('');
}

/**
 * A person's initials for the small circle of their menu: the first and last names' only, so that a long
 * name never spills out of it: "Ana María Ruiz" → "AR".
 */
export function nameInitials(name: string): string {
  const initials = wordInitials(name);
  return initials.length > 2 ? initials[0]! + initials.at(-1)! : initials.join('');
}

/** A count with its noun: "1 day", "3 days", "1 practice test". */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
