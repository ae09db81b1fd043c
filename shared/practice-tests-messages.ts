/** The practice-tests page's own words (spec §8), apart from the test engine's so the page ships only these. */
export const practiceTestsMessages = {
  loadTestsFailed: 'Failed to load practice tests. Please try again later.',
} as const;
