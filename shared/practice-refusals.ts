/**
 * Practice tests and test taking (spec §8): the words only the server says, in the pages and answers it sends
 * (a locked or missing test, a refused reset). No script carries them: the running test's page pays for every
 * byte of its scripts (decision 0003).
 */
export const practiceRefusals = {
  signUpForMore: 'Please sign up to access more practice tests.',
  /** A locked test, to a student whose access to the exam has run out. */
  accessRanOut: 'Your access to this exam has ended. Buy access again to take this test.',
  /** A locked test, to a student signed in who has not bought the exam: signing up is done. */
  buyForMore: 'Buy full access to this exam to take this test.',
  examNotFound: (id: string) => `Exam with ID ${id} not found.`,
  resetFailed: 'Failed to reset progress. Please try again later.',
  resetNeedsLogin: 'You must be logged in to reset progress.',
  examIdNotFound: (id: string) => `Exam with ID ${id} not found`,
  testNotFound: (id: string) => `Practice test with ID ${id} not found`,
  noQuestions: 'No questions found for this practice test',
  progressReset: 'All progress data has been reset.',
} as const;

/** Why a test is locked, in words that fit who asks (decision 0027). */
export function lockedTestNote(signedIn: boolean, accessEnded: boolean): string {
  if (accessEnded) return practiceRefusals.accessRanOut;
  return signedIn ? practiceRefusals.buyForMore : practiceRefusals.signUpForMore;
}
