/** Practice tests and test taking (spec §4, §8). */
export const practiceMessages = {
  signUpForMore: 'Please sign up to access more practice tests.',
  /** A locked test, to a student whose access to the exam has run out. */
  accessRanOut: 'Your access to this exam has ended. Buy access again to take this test.',
  examNotFound: (id: string) => `Exam with ID ${id} not found.`,
  resetFailed: 'Failed to reset progress. Please try again later.',
  resetNeedsLogin: 'You must be logged in to reset progress.',
  loadTestFailed: (message: string) => `Failed to load practice test: ${message}`,
  noExamId: 'No exam ID provided. Please navigate from the practice tests page.',
  examIdNotFound: (id: string) => `Exam with ID ${id} not found`,
  testNotFound: (id: string) => `Practice test with ID ${id} not found`,
  noQuestions: 'No questions found for this practice test',
  selectAnswer: 'Please select an answer before submitting.',
  timeUp: 'Time is up: answers after the end of the exam no longer count.',
  answerLocked: 'This answer has been checked and can no longer change.',
  attemptClosed: 'This attempt has already been submitted.',
  attemptNotFound: 'This attempt could not be found. Start the test again.',
  signedOut: 'You are signed out. Sign in again to go on with this test: your answers so far are kept.',
  requestFailed: 'Something went wrong on our side. Your answers so far are kept: please try again.',
  progressReset: 'All progress data has been reset.',
  // The store's own words, beyond the spec's:
  timeLeft: (minutes: number) => `Less than ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left.`,
  timeUpHandedIn: 'Time is up: your answers were handed in.',
  tooManyChoices: (choose: string) => `${choose} only: untick an answer to choose another.`,
} as const;
