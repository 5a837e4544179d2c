import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import { MINUTE_MS } from '@portal/shared/durations';
import {
  POST_MAIL_EVENTS_SENDGRID,
  POST_MAIL_EVENTS_SES,
  ZMailEventReply,
} from '@portal/shared/email-analytics/suppressions';
import { sendOutcome } from '../../lib/outcome';
import { perIpRateLimit } from '../../plugins/rate-limits';
import { SENDGRID_TIMESTAMP_TOLERANCE_MS } from './sendgrid-signature';

const tags = ['mail-events'];
/** A provider's batch of events may be larger than the API's usual body. */
const EVENTS_BODY_LIMIT = 5 * 1_048_576;
const refusals = {
  400: ZErrorReply,
  401: ZErrorReply,
  403: ZErrorReply,
  404: ZErrorReply,
  503: ZErrorReply,
};

/**
 * The mail providers' delivery-event webhooks. Public, each checked by its provider's signature over the body's
 * bytes exactly as received: this plugin keeps JSON and text bodies as bytes, for its own routes only.
 */
export const mailEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.mailEvents;
  const events = perIpRateLimit(app.env, 600, MINUTE_MS);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: EVENTS_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const bytesOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
  const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

  app.route({
    method: POST_MAIL_EVENTS_SENDGRID.method,
    url: POST_MAIL_EVENTS_SENDGRID.path,
    config: { access: 'public', rateLimit: events },
    schema: {
      tags,
      summary:
        'SendGrid Event Webhook (signed): the ECDSA signature of X-Twilio-Email-Event-Webhook-Signature over ' +
        'X-Twilio-Email-Event-Webhook-Timestamp and the raw body, checked with SENDGRID_WEBHOOK_PUBLIC_KEY (404 ' +
        `without it); a timestamp over ${SENDGRID_TIMESTAMP_TOLERANCE_MS / MINUTE_MS} minutes from now is refused. ` +
        'delivered marks the message delivered; a bounce (not a block), a drop of a bounced or invalid address and ' +
        'a spam report put the address on the suppression list. Events seen before (sg_event_id) change nothing, ' +
        'and a batch of them is answered 200; an event type SendGrid does not document refuses the whole batch',
      response: { 200: ZMailEventReply, ...refusals },
    },
    handler: async (request, response) =>
      sendOutcome(
        request,
        response,
        await service.sendgrid(
          bytesOf(request.body),
          header(request.headers['x-twilio-email-event-webhook-signature']),
          header(request.headers['x-twilio-email-event-webhook-timestamp']),
        ),
      ),
  });

  app.route({
    method: POST_MAIL_EVENTS_SES.method,
    url: POST_MAIL_EVENTS_SES.path,
    config: { access: 'public', rateLimit: events },
    schema: {
      tags,
      summary:
        'Amazon SES events through SNS (JSON sent as text/plain) of the SES_SNS_TOPIC_ARN topic alone (404 without ' +
        'it), signed (SignatureVersion 1 or 2) by the certificate of SigningCertURL, which must be exactly an ' +
        'https .pem path on sns.<region>.amazonaws.com(.cn) (no query, fragment, port or credentials), fetched only ' +
        'after the other checks pass; a message over an hour old or of another topic is refused, one seen before ' +
        '(MessageId) changes nothing. A SubscriptionConfirmation is confirmed by a GET of its SubscribeURL on an SNS ' +
        'host. A permanent Bounce or a Complaint puts the addresses on the suppression list; a Delivery marks the ' +
        'message of the original Message-ID header delivered',
      response: { 200: ZMailEventReply, ...refusals },
    },
    handler: async (request, response) => sendOutcome(request, response, await service.ses(bytesOf(request.body))),
  });
};
