import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { envelope } from '@portal/shared/api/envelope';
import {
  ZCeremonyReply,
  ZSignatureInitReply,
  ZSignatureStatusReply,
  type TSignRequest,
} from '@portal/shared/consent/ceremony';
import { ZConsentViewReply } from '@portal/shared/consent/signed-copy';
import { ZWithdrawReply } from '@portal/shared/consent/withdrawal';
import { API_BASE } from '@portal/shared/constants';
import { authorizedDownload, authorizedRequest, jsonRequest as json } from '../../../lib/api-client';

/** A path the server gave (signUrl, documentUrl) relative to the API base. */
const underApi = (url: string) => (url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url);

/** `GET /signature/init` and the ceremony its signUrl names (null once consent is signed). */
export function useCeremony(enabled: boolean) {
  return useQuery({
    queryKey: ['consent-ceremony'],
    queryFn: async () => {
      const init = (await authorizedRequest('/signature/init', ZSignatureInitReply)).data!;
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
    mutationFn: () => authorizedRequest('/signature/code', envelope(z.unknown()), json('POST')),
  });
}

/** `POST /signature/sign`, then `GET /signature`, which follows every sign event. */
export function useSignConsent() {
  return useMutation({
    mutationFn: async (request: TSignRequest) => {
      await authorizedRequest('/signature/sign', ZSignatureStatusReply, json('POST', request));
      return (await authorizedRequest('/signature', ZSignatureStatusReply)).data!;
    },
  });
}

/** `GET /consent/view-consent`: who signed and when, or null. */
export function useConsentView() {
  return useQuery({
    queryKey: ['consent-view'],
    queryFn: async () => (await authorizedRequest('/consent/view-consent', ZConsentViewReply)).data ?? null,
    retry: false,
  });
}

/** `GET /consent/download-stream`: the signed copy, fetched once a consent exists. */
export function useSignedCopy(enabled: boolean) {
  return useQuery({
    queryKey: ['consent-signed-copy'],
    queryFn: () => authorizedDownload('/consent/download-stream'),
    enabled,
    retry: 1,
    staleTime: Infinity,
  });
}

/** `PUT /consent/withdraw`, the reason in the body (kept out of the address and the logs). */
export function useWithdraw() {
  return useMutation({
    mutationFn: (reason: string) => authorizedRequest('/consent/withdraw', ZWithdrawReply, json('PUT', { reason })),
  });
}
