import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MINUTE_MS } from '@portal/shared/durations';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  GET_MESSAGES,
  GET_MESSAGES_UNREAD_COUNT,
  PUT_MESSAGE_READ,
  ZMessageReadParams,
  ZMessageReadReply,
  ZMessagesQuery,
  ZMessagesReply,
  ZUnreadCountReply,
} from '@portal/shared/inbox/messages';
import { sendDataOutcome } from '../../lib/outcome';
import { perIpRateLimit, perUserRateLimit } from '../../plugins/rate-limits';

const tags = ['inbox'];
const security = [{ bearerAuth: [] }];

/** The participant's Messages page and the header's unread count: each call on the caller's own messages only. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.inbox;
  const reads = perIpRateLimit(app.env, 120, MINUTE_MS);
  // Every signed-in participant's header asks once a minute; many share a clinic's address, so it counts per person.
  const counts = perUserRateLimit(app.env, 60, MINUTE_MS);

  app.route({
    method: GET_MESSAGES.method,
    url: GET_MESSAGES.path,
    config: { access: 'patient', rateLimit: reads },
    schema: {
      tags,
      summary:
        "The participant's messages, newest first, paged: each reminder, invitation and study notice with the values " +
        'its text needs (a notice with its title and body in English and Spanish), when it came and whether it was read',
      security,
      querystring: ZMessagesQuery,
      response: { 200: ZMessagesReply, 400: ZErrorReply },
    },
    handler: async (request) => ({ status: true, data: await service.list(request.auth!.userId, request.query) }),
  });

  app.route({
    method: GET_MESSAGES_UNREAD_COUNT.method,
    url: GET_MESSAGES_UNREAD_COUNT.path,
    config: { access: 'patient', rateLimit: counts },
    schema: {
      tags,
      summary: "How many of the participant's messages are unread (the count beside Messages in the header)",
      security,
      response: { 200: ZUnreadCountReply },
    },
    handler: async (request) => ({ status: true, data: await service.unreadCount(request.auth!.userId) }),
  });

  app.route({
    method: PUT_MESSAGE_READ.method,
    url: PUT_MESSAGE_READ.path,
    config: { access: 'patient', rateLimit: reads },
    schema: {
      tags,
      summary:
        "Marks one of the participant's own messages read (a message read before stays as it was); answers the " +
        'unread count. Another participant’s message is answered 404',
      security,
      params: ZMessageReadParams,
      response: { 200: ZMessageReadReply, 400: ZErrorReply, 404: ZErrorReply },
    },
    handler: async (request, response) =>
      sendDataOutcome(request, response, await service.markRead(request.auth!.userId, request.params.id)),
  });
};
