import { Button, Chip, Stack, Typography } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { isScopedRole } from '@portal/shared/staff/roles';
import type { TStaffMember } from '@portal/shared/staff/staff';
import { DataTable, type PagedQueryResult } from '../../../components/admin/DataTable';
import { Moment } from '../../../components/ui/Moment';
import type { PagedQueryState } from '../../../lib/paging';
import { useTranslation } from '../../../lib/use-translation';
import type { MemberAction, StaffSortField } from '../api/staff-api';
import { ROLE_LABELS, STATUS_LABELS } from './staff-labels';

/** What a row's buttons ask for: one of the calls on a member, or the Change role dialog. */
export type RowRequest = MemberAction | 'changeRole';

const column = createColumnHelper<TStaffMember>();
/** Chip colours whose text keeps a 4.5:1 contrast. */
const STATUS_COLORS = { invited: 'primary', active: 'success', deactivated: 'default' } as const;

export const fullName = (member: Pick<TStaffMember, 'firstName' | 'lastName'>) =>
  `${member.firstName} ${member.lastName}`;

/**
 * The actions that apply to a member: an open invitation can be sent again or cancelled; an invited or active
 * member's role changed; an active member's second factors reset, and the member deactivated; a deactivated one
 * reactivated. Nobody changes their own role, resets their own factors (Your security is for that) or deactivates
 * themselves.
 */
export function rowRequests(member: TStaffMember, own: boolean): RowRequest[] {
  const requests: RowRequest[] = [];
  if (member.status === 'invited') requests.push('resend', 'cancel');
  if (member.status !== 'deactivated' && !own) requests.push('changeRole');
  if (member.status === 'active' && !own) requests.push('resetFactors', 'deactivate');
  if (member.status === 'deactivated') requests.push('reactivate');
  return requests;
}

/** The actions that undo something: asked in a dialog first, and their buttons are red. */
const CONFIRMED_REQUESTS = ['cancel', 'resetFactors', 'deactivate'] as const satisfies RowRequest[];
export type ConfirmedRequest = (typeof CONFIRMED_REQUESTS)[number];
export const isConfirmed = (request: RowRequest): request is ConfirmedRequest =>
  (CONFIRMED_REQUESTS as readonly RowRequest[]).includes(request);

/** Each action's button text, and its accessible name, which starts with that text and names the member. */
const REQUEST_LABELS: Record<RowRequest, { text: string; name: string }> = {
  resend: { text: 'staff.actions.resend', name: 'staff.actions.resendOne' },
  cancel: { text: 'staff.actions.cancel', name: 'staff.actions.cancelOne' },
  changeRole: { text: 'staff.actions.changeRole', name: 'staff.actions.changeRoleOne' },
  resetFactors: { text: 'staff.actions.resetFactors', name: 'staff.actions.resetFactorsOne' },
  deactivate: { text: 'staff.actions.deactivate', name: 'staff.actions.deactivateOne' },
  reactivate: { text: 'staff.actions.reactivate', name: 'staff.actions.reactivateOne' },
};

/**
 * The staff, a page at a time: name, e-mail address, role, health systems, status and last sign-in, with the
 * actions that apply to each. The signed-in member's own row says so.
 */
export function StaffTable({
  query,
  paging,
  searching,
  ownId,
  busy,
  onRequest,
}: {
  /** The list's query; an invitation reads as expired when it was by the time the list loaded. */
  query: PagedQueryResult<TStaffMember> & { dataUpdatedAt: number };
  paging: PagedQueryState<StaffSortField>;
  /** Whether a search narrows the list (the empty list then says nobody matched). */
  searching: boolean;
  /** The signed-in member's id. */
  ownId: string | undefined;
  /** The member whose call is running: their buttons wait. */
  busy: string | undefined;
  onRequest(request: RowRequest, member: TStaffMember): void;
}) {
  const { t } = useTranslation();
  const loadedAt = query.dataUpdatedAt;
  const columns = [
    column.accessor(fullName, {
      id: 'name',
      header: t('staff.table.name'),
      enableSorting: true,
      cell: ({ row, getValue }) => (
        <>
          <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>
          {row.original.id === ownId && (
            <Typography component="span" variant="body2" color="text.secondary">
              {` ${t('staff.table.you')}`}
            </Typography>
          )}
        </>
      ),
    }),
    column.accessor('email', {
      header: t('staff.table.email'),
      enableSorting: true,
      cell: ({ getValue }) => <span style={{ overflowWrap: 'anywhere' }}>{getValue()}</span>,
    }),
    column.accessor('role', {
      header: t('staff.table.role'),
      enableSorting: true,
      cell: ({ getValue }) => t(ROLE_LABELS[getValue()]),
    }),
    column.display({
      id: 'healthSystems',
      header: t('staff.table.healthSystems'),
      cell: ({ row }) =>
        isScopedRole(row.original.role)
          ? row.original.healthSystems.map((system) => system.name).join(', ')
          : t('staff.table.notLimited'),
    }),
    column.accessor('status', {
      header: t('staff.table.status'),
      enableSorting: true,
      cell: ({ row, getValue }) => {
        const expiresAt = row.original.invitationExpiresAt;
        return (
          <>
            <Chip size="small" color={STATUS_COLORS[getValue()]} label={t(STATUS_LABELS[getValue()])} />
            {getValue() === 'invited' && expiresAt && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {Date.parse(expiresAt) <= loadedAt ? (
                  t('staff.table.linkExpired')
                ) : (
                  <>
                    {t('staff.table.linkExpires')} <Moment at={expiresAt} />
                  </>
                )}
              </Typography>
            )}
          </>
        );
      },
    }),
    column.accessor('lastSignInAt', {
      header: t('staff.table.lastSignIn'),
      enableSorting: true,
      cell: ({ getValue }) => <Moment at={getValue()} empty={t('staff.table.never')} />,
    }),
    column.display({
      id: 'actions',
      header: t('staff.table.actions'),
      cell: ({ row }) => {
        const member = row.original;
        const name = fullName(member);
        return (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {rowRequests(member, member.id === ownId).map((request) => (
              <Button
                key={request}
                size="small"
                variant="outlined"
                color={isConfirmed(request) ? 'error' : 'primary'}
                disabled={busy === member.id}
                aria-label={t(REQUEST_LABELS[request].name, { name })}
                onClick={() => onRequest(request, member)}
              >
                {t(REQUEST_LABELS[request].text)}
              </Button>
            ))}
          </Stack>
        );
      },
    }),
  ];
  const total = query.data?.totalElements;
  return (
    <DataTable
      title={t('staff.table.title')}
      caption={total === undefined ? undefined : t('staff.table.count', { count: total })}
      columns={columns}
      query={query}
      paging={paging}
      emptyText={searching ? t('staff.table.noMatch') : t('staff.table.empty')}
      getRowId={(row) => row.id}
    />
  );
}
