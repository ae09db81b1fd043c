import type { FastifyInstance } from 'fastify';
import { WEBHOOK_PATH } from '../modules/payments/index.ts';
import { WebhookSignatureError } from '../modules/payments/provider.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../modules/payments/sandbox.ts';
import type { Services } from './load-context.ts';

/**
 * The payment provider's notifications. The signature covers the exact bytes sent, so the body is kept
 * raw; a notification that is not signed by the configured provider is refused and changes nothing.
 */
export async function registerPaymentWebhook(app: FastifyInstance, services: Services) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'] ?? request.headers[SANDBOX_SIGNATURE_HEADER];
      try {
        const outcome = await services.checkout.notify(body, typeof header === 'string' ? header : undefined);
        return { received: true, outcome };
      } catch (error) {
        if (error instanceof WebhookSignatureError) return reply.status(400).send({ error: error.message });
        if (error instanceof SyntaxError) return reply.status(400).send({ error: 'The notification is not JSON' });
        throw error;
      }
    });
  });
}
