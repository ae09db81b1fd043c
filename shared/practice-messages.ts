/**
 * Practice tests and test taking (spec §4, §8): the words the browser shows of its own. Those only the server
 * says are in `practice-refusals.ts`, so that no script carries them.
 */
export const practiceMessages = {
  loadTestFailed: (message: string) => `Failed to load practice test: ${message}`,
  selectAnswer: 'Please select an answer before submitting.',
  requestFailed: 'Something went wrong on our side. Your answers so far are kept: please try again.',
  // The store's own words, beyond the spec's:
  timeLeft: (minutes: number) => `Less than ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left.`,
  timeUpHandedIn: 'Time is up: your answers were handed in.',
  tooManyChoices: (choose: string) => `${choose} only: untick an answer to choose another.`,
} as const;
