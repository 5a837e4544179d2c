import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorReply } from '@portal/shared/api/envelope';
import {
  ZDataDictionaryQuery,
  ZExportInstrumentsReply,
  ZRegisterQuery,
  ZSurveyAnswersQuery,
  GET_DATA_EXPORT_INSTRUMENTS,
  GET_DATA_EXPORT_SURVEY_ANSWERS,
  GET_DATA_EXPORT_DATA_DICTIONARY,
  GET_DATA_EXPORT_CONSENT_REGISTER,
  GET_DATA_EXPORT_VERIFICATION_REGISTER,
} from '@portal/shared/data-export/data-export';
import { MINUTE_MS } from '@portal/shared/durations';
import { sendRefusal, type DataOutcome } from '../../lib/outcome';
import { sendCsv } from '../../lib/send-csv';
import { perIpRateLimit } from '../../plugins/rate-limits';
import { exporterOf } from './exporter';
import type { CsvDownload } from './service';

const tags = ['data-export'];
const security = [{ bearerAuth: [] }];
const RANGE_NOTE =
  'from and to (YYYY-MM-DD, both days included, in the study time zone) narrow it to a range of five years at most';
const FILE_NOTE =
  'a CSV download (UTF-8 with a byte-order mark, cells a spreadsheet would read as a formula prefixed with an ' +
  'apostrophe), read and sent in batches; participants appear by id only, dates in ISO 8601 UTC; audited, with ' +
  'the form produced';
const FORM_NOTE =
  'deidentified=true asks for the de-identified form (participantPseudonym, a keyed hash of the user ID that is ' +
  'the same in every file, instead of participantId; no free text, no staff ids; "deidentified" in the file ' +
  'name); staff without identified export always get it, whatever they ask';
const WHO = '(staff with de-identified export; the identified form needs identified export)';
const csvReplies = { 200: z.string(), 400: ZErrorReply };

const send = (response: FastifyReply, file: CsvDownload) => sendCsv(response, file.lines, file.fileName);

function sendCsvOutcome(request: FastifyRequest, response: FastifyReply, outcome: DataOutcome<CsvDownload>) {
  return outcome.ok ? send(response, outcome.data) : sendRefusal(request, response, outcome);
}

/** The Data Export tab of System Options: staff with de-identified export; identified files need identified export. */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.dataExport;
  const reads = { rateLimit: perIpRateLimit(app.env, 120, MINUTE_MS) };
  const downloads = { rateLimit: perIpRateLimit(app.env, 30, MINUTE_MS) };

  app.route({
    method: GET_DATA_EXPORT_INSTRUMENTS.method,
    url: GET_DATA_EXPORT_INSTRUMENTS.path,
    config: { access: 'export.deidentified', ...reads },
    schema: {
      tags,
      summary:
        'The questionnaire versions whose answers can be exported (the study instruments in round order, then ' +
        'one-time survey forms), each with its title in both languages and its submitted responses counted; no ' +
        `participant data, the same for every role ${WHO}`,
      security,
      response: { 200: ZExportInstrumentsReply },
    },
    handler: async () => ({ status: true, data: await service.instruments() }),
  });

  app.route({
    method: GET_DATA_EXPORT_SURVEY_ANSWERS.method,
    url: GET_DATA_EXPORT_SURVEY_ANSWERS.path,
    config: { access: 'export.deidentified', stepUp: true, ...downloads },
    schema: {
      tags,
      summary:
        'The submitted responses of one form version, one row each: participantId, roundNumber or ' +
        `oneTimeSurveyId, startedAt, submittedAt, then a column per question code (matrix rows as code.row; the ` +
        `de-identified form leaves out free-text questions and "other" texts); ${RANGE_NOTE} of submission ` +
        `dates; ${FILE_NOTE}; ${FORM_NOTE} ${WHO}`,
      security,
      querystring: ZSurveyAnswersQuery,
      response: { ...csvReplies, 404: ZErrorReply },
    },
    handler: async (request, response) =>
      sendCsvOutcome(request, response, await service.surveyAnswers(exporterOf(request), request.query)),
  });

  app.route({
    method: GET_DATA_EXPORT_DATA_DICTIONARY.method,
    url: GET_DATA_EXPORT_DATA_DICTIONARY.path,
    config: { access: 'export.deidentified', stepUp: true, ...downloads },
    schema: {
      tags,
      summary:
        'The data dictionary of one form version: each question code of its answers file with the question in ' +
        `English and Spanish, its type, and its answer codes with their labels in both languages (the ` +
        `de-identified form lists the columns of the de-identified answers file); ${FILE_NOTE}; ${FORM_NOTE} ${WHO}`,
      security,
      querystring: ZDataDictionaryQuery,
      response: { ...csvReplies, 404: ZErrorReply },
    },
    handler: async (request, response) =>
      sendCsvOutcome(request, response, await service.dataDictionary(exporterOf(request), request.query)),
  });

  app.route({
    method: GET_DATA_EXPORT_CONSENT_REGISTER.method,
    url: GET_DATA_EXPORT_CONSENT_REGISTER.path,
    config: { access: 'export.deidentified', stepUp: true, ...downloads },
    schema: {
      tags,
      summary:
        'The consent register: each signature (consent, or reconsent when the participant had signed before) with ' +
        'the health system, language and version of the form signed, then each withdrawal with who carried it ' +
        `out (the participant, or an administrator on request, with their id outside the de-identified form); ` +
        `${RANGE_NOTE} of event dates; ${FILE_NOTE}; ${FORM_NOTE} ${WHO}`,
      security,
      querystring: ZRegisterQuery,
      response: csvReplies,
    },
    handler: async (request, response) =>
      send(response, await service.consentRegister(exporterOf(request), request.query)),
  });

  app.route({
    method: GET_DATA_EXPORT_VERIFICATION_REGISTER.method,
    url: GET_DATA_EXPORT_VERIFICATION_REGISTER.path,
    config: { access: 'export.deidentified', stepUp: true, ...downloads },
    schema: {
      tags,
      summary:
        'The health system verification register: each record with its health system, status (verified, ' +
        'rejected or pending), consent date, last update and the kind of its last change (single, bulk, push, ' +
        `undo); ${RANGE_NOTE} of update dates; ${FILE_NOTE}; ${FORM_NOTE} ${WHO}`,
      security,
      querystring: ZRegisterQuery,
      response: csvReplies,
    },
    handler: async (request, response) =>
      send(response, await service.verificationRegister(exporterOf(request), request.query)),
  });
};
