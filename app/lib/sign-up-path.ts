/** Sign up, then come back to the exam's practice tests. */
export const signUpPath = (examId: string) => `/register?from=${encodeURIComponent(`/exam/${examId}/practice-tests`)}`;
