import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../shared/content-schema.ts';
import { readContentFiles } from './content-files.ts';

/** The catalogue a fresh store starts with must be complete enough to sell from. */
describe('the sample catalogue', async () => {
  const files = (await readContentFiles(['content/exams'])).map((f) => f.content);
  const tests = files.flatMap((f) => f.practiceTests);
  const questions = tests.flatMap((t) => t.questions);

  it('has at least 8 exams covering every category, at least 4 of them featured', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(new Set(files.map((f) => f.exam.category))).toEqual(new Set(CATEGORIES));
    expect(files.filter((f) => f.exam.featured).length).toBeGreaterThanOrEqual(4);
  });

  it('gives every exam 3 to 6 practice tests of at least 10 questions', () => {
    for (const { exam, practiceTests } of files) {
      expect(practiceTests.length, exam.id).toBeGreaterThanOrEqual(3);
      expect(practiceTests.length, exam.id).toBeLessThanOrEqual(6);
      for (const test of practiceTests) expect(test.questions.length, test.id).toBeGreaterThanOrEqual(10);
    }
  });

  it('mixes difficulties within every test and has "choose two" questions marked as such', () => {
    for (const test of tests) expect(new Set(test.questions.map((q) => q.difficulty)).size, test.id).toBeGreaterThan(1);
    const multi = questions.filter((q) => q.correct.length > 1);
    expect(multi.length).toBeGreaterThanOrEqual(10);
    for (const q of multi) expect(q.text, q.id).toMatch(/\(Choose two\.\)$/);
  });

  it('shows the program a question asks about as code, apart from its words', () => {
    const asking = questions.filter((q) => /\bthe following (code|function|program)\b/i.test(q.text));
    expect(asking.length).toBeGreaterThanOrEqual(20);
    for (const q of asking) expect(q.code, q.id).toBeTruthy();
    // Words are prose: a line break in them is a program left in the text.
    for (const q of questions) expect(q.text, q.id).not.toContain('\n');
  });

  it('gives every exam reviews, questions and answers, and a curriculum', () => {
    for (const { exam } of files) {
      expect(exam.reviews.length, exam.id).toBeGreaterThan(0);
      expect(exam.faq.length, exam.id).toBeGreaterThan(0);
      expect(exam.curriculum, exam.id).toBeDefined();
    }
    expect(files.some((f) => typeof f.exam.curriculum === 'string')).toBe(true);
    expect(files.some((f) => Array.isArray(f.exam.curriculum))).toBe(true);
  });

  it('gives every exam a picture of its own, a file of the store', () => {
    const thumbnails = files.map((f) => f.exam.thumbnail);
    expect(new Set(thumbnails).size).toBe(files.length);
    for (const { exam } of files) {
      expect(exam.thumbnail, exam.id).toMatch(/^\/thumbnails\/[a-z0-9-]+\.svg$/);
      expect(existsSync(path.join('public', exam.thumbnail!)), exam.id).toBe(true);
    }
  });

  it('does not give an answer away by its length or its place among the options', () => {
    for (const { exam, practiceTests } of files) {
      const single = practiceTests.flatMap((t) => t.questions).filter((q) => q.correct.length === 1);
      // A student who always picks the longest option should do little better than chance (1 in 4).
      const longest = single.filter((q) => {
        const key = q.options.find((o) => o.id === q.correct[0])!;
        return q.options.every((o) => o === key || o.text.length < key.text.length);
      });
      expect(longest.length / single.length, `${exam.id}: ${longest.map((q) => q.id).join(' ')}`).toBeLessThanOrEqual(
        0.3,
      );
      // Nor the same letter most of the time.
      for (const letter of new Set(single.map((q) => q.correct[0]))) {
        const share = single.filter((q) => q.correct[0] === letter).length / single.length;
        expect(share, `${exam.id}: answer ${letter}`).toBeLessThanOrEqual(0.4);
      }
    }
  });

  it('has each reviewer review one exam only', () => {
    const reviewers = files.flatMap((f) => f.exam.reviews.map((r) => r.user));
    expect(reviewers.filter((name, i) => reviewers.indexOf(name) !== i)).toEqual([]);
  });

  it('does not name options by letter or position in explanations, since options may be shuffled', () => {
    const shuffled = tests.filter((t) => t.shuffleOptions).flatMap((t) => t.questions);
    for (const q of shuffled) {
      expect(q.explanation, q.id).not.toMatch(/\b(option|answer) [A-E]\b/);
      expect(q.explanation, q.id).not.toMatch(
        /\b(first|second|third|fourth|fifth|last) (one|option|answer|statement|choice|list|pair|value|expression|code)s?\b/i,
      );
    }
  });
});
