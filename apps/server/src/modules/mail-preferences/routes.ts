import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { MINUTE_MS } from '@portal/shared/durations';
import {
  GET_MAIL_UNSUBSCRIBE,
  ONE_CLICK_FIELD,
  ONE_CLICK_VALUE,
  POST_MAIL_UNSUBSCRIBE,
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_TOKEN_DAYS,
  ZUnsubscribeBody,
  ZUnsubscribeQuery,
  ZUnsubscribeReply,
} from '@portal/shared/mail/unsubscribe';
import { requestLanguage, translate } from '../../lib/localize';
import { refused, sendDataOutcome, sendRefusal } from '../../lib/outcome';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['mail-preferences'];
const FORM = 'application/x-www-form-urlencoded';
/** RFC 8058's body is one short field; nothing longer is read. */
const FORM_LIMIT_BYTES = 1024;

/**
 * The e-mail unsubscribe link's calls, public: the signed token is the only key. Mail providers send their
 * users' one-click POSTs from a few addresses, so the limit per address is generous; the tokens cannot be guessed.
 */
export const mailPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.mailPreferences;
  const limit = perIpRateLimit(app.env, 300, MINUTE_MS);
  const refusals = { 400: ZErrorReply, 409: ZErrorReply, 410: ZErrorReply };

  // RFC 8058's body, for this plugin's routes only: `List-Unsubscribe=One-Click`.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.route({
    method: GET_MAIL_UNSUBSCRIBE.method,
    url: GET_MAIL_UNSUBSCRIBE.path,
    config: { access: 'public', rateLimit: limit },
    schema: {
      tags,
      summary:
        'What an e-mail’s unsubscribe link stops (reminders, invitations or news) and whether it is stopped ' +
        'already; changes nothing. 400: garbled or foreign token, or a category always sent; 410: past its ' +
        `${UNSUBSCRIBE_TOKEN_DAYS} days; 409: issued before the participant last rejoined the category`,
      querystring: ZUnsubscribeQuery,
      response: { 200: ZUnsubscribeReply, ...refusals },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.describe(request.query.token)),
  });

  app.route({
    method: POST_MAIL_UNSUBSCRIBE.method,
    url: POST_MAIL_UNSUBSCRIBE.path,
    config: { access: 'public', rateLimit: limit },
    schema: {
      tags,
      summary:
        'Leaves the category of an e-mail’s unsubscribe link at once, without a session: RFC 8058’s one-click ' +
        `body \`${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}\` (${FORM}) from a mail app, or a JSON object from the ` +
        'portal’s page. Idempotent: again, it answers `alreadyLeft: true`. Refusals as the GET’s, nothing changed',
      querystring: ZUnsubscribeQuery,
      body: ZUnsubscribeBody,
      consumes: ['application/json', FORM],
      response: { 200: ZUnsubscribeReply, ...refusals },
    },
    handler: async (request, response) => {
      const form = request.headers['content-type']?.toLowerCase().startsWith(FORM) === true;
      if (form && request.body?.[ONE_CLICK_FIELD] !== ONE_CLICK_VALUE)
        return sendRefusal(request, response, refused(400, 'error.invalidRequest'));
      if (!form && request.body === undefined)
        return sendRefusal(request, response, refused(400, 'error.invalidRequest'));
      const outcome = await service.unsubscribe(request.query.token, form ? 'oneClick' : 'link', { ip: request.ip });
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      return response.send({
        status: true,
        message: translate(requestLanguage(request), UNSUBSCRIBE_MESSAGES.left),
        data: outcome.data,
      });
    },
  });
};
