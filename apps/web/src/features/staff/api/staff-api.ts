import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@portal/shared/api/call';
import {
  GET_HEALTH_SYSTEM_OVERVIEW,
  HEALTH_SYSTEM_PAGE_SIZES,
  ZHealthSystemOverviewReply,
} from '@portal/shared/health-systems/health-system-info';
import {
  DELETE_STAFF_INVITATION,
  POST_STAFF_SEARCH,
  POST_STAFF_DEACTIVATE,
  POST_STAFF_INVITATION,
  POST_STAFF_INVITATION_ACCEPT,
  POST_STAFF_INVITATION_RESEND,
  POST_STAFF_INVITATION_VERIFY,
  POST_STAFF_REACTIVATE,
  PUT_STAFF,
  ZInvitationAcceptReply,
  ZInvitationVerifyReply,
  ZStaffMemberReply,
  ZStaffPageReply,
  type TInvitationAccept,
  type TStaffInvitation,
  type TStaffMember,
  type TStaffQuery,
  type TStaffUpdate,
} from '@portal/shared/staff/staff';
import { apiRequest, authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';

/** Every query of the Staff tab starts with this key, so any change to a member refreshes the list. */
const STAFF_KEY = ['staff'];
export type StaffSortField = TStaffQuery['sort']['field'];

/** `POST /staff/search?page&size&sort`: one page of the staff, those whose name or e-mail has `search` if given. */
export function useStaffPage(search: string, request: PageRequest<StaffSortField>) {
  return useQuery({
    queryKey: [...STAFF_KEY, 'list', search, request.page, request.size, request.sort],
    queryFn: async () => {
      const reply = await authorizedRequest(
        `${POST_STAFF_SEARCH.path}?${pagingQuery(request)}`,
        ZStaffPageReply,
        jsonRequest(POST_STAFF_SEARCH.method, search ? { search } : {}),
      );
      return reply.data!;
    },
    placeholderData: keepPreviousData,
  });
}

export interface HealthSystemChoice {
  id: string;
  name: string;
}

/**
 * Every health system (id and name, by name), for the choice of a scoped role's health systems: the overview's
 * pages read one after another, as no other call lists the systems by id.
 */
export function useHealthSystemChoices() {
  return useQuery({
    // Under Health System Management's key, so a system added or renamed there shows here too.
    queryKey: ['health-systems', 'staff-choices'],
    queryFn: async () => {
      const size = Math.max(...HEALTH_SYSTEM_PAGE_SIZES);
      const choices: HealthSystemChoice[] = [];
      for (let page = 0; ; page += 1) {
        const reply = await authorizedRequest(
          `${GET_HEALTH_SYSTEM_OVERVIEW.path}?${pagingQuery({ page, size })}`,
          ZHealthSystemOverviewReply,
        );
        const { content, totalElements } = reply.data!;
        choices.push(...content.map(({ id, name }) => ({ id, name })));
        if (content.length === 0 || choices.length >= totalElements) return choices;
      }
    },
    staleTime: 60_000,
  });
}

/** A change to one member: the call answers the server's message (not the member), and the list is loaded again. */
function useStaffChange<Argument>(call: (argument: Argument) => Promise<{ message?: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (argument: Argument) => (await call(argument)).message,
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** `POST /staff/invitation`: the new member, e-mailed a link to choose a password. */
export const useInviteStaff = () =>
  useStaffChange((body: TStaffInvitation) =>
    authorizedRequest(POST_STAFF_INVITATION.path, ZStaffMemberReply, jsonRequest(POST_STAFF_INVITATION.method, body)),
  );

/** `PUT /staff/:id`: a new role and, for a scoped role, its health systems. */
export const useUpdateStaff = () =>
  useStaffChange(({ id, ...body }: TStaffUpdate & { id: string }) =>
    authorizedRequest(pathOf(PUT_STAFF.path, { id }), ZStaffMemberReply, jsonRequest(PUT_STAFF.method, body)),
  );

/** The calls that name a member and send nothing else. */
const MEMBER_CALLS = {
  resend: POST_STAFF_INVITATION_RESEND,
  cancel: DELETE_STAFF_INVITATION,
  deactivate: POST_STAFF_DEACTIVATE,
  reactivate: POST_STAFF_REACTIVATE,
} as const;
export type MemberAction = keyof typeof MEMBER_CALLS;

/** Resend or cancel an invitation, deactivate or reactivate a member. */
export const useMemberAction = (action: MemberAction) =>
  useStaffChange((member: Pick<TStaffMember, 'id'>) =>
    authorizedRequest(
      pathOf(MEMBER_CALLS[action].path, { id: member.id }),
      ZStaffMemberReply,
      jsonRequest(MEMBER_CALLS[action].method),
    ),
  );

/** `POST /staff-invitation/verify`: whom the link invites, asked once per link and page load, without signing in. */
export function useVerifyInvitation(token: string | null) {
  return useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: async () =>
      (
        await apiRequest(
          POST_STAFF_INVITATION_VERIFY.path,
          ZInvitationVerifyReply,
          jsonRequest(POST_STAFF_INVITATION_VERIFY.method, { token }),
        )
      ).data!,
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** `POST /staff-invitation/accept`: the password that accepts the invitation; answers the server's message. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (body: TInvitationAccept) =>
      (
        await apiRequest(
          POST_STAFF_INVITATION_ACCEPT.path,
          ZInvitationAcceptReply,
          jsonRequest(POST_STAFF_INVITATION_ACCEPT.method, body),
        )
      ).message,
  });
}
