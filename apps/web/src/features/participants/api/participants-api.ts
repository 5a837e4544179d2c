import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@portal/shared/api/call';
import { SIGNED_COPY_FILE_NAME } from '@portal/shared/consent/signed-copy';
import {
  ZParticipantActionReply,
  ZParticipantSearchReply,
  ZParticipantViewReply,
  GET_PARTICIPANT,
  GET_PARTICIPANT_SIGNED_COPY,
  POST_PARTICIPANT_RESEND_ACTIVATION,
  POST_PARTICIPANT_UNLOCK,
  POST_PARTICIPANTS_SEARCH,
} from '@portal/shared/participants/participants';
import { authorizedDownload, authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { openBlob } from '../../../lib/blob-files';

const PARTICIPANTS_KEY = ['participants'];
/** One participant's view: what a change to that participant reads again. */
export const participantKey = (id: string) => [...PARTICIPANTS_KEY, 'view', id];

/** One press of Search: the text, and which press it was (the same text searched again looks again). */
export interface SearchRequest {
  text: string;
  attempt: number;
}

/**
 * `POST /participants/search`: the participants a text names (it travels in the body, never the address). Kept
 * until an action on a participant changes what it found, so Back to results does not search again.
 */
export function useParticipantSearch(search: SearchRequest) {
  return useQuery({
    queryKey: [...PARTICIPANTS_KEY, 'search', search.text, search.attempt],
    queryFn: async () =>
      (
        await authorizedRequest(
          POST_PARTICIPANTS_SEARCH.path,
          ZParticipantSearchReply,
          jsonRequest(POST_PARTICIPANTS_SEARCH.method, { query: search.text }),
        )
      ).data!,
    staleTime: Infinity,
  });
}

/** `GET /participants/:id`: the participant view. */
export function useParticipant(id: string) {
  return useQuery({
    queryKey: participantKey(id),
    queryFn: async () => (await authorizedRequest(pathOf(GET_PARTICIPANT.path, { id }), ZParticipantViewReply)).data!,
  });
}

/** `GET /participants/:id/signed-copies/:signatureId`: a signed copy, opened in the browser's viewer. */
export async function openSignedCopy(id: string, signatureId: string) {
  openBlob(
    await authorizedDownload(pathOf(GET_PARTICIPANT_SIGNED_COPY.path, { id, signatureId })),
    SIGNED_COPY_FILE_NAME,
  );
}

/** An action on a participant (`POST` with no body) whose reply is a message; what is shown is read again after it. */
function usePostAction(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await authorizedRequest(path, ZParticipantActionReply, jsonRequest('POST'))).message,
    onSettled: () => client.invalidateQueries({ queryKey: PARTICIPANTS_KEY }),
  });
}

/** `POST /participants/:id/resend-activation`. */
export const useResendActivation = (id: string) =>
  usePostAction(pathOf(POST_PARTICIPANT_RESEND_ACTIVATION.path, { id }));

/** `POST /participants/:id/unlock`. */
export const useUnlock = (id: string) => usePostAction(pathOf(POST_PARTICIPANT_UNLOCK.path, { id }));
