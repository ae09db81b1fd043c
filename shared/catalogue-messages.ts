/** The catalogue's texts (home, /exams, an exam's page), in the spec's exact words; only those pages carry them. */
export const catalogueMessages = {
  loadExamsFailed: 'Failed to load exams. Please try again later.',
  noSearchResults: 'No exams match your search. Try a different search term.',
  loadingExams: 'Loading exams...',
  examNotFoundTitle: 'Exam Not Found',
  examNotFoundBody: "We couldn't find the exam you're looking for.",
  examLoadErrorTitle: 'Error Loading Exam',
  examLoadErrorDefault: 'Failed to load exam details',
  examNotInDatabase: (id: string) => `Exam with ID ${id} not found in the database`,
  noSuchCataloguePage: 'There is no such page of the catalogue.',
  searchTooLong: (max: number) => `Search terms can be at most ${max} characters.`,
} as const;
