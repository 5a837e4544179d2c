import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCaptchaChallengeReply } from '@portal/shared/captcha/challenge';
import { MINUTE_MS } from '@portal/shared/durations';
import { perIpRateLimit } from '../../plugins/rate-limits';

export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captcha/challenge',
    {
      config: { rateLimit: perIpRateLimit(app.env, 60, 10 * MINUTE_MS) },
      schema: {
        tags: ['registration'],
        summary: 'A proof-of-work challenge for the registration captcha (ALTCHA)',
        response: { 200: ZCaptchaChallengeReply },
      },
    },
    async () => {
      const { parameters, signature } = await app.services.captcha.createChallenge();
      return { status: true, data: { parameters: { ...parameters }, signature } };
    },
  );
};
