import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { MINUTE_MS } from '@portal/shared/durations';
import {
  GET_MAIL_UNSUBSCRIBE,
  ONE_CLICK_FIELD,
  ONE_CLICK_VALUE,
  POST_MAIL_UNSUBSCRIBE,
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_PAGE_PATH,
  UNSUBSCRIBE_TOKEN_DAYS,
  ZUnsubscribeBody,
  ZUnsubscribeQuery,
  ZUnsubscribeReply,
} from '@portal/shared/mail/unsubscribe';
import type { FastifyRequest } from 'fastify';
import { requestLanguage, translate } from '../../lib/localize';
import { readMultipart, registerMultipart } from '../../lib/multipart';
import { refused, sendDataOutcome, sendRefusal } from '../../lib/outcome';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['mail-preferences'];
const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
/** RFC 8058's body is one short field; nothing longer is read. */
const FORM_LIMIT_BYTES = 1024;
/** A multipart one-click carries that one field and nothing else: a second part or any file is refused. */
const MULTIPART_LIMITS = { fileSize: 1, files: 0, fields: 1, fieldSize: 64, parts: 1 };

const isOf = (request: FastifyRequest, type: string) =>
  request.headers['content-type']?.toLowerCase().startsWith(type) === true;

/**
 * Whether a mail app's POST carries RFC 8058's one-click body, `List-Unsubscribe=One-Click` and nothing else, in
 * either form §3.1 allows: multipart/form-data (SHOULD) or application/x-www-form-urlencoded (MAY).
 */
async function isOneClickBody(request: FastifyRequest, body: Record<string, unknown> | null | undefined) {
  if (isOf(request, FORM)) return body?.[ONE_CLICK_FIELD] === ONE_CLICK_VALUE;
  const read = await readMultipart(request, []);
  return read.ok && Object.keys(read.fields).length === 1 && read.fields[ONE_CLICK_FIELD] === ONE_CLICK_VALUE;
}

/** A browser opening the `List-Unsubscribe` address itself (a mail app without one-click), not the page's fetch. */
const fromBrowser = (request: FastifyRequest) => request.headers.accept?.toLowerCase().includes('text/html') === true;

/**
 * The e-mail unsubscribe link's calls, public: the signed token is the only key. Mail providers send all their
 * users' one-click POSTs from a few addresses, so the POST's limit per address is high (it is cheap and
 * idempotent); the tokens cannot be guessed.
 */
export const mailPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.mailPreferences;
  const readLimit = perIpRateLimit(app.env, 300, MINUTE_MS);
  const oneClickLimit = perIpRateLimit(app.env, 3000, MINUTE_MS);
  const refusals = { 400: ZErrorReply, 409: ZErrorReply, 410: ZErrorReply };

  // RFC 8058's bodies, for this plugin's routes only: `List-Unsubscribe=One-Click`, urlencoded or multipart.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  await registerMultipart(app, MULTIPART_LIMITS);

  app.route({
    method: GET_MAIL_UNSUBSCRIBE.method,
    url: GET_MAIL_UNSUBSCRIBE.path,
    config: { access: 'public', rateLimit: readLimit },
    schema: {
      tags,
      summary:
        'What an e-mail’s unsubscribe link stops (reminders, invitations or news) and whether it is stopped ' +
        'already; changes nothing. 400: garbled or foreign token, or a category always sent; 410: past its ' +
        `${UNSUBSCRIBE_TOKEN_DAYS} days; 409: issued before the participant last rejoined the category. A ` +
        `browser opening it (\`Accept\` with text/html) is sent on (303) to the page \`${UNSUBSCRIBE_PAGE_PATH}?token=\``,
      querystring: ZUnsubscribeQuery,
      response: { 200: ZUnsubscribeReply, ...refusals },
    },
    handler: async (request, response) => {
      // A mail app without one-click opens the List-Unsubscribe address in a browser: show the page, not JSON.
      if (fromBrowser(request)) {
        const query = new URLSearchParams({ token: request.query.token ?? '' }).toString();
        return response.redirect(`${app.env.PUBLIC_URL}${UNSUBSCRIBE_PAGE_PATH}?${query}`, 303);
      }
      return sendDataOutcome(request, response, await service.describe(request.query.token));
    },
  });

  app.route({
    method: POST_MAIL_UNSUBSCRIBE.method,
    url: POST_MAIL_UNSUBSCRIBE.path,
    config: { access: 'public', rateLimit: oneClickLimit },
    schema: {
      tags,
      summary:
        'Leaves the category of an e-mail’s unsubscribe link at once, without a session: RFC 8058’s one-click ' +
        `body \`${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}\` as its only field (${MULTIPART} or ${FORM}) from a mail ` +
        'app, or a JSON object from the portal’s page. Idempotent: again, it answers `alreadyLeft: true`. ' +
        'Refusals as the GET’s, nothing changed',
      querystring: ZUnsubscribeQuery,
      body: ZUnsubscribeBody,
      consumes: ['application/json', MULTIPART, FORM],
      response: { 200: ZUnsubscribeReply, ...refusals },
    },
    handler: async (request, response) => {
      const form = isOf(request, FORM) || isOf(request, MULTIPART);
      if (form && !(await isOneClickBody(request, request.body)))
        return sendRefusal(request, response, refused(400, 'error.invalidRequest'));
      if (!form && request.body == null) return sendRefusal(request, response, refused(400, 'error.invalidRequest'));
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
