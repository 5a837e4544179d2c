import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  ZManualWithdrawReply,
  POST_CONSENT_MANUAL_WITHDRAW,
  type TManualWithdrawRequest,
} from '@portal/shared/withdrawals/manual-withdraw';
import { authorizedRequest, jsonRequest } from '../../lib/api-client';

/**
 * `POST /consent/manual-withdraw`: records a withdrawal request; the reply's message is 'Request recorded and
 * queued'. Once recorded, the queries under `recorded` are read again (the pending list, a participant's view).
 */
export function useRecordWithdrawalRequest(recorded: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TManualWithdrawRequest) =>
      (
        await authorizedRequest(
          POST_CONSENT_MANUAL_WITHDRAW.path,
          ZManualWithdrawReply,
          jsonRequest(POST_CONSENT_MANUAL_WITHDRAW.method, body),
        )
      ).message,
    onSuccess: () => client.invalidateQueries({ queryKey: recorded }),
  });
}
