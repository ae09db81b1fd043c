/** User-facing texts, in the spec's exact words. One place so both sides say the same thing. */
export const messages = {
  loadExamsFailed: 'Failed to load exams. Please try again later.',
  noSearchResults: 'No exams match your search. Try a different search term.',
  loadingExams: 'Loading exams...',
  examNotFoundTitle: 'Exam Not Found',
  examNotFoundBody: "We couldn't find the exam you're looking for.",
  examLoadErrorTitle: 'Error Loading Exam',
  examLoadErrorDefault: 'Failed to load exam details',
  examNotInDatabase: (id: string) => `Exam with ID ${id} not found in the database`,
  rightClickDisabled: 'Right-click is disabled',
  noSuchCataloguePage: 'There is no such page of the catalogue.',
  searchTooLong: (max: number) => `Search terms can be at most ${max} characters.`,
  cartUpdateFailed: 'Error updating the cart',
  connectionLost: 'The connection was lost. Check your network and try again.',
} as const;
