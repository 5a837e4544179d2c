import { z } from 'zod';
import { call } from '../api/call';
import { envelope, ZFieldError } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { LANGUAGES } from '../constants';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, REGISTRATION_MESSAGES } from '../registration/registration-form';
import { STAFF_ROLES } from './roles';

/** Message keys of the Staff tab, its calls and the invitation page. */
export const STAFF_MESSAGES = {
  firstNameRequired: 'staff.errors.firstNameRequired',
  lastNameRequired: 'staff.errors.lastNameRequired',
  nameTooLong: 'staff.errors.nameTooLong',
  emailInvalid: 'staff.errors.emailInvalid',
  emailTaken: 'staff.errors.emailTaken',
  roleInvalid: 'staff.errors.roleInvalid',
  healthSystemsRequired: 'staff.errors.healthSystemsRequired',
  healthSystemUnknown: 'staff.errors.healthSystemUnknown',
  languageInvalid: 'staff.errors.languageInvalid',
  notFound: 'staff.errors.notFound',
  notInvited: 'staff.errors.notInvited',
  lastAdministrator: 'staff.errors.lastAdministrator',
  ownRole: 'staff.errors.ownRole',
  ownAccount: 'staff.errors.ownAccount',
  alreadyDeactivated: 'staff.errors.alreadyDeactivated',
  notDeactivated: 'staff.errors.notDeactivated',
  invitationInvalid: 'staff.errors.invitationInvalid',
  invited: 'staff.messages.invited',
  invitationResent: 'staff.messages.invitationResent',
  invitationCancelled: 'staff.messages.invitationCancelled',
  updated: 'staff.messages.updated',
  deactivated: 'staff.messages.deactivated',
  reactivated: 'staff.messages.reactivated',
  accepted: 'staff.messages.accepted',
} as const;
const M = STAFF_MESSAGES;

/** An invitation link lasts this long. */
export const STAFF_INVITATION_DAYS = 7;
export const STAFF_NAME_MAX = 100;
export const STAFF_PAGE_SIZES = [10, 25, 50] as const;
export const STAFF_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const POST_STAFF_SEARCH = call('POST', '/staff/search');
export const POST_STAFF_INVITATION = call('POST', '/staff/invitation');
export const POST_STAFF_INVITATION_RESEND = call('POST', '/staff/:id/invitation/resend');
export const DELETE_STAFF_INVITATION = call('DELETE', '/staff/:id/invitation');
export const PUT_STAFF = call('PUT', '/staff/:id');
export const POST_STAFF_DEACTIVATE = call('POST', '/staff/:id/deactivate');
export const POST_STAFF_REACTIVATE = call('POST', '/staff/:id/reactivate');
/** The invitation page: what the link is for (without signing in), then the password that accepts it. */
export const POST_STAFF_INVITATION_VERIFY = call('POST', '/staff-invitation/verify');
export const POST_STAFF_INVITATION_ACCEPT = call('POST', '/staff-invitation/accept');

/** `POST /staff/search?page&size&sort`: the paging of the list. */
export const ZStaffQuery = pageQuery({
  sizes: STAFF_PAGE_SIZES,
  sortFields: ['name', 'email', 'role', 'status', 'lastSignInAt'],
  defaultSort: { field: 'name', direction: 'asc' },
});
/**
 * The body of `POST /staff/search`: what a name or e-mail must contain, in any letter case (none: everyone). It is
 * sent in the body so that names and addresses never reach an access log.
 */
export const STAFF_SEARCH_MAX = 320;
export const ZStaffSearch = z.object({ search: z.string().trim().max(STAFF_SEARCH_MAX).optional() });
export type TStaffQuery = z.output<typeof ZStaffQuery> & z.output<typeof ZStaffSearch>;

export const ZStaffHealthSystem = z.object({ id: z.uuid(), name: z.string() });

export const ZStaffMember = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  healthSystems: z.array(ZStaffHealthSystem),
  status: z.enum(STAFF_STATUSES),
  language: z.enum(LANGUAGES),
  /** ISO 8601; null until their first sign-in. */
  lastSignInAt: z.string().nullable(),
  /**
   * ISO 8601, for an invited person: when their unused invitation link expires, or expired (the table then says
   * so, and a resend sends a new one); null for everyone else.
   */
  invitationExpiresAt: z.string().nullable(),
});
export type TStaffMember = z.output<typeof ZStaffMember>;
export const ZStaffPageReply = envelope(pageOf(ZStaffMember));

const name = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(STAFF_NAME_MAX, M.nameTooLong);

/**
 * A role and, for a scoped role, the health systems (ids) it is limited to: at least one for a scoped role; for any
 * other role they are ignored, and the member is limited to none.
 */
export const ZStaffAccess = z.object({
  role: z.enum(STAFF_ROLES, { error: M.roleInvalid }),
  healthSystemIds: z
    .array(z.uuid({ error: M.healthSystemUnknown }))
    .max(100)
    .default([]),
});

/** `POST /staff/invitation`. */
export const ZStaffInvitation = ZStaffAccess.extend({
  firstName: name(M.firstNameRequired),
  lastName: name(M.lastNameRequired),
  email: z
    .string({ error: M.emailInvalid })
    .trim()
    .max(EMAIL_MAX_LENGTH, M.emailInvalid)
    .regex(EMAIL_PATTERN, M.emailInvalid),
  language: z.enum(LANGUAGES, { error: M.languageInvalid }),
});
export type TStaffInvitation = z.input<typeof ZStaffInvitation>;

/** `PUT /staff/:id`: a new role and scope. */
export const ZStaffUpdate = ZStaffAccess;
export type TStaffUpdate = z.input<typeof ZStaffUpdate>;

export const ZStaffIdParams = z.object({ id: z.uuid({ error: M.notFound }) });
export const ZStaffMemberReply = envelope(ZStaffMember);

/** `POST /staff-invitation/verify`: the link's token (from the page address's fragment, never its query). */
export const ZInvitationToken = z.object({
  token: z.string({ error: M.invitationInvalid }).min(1, M.invitationInvalid).max(200, M.invitationInvalid),
});
export const ZInvitationVerifyReply = envelope(
  z.object({ email: z.string(), firstName: z.string(), language: z.enum(LANGUAGES) }),
);
/** `POST /staff-invitation/accept`: the token and the password chosen under the security policy. */
export const ZInvitationAccept = ZInvitationToken.extend({
  password: z.string({ error: REGISTRATION_MESSAGES.passwordPolicy }).max(1024, REGISTRATION_MESSAGES.passwordPolicy),
});
export type TInvitationAccept = z.input<typeof ZInvitationAccept>;
/** Refused for the security policy: `data: [{ errorField: 'password', message }]`. */
/** Accepted: the staff member enrols a second factor next (the login attempt's cookie is set); refused: field errors. */
export const ZInvitationAcceptReply = envelope(
  z.union([z.object({ enrolmentRequired: z.literal(true) }), z.array(ZFieldError)]),
);
