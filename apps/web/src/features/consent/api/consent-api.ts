import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { envelope } from '@portal/shared/api/envelope';
import {
  ZCeremonyReply,
  ZSignatureInitReply,
  ZSignatureStatusReply,
  type TSignRequest,
  GET_SIGNATURE,
  GET_SIGNATURE_INIT,
  POST_SIGNATURE_CODE,
  POST_SIGNATURE_SIGN,
} from '@portal/shared/consent/ceremony';
import {
  ZSignedVersionsReply,
  GET_CONSENT_DOWNLOAD_STREAM,
  GET_CONSENT_SIGNATURES,
} from '@portal/shared/consent/signed-copy';
import { ZWithdrawReply, PUT_CONSENT_WITHDRAW } from '@portal/shared/consent/withdrawal';
import { API_BASE } from '@portal/shared/constants';
import { authorizedDownload, authorizedRequest, jsonRequest as json } from '../../../lib/api-client';

/** A path the server gave (signUrl, documentUrl) relative to the API base. */
const underApi = (url: string) => (url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url);

/** `GET /signature/init` and the ceremony its signUrl names (null once consent is signed). */
export function useCeremony(enabled: boolean) {
  return useQuery({
    queryKey: ['consent-ceremony'],
    queryFn: async () => {
      const init = (await authorizedRequest(GET_SIGNATURE_INIT.path, ZSignatureInitReply)).data!;
      if (init.consentSigned || !init.signUrl) return null;
      return (await authorizedRequest(underApi(init.signUrl), ZCeremonyReply)).data!;
    },
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

/** The PDF of the form being signed, as bytes for the viewer. */
export function useFormDocument(documentUrl: string | undefined) {
  return useQuery({
    queryKey: ['consent-form-document', documentUrl],
    queryFn: async () => new Uint8Array(await (await authorizedDownload(documentUrl!)).arrayBuffer()),
    enabled: Boolean(documentUrl),
    retry: 1,
    staleTime: Infinity,
  });
}

/** `POST /signature/code`: e-mails the code asked before signing. */
export function useSendSigningCode() {
  return useMutation({
    mutationFn: () =>
      authorizedRequest(POST_SIGNATURE_CODE.path, envelope(z.unknown()), json(POST_SIGNATURE_CODE.method)),
  });
}

/** `POST /signature/sign`, then `GET /signature`, which follows every sign event. */
export function useSignConsent() {
  return useMutation({
    mutationFn: async (request: TSignRequest) => {
      await authorizedRequest(
        POST_SIGNATURE_SIGN.path,
        ZSignatureStatusReply,
        json(POST_SIGNATURE_SIGN.method, request),
      );
      return (await authorizedRequest(GET_SIGNATURE.path, ZSignatureStatusReply)).data!;
    },
  });
}

/** `GET /consent/signatures`: every form version the participant signed, newest first. */
export function useSignedVersions() {
  return useQuery({
    queryKey: ['consent-signatures'],
    queryFn: async () => (await authorizedRequest(GET_CONSENT_SIGNATURES.path, ZSignedVersionsReply)).data ?? [],
    retry: false,
  });
}

/**
 * `GET /consent/download-stream?signatureId=`: the signed copy of each signature, fetched as soon as it is
 * listed, so that View opens it at once (a tab opened after a wait would be taken for a pop-up).
 */
export function useSignedCopies(signatureIds: readonly string[]) {
  return useQueries({
    queries: signatureIds.map((signatureId) => ({
      queryKey: ['consent-signed-copy', signatureId],
      queryFn: () => authorizedDownload(`${GET_CONSENT_DOWNLOAD_STREAM.path}?${new URLSearchParams({ signatureId })}`),
      retry: 1,
      staleTime: Infinity,
    })),
  });
}

/** `PUT /consent/withdraw`, the reason in the body (kept out of the address and the logs). */
export function useWithdraw() {
  return useMutation({
    mutationFn: (reason: string) =>
      authorizedRequest(PUT_CONSENT_WITHDRAW.path, ZWithdrawReply, json(PUT_CONSENT_WITHDRAW.method, { reason })),
  });
}
