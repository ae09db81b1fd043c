import type { ExamSummary } from '../../../../shared/catalogue.ts';
import { ExamCard } from './exam-card.tsx';

export function ExamGrid({ exams, headingLevel }: { exams: ExamSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {exams.map((exam, index) => (
        <li key={exam.id}>
          <ExamCard exam={exam} priority={index === 0} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
