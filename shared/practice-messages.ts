/** Practice tests and test taking (spec §4, §8): the words the browser shows of its own. */
export const practiceMessages = {
  signUpForMore: 'Please sign up to access more practice tests.',
  /** A locked test, to a student whose access to the exam has run out. */
  accessRanOut: 'Your access to this exam has ended. Buy access again to take this test.',
  /** A locked test, to a student signed in who has not bought the exam: signing up is done. */
  buyForMore: 'Buy full access to this exam to take this test.',
  examNotFound: (id: string) => `Exam with ID ${id} not found.`,
  resetFailed: 'Failed to reset progress. Please try again later.',
  resetNeedsLogin: 'You must be logged in to reset progress.',
  loadTestFailed: (message: string) => `Failed to load practice test: ${message}`,
  examIdNotFound: (id: string) => `Exam with ID ${id} not found`,
  testNotFound: (id: string) => `Practice test with ID ${id} not found`,
  noQuestions: 'No questions found for this practice test',
  selectAnswer: 'Please select an answer before submitting.',
  requestFailed: 'Something went wrong on our side. Your answers so far are kept: please try again.',
  progressReset: 'All progress data has been reset.',
  // The store's own words, beyond the spec's:
  timeLeft: (minutes: number) => `Less than ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left.`,
  timeUpHandedIn: 'Time is up: your answers were handed in.',
  tooManyChoices: (choose: string) => `${choose} only: untick an answer to choose another.`,
} as const;

/** Why a test is locked, in words that fit who asks (decision 0027). */
export function lockedTestNote(signedIn: boolean, accessEnded: boolean): string {
  if (accessEnded) return practiceMessages.accessRanOut;
  return signedIn ? practiceMessages.buyForMore : practiceMessages.signUpForMore;
}
