import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  ZCeremonyReply,
  ZSignatureInitReply,
  ZSignatureStatusReply,
  ZSignRequest,
  GET_SIGNATURE_INIT,
  GET_SIGNATURE_CEREMONY,
  GET_SIGNATURE_CEREMONY_DOCUMENT,
  POST_SIGNATURE_CODE,
  POST_SIGNATURE_SIGN,
  GET_SIGNATURE,
} from '@portal/shared/consent/ceremony';
import {
  SIGNED_COPY_FILE_NAME,
  ZConsentViewReply,
  ZSignedVersionsReply,
  GET_CONSENT_VIEW_CONSENT,
  GET_CONSENT_SIGNATURES,
  GET_CONSENT_DOWNLOAD_STREAM,
} from '@portal/shared/consent/signed-copy';
import {
  ZIntegrityReply,
  ZWithdrawReply,
  ZWithdrawRequest,
  PUT_CONSENT_WITHDRAW,
  GET_CONSENT_INTEGRITY,
} from '@portal/shared/consent/withdrawal';
import { envelope } from '@portal/shared/api/envelope';
import { sendOutcome, sendRefusal } from '../../lib/outcome';
import { sendPdf } from '../../lib/send-pdf';
import { perIpRateLimit } from '../../plugins/rate-limits';

const tags = ['consent'];
const security = [{ bearerAuth: [] }];
const MINUTE_MS = 60_000;
const USER_AGENT_MAX = 500;

export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { signing, signedCopy, withdrawal } = app.services.consent;
  const reads = perIpRateLimit(app.env, 300, MINUTE_MS);
  const ZFormParams = z.object({ formId: z.uuid() });

  app.route({
    method: GET_SIGNATURE_INIT.method,
    url: GET_SIGNATURE_INIT.path,
    config: { access: 'patient', rateLimit: reads },
    schema: {
      tags,
      summary: 'Whether consent is signed and, if not, the signing ceremony of the participant’s form',
      security,
      response: { 200: ZSignatureInitReply, 403: ZErrorReply, 503: ZErrorReply },
    },
    handler: async (request, response) => {
      const outcome = await signing.init(request.auth!.userId);
      return outcome.ok ? { status: true, data: outcome.data } : sendRefusal(request, response, outcome);
    },
  });

  app.route({
    method: GET_SIGNATURE_CEREMONY.method,
    url: GET_SIGNATURE_CEREMONY.path,
    config: { access: 'patient', rateLimit: reads },
    schema: {
      tags,
      summary: 'The form version to sign (the signUrl): its fields and whether an e-mailed code is asked',
      security,
      params: ZFormParams,
      response: { 200: ZCeremonyReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) => {
      const outcome = await signing.ceremony(request.auth!.userId, request.params.formId);
      return outcome.ok ? { status: true, data: outcome.data } : sendRefusal(request, response, outcome);
    },
  });

  app.route({
    method: GET_SIGNATURE_CEREMONY_DOCUMENT.method,
    url: GET_SIGNATURE_CEREMONY_DOCUMENT.path,
    config: { access: 'patient', rateLimit: reads },
    schema: { tags, summary: 'The PDF of the form being signed (a download)', security, params: ZFormParams },
    handler: async (request, response) => {
      const outcome = await signing.document(request.auth!.userId, request.params.formId);
      if (!outcome.ok) return sendRefusal(request, response, outcome);
      return sendPdf(response, outcome.data.bytes, outcome.data.fileName);
    },
  });

  app.route({
    method: POST_SIGNATURE_CODE.method,
    url: POST_SIGNATURE_CODE.path,
    config: { access: 'patient', rateLimit: perIpRateLimit(app.env, 10, 15 * MINUTE_MS) },
    schema: {
      tags,
      summary: 'E-mails the code asked before signing, when the security policy asks for one',
      security,
      response: { 200: envelope(z.unknown()), 400: ZErrorReply, 403: ZErrorReply, 409: ZErrorReply },
    },
    handler: async (request, response) => sendOutcome(request, response, await signing.sendCode(request.auth!.userId)),
  });

  app.route({
    method: POST_SIGNATURE_SIGN.method,
    url: POST_SIGNATURE_SIGN.path,
    config: { access: 'patient', rateLimit: perIpRateLimit(app.env, 20, 15 * MINUTE_MS) },
    schema: {
      tags,
      summary: 'Signs the form: values checked, stamped into the PDF with a certificate page, stored, e-mailed',
      security,
      body: ZSignRequest,
      response: { 200: ZSignatureStatusReply },
    },
    handler: async (request, response) => {
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
      const outcome = await signing.sign(request.auth!.userId, request.body, { ip: request.ip, userAgent });
      return outcome.ok ? { status: true, data: outcome.data } : sendRefusal(request, response, outcome);
    },
  });

  app.route({
    method: GET_SIGNATURE.method,
    url: GET_SIGNATURE.path,
    config: { access: 'patient', rateLimit: reads },
    schema: {
      tags,
      summary: 'Whether and when the participant signed (called after the sign event)',
      security,
      response: { 200: ZSignatureStatusReply },
    },
    handler: async (request) => ({ status: true, data: await signing.status(request.auth!.userId) }),
  });

  app.route({
    method: GET_CONSENT_VIEW_CONSENT.method,
    url: GET_CONSENT_VIEW_CONSENT.path,
    config: { access: 'patient', rateLimit: reads },
    schema: {
      tags,
      summary: 'Who signed the participant’s latest consent and when; data is null before signing',
      security,
      response: { 200: ZConsentViewReply },
    },
    handler: async (request) => ({ status: true, data: await signedCopy.view(request.auth!.userId) }),
  });

  app.route({
    method: GET_CONSENT_SIGNATURES.method,
    url: GET_CONSENT_SIGNATURES.path,
    config: { access: 'patient', rateLimit: reads },
    schema: {
      tags,
      summary: 'Every consent form version the participant signed, newest first',
      security,
      response: { 200: ZSignedVersionsReply },
    },
    handler: async (request) => ({ status: true, data: await signedCopy.signedVersions(request.auth!.userId) }),
  });

  app.route({
    method: GET_CONSENT_DOWNLOAD_STREAM.method,
    url: GET_CONSENT_DOWNLOAD_STREAM.path,
    config: { access: 'patient', rateLimit: reads },
    schema: {
      tags,
      summary: 'One of the participant’s own signed copies (a PDF download); the latest when none is named',
      security,
      querystring: z.object({ signatureId: z.uuid().optional() }),
    },
    handler: async (request, response) => {
      const bytes = await signedCopy.download(request.auth!.userId, request.query.signatureId);
      if (!bytes)
        return sendRefusal(request, response, { ok: false, httpStatus: 404, message: 'consent.noSignedCopy' });
      return sendPdf(response, bytes, SIGNED_COPY_FILE_NAME);
    },
  });

  app.route({
    method: PUT_CONSENT_WITHDRAW.method,
    url: PUT_CONSENT_WITHDRAW.path,
    config: { access: 'patient', rateLimit: perIpRateLimit(app.env, 10, 15 * MINUTE_MS) },
    schema: {
      tags,
      summary: 'Withdraws from the study: recorded with its reason, sessions ended, sign-in closed',
      description: 'The reason goes in the body; a `?reason=` query is read when the body has none.',
      security,
      querystring: z.object({ reason: z.string().optional() }),
      body: z.object({ reason: z.string().optional() }).nullish(),
      response: { 200: ZWithdrawReply, 400: ZErrorReply, 403: ZErrorReply },
    },
    handler: async (request, response) => {
      const parsed = ZWithdrawRequest.safeParse({ reason: request.body?.reason ?? request.query.reason });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'consent.reasonRequired';
        return sendRefusal(request, response, {
          ok: false,
          httpStatus: 400,
          message,
          errors: [{ errorField: 'reason', message }],
        });
      }
      const outcome = await withdrawal.withdraw(request.auth!.userId, parsed.data.reason, { ip: request.ip });
      return sendOutcome(request, response, outcome);
    },
  });

  app.route({
    method: GET_CONSENT_INTEGRITY.method,
    url: GET_CONSENT_INTEGRITY.path,
    config: { access: 'consent.integrity', rateLimit: perIpRateLimit(app.env, 10, MINUTE_MS) },
    schema: {
      tags,
      summary: 'Checks every stored consent form and signed copy against its recorded SHA-256 (administrators)',
      security,
      response: { 200: ZIntegrityReply },
    },
    handler: async () => ({ status: true, data: await signedCopy.verifyIntegrity() }),
  });
};
