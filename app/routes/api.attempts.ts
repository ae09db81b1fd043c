import { attemptRequestSchema } from '../../shared/attempt-requests.ts';
import type { Route } from './+types/api.attempts';

/** Starting, answering, flagging, checking and submitting attempts. JSON in, JSON out. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'Use POST.' }, { status: 405 });
  const body = await request.json().catch(() => null);
  const parsed = attemptRequestSchema.safeParse(body);
  if (!parsed.success) return Response.json({ error: 'That request is not valid.' }, { status: 400 });
  const practice = context.services.practice;
  const user = context.user;
  const input = parsed.data;
  const outcome =
    input.intent === 'start'
      ? await practice.start(input.testId, user, input.mode)
      : input.intent === 'start-demo'
        ? await practice.startDemo(input.examId)
        : input.intent === 'submit'
          ? await practice.submit(input.attemptId, user)
          : await practice.change(input.attemptId, user, {
              questionId: input.questionId,
              selected: input.selected,
              ...(input.intent === 'answer' ? { flagged: input.flagged } : { check: true }),
            });
  const status = 'error' in outcome ? outcome.status : 200;
  return Response.json(outcome, { status, headers: { 'Cache-Control': 'no-store' } });
}

export function loader() {
  return Response.json({ error: 'Use POST.' }, { status: 405 });
}
