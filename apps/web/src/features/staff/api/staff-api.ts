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
import { POST_STAFF_FACTORS_RESET, ZSecurityMessageReply } from '@portal/shared/staff/second-factor';
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

/** The calls that name a member and send nothing else, with their replies (of which only the message is read). */
const MEMBER_CALLS = {
  resend: { call: POST_STAFF_INVITATION_RESEND, reply: ZStaffMemberReply },
  cancel: { call: DELETE_STAFF_INVITATION, reply: ZStaffMemberReply },
  deactivate: { call: POST_STAFF_DEACTIVATE, reply: ZStaffMemberReply },
  reactivate: { call: POST_STAFF_REACTIVATE, reply: ZStaffMemberReply },
  resetFactors: { call: POST_STAFF_FACTORS_RESET, reply: ZSecurityMessageReply },
} as const;
export type MemberAction = keyof typeof MEMBER_CALLS;

/**
 * Resend or cancel an invitation, deactivate or reactivate a member, or reset their second factors (they set up a
 * new one at their next sign-in).
 */
export const useMemberAction = (action: MemberAction) =>
  useStaffChange((member: Pick<TStaffMember, 'id'>) => {
    const { call, reply } = MEMBER_CALLS[action];
    return authorizedRequest(pathOf(call.path, { id: member.id }), reply, jsonRequest(call.method));
  });

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

/**
 * `POST /staff-invitation/accept`: the password that accepts the invitation; answers the server's message, and
 * whether a second factor is to be set up next (the reply's cookie then binds that enrolment to this browser).
 */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (body: TInvitationAccept) => {
      const { path, method } = POST_STAFF_INVITATION_ACCEPT;
      const { message, data } = await apiRequest(path, ZInvitationAcceptReply, jsonRequest(method, body));
      return { message, enrolmentRequired: data !== undefined && !Array.isArray(data) && data.enrolmentRequired };
    },
  });
}
