import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { SECOND_FACTOR_MESSAGES } from '@portal/shared/staff/second-factor';
import { STAFF_MESSAGES, STAFF_PAGE_SIZES, type TStaffMember } from '@portal/shared/staff/staff';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { ChangeOutcome } from '../../../components/admin/ChangeOutcome';
import { ConfirmDialog } from '../../../components/admin/ConfirmDialog';
import { MEASURE } from '../../../components/ui/styles';
import { serverMessage } from '../../../lib/api-client';
import { usePagedQueryState } from '../../../lib/paging';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { useMemberAction, useStaffPage, type StaffSortField } from '../api/staff-api';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { InviteStaffDialog } from './InviteStaffDialog';
import { RolePermissionsTable } from './RolePermissionsTable';
import { StaffSearch } from './StaffSearch';
import { fullName, isConfirmed, StaffTable, type ConfirmedRequest, type RowRequest } from './StaffTable';

/** The calls made at once, and those asked for in a dialog first (each undoes something). */
type DirectAction = 'resend' | 'reactivate';
type ConfirmedAction = ConfirmedRequest;

const DONE: Record<DirectAction | ConfirmedAction, string> = {
  resend: STAFF_MESSAGES.invitationResent,
  reactivate: STAFF_MESSAGES.reactivated,
  cancel: STAFF_MESSAGES.invitationCancelled,
  deactivate: STAFF_MESSAGES.deactivated,
  resetFactors: SECOND_FACTOR_MESSAGES.factorsReset,
};

/** The texts of the dialog that asks before each action that undoes something. */
const CONFIRM_TEXTS: Record<ConfirmedAction, { title: string; text: string; confirm: string; back: string }> = {
  cancel: {
    title: 'staff.confirmCancel.title',
    text: 'staff.confirmCancel.text',
    confirm: 'staff.confirmCancel.confirm',
    back: 'staff.confirmCancel.back',
  },
  deactivate: {
    title: 'staff.confirmDeactivate.title',
    text: 'staff.confirmDeactivate.text',
    confirm: 'staff.confirmDeactivate.confirm',
    back: 'staff.cancel',
  },
  resetFactors: {
    title: 'staff.confirmResetFactors.title',
    text: 'staff.confirmResetFactors.text',
    confirm: 'staff.confirmResetFactors.confirm',
    back: 'staff.cancel',
  },
};

/**
 * Staff: study staff accounts. Invite a member with a role (and the health systems a coordinator covers), find
 * members by name or e-mail, resend or cancel an invitation, change a role, reset a member's second factors,
 * deactivate or reactivate an account; then what each role may do. What each change did is announced above the list.
 */
export function StaffPanel() {
  const { t } = useTranslation();
  const ownId = useSession().session?.claims.sub;
  const paging = usePagedQueryState<StaffSortField>({
    sizes: STAFF_PAGE_SIZES,
    defaultSize: STAFF_PAGE_SIZES[0],
    defaultSort: { field: 'name', direction: 'asc' },
  });
  const [search, setSearch] = useState('');
  const query = useStaffPage(search, paging);
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<TStaffMember>();
  const [confirming, setConfirming] = useState<{ action: ConfirmedAction; member: TStaffMember }>();
  // The member stays after the dialog closes, so its text does not empty while it fades out.
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const calls = {
    resend: useMemberAction('resend'),
    reactivate: useMemberAction('reactivate'),
    cancel: useMemberAction('cancel'),
    deactivate: useMemberAction('deactivate'),
    resetFactors: useMemberAction('resetFactors'),
  };
  const running = Object.values(calls).find((call) => call.isPending)?.variables?.id;

  const announce = (message: string) => {
    setFailure(undefined);
    setDone(message);
  };
  const request = (next: RowRequest, member: TStaffMember) => {
    setDone(undefined);
    setFailure(undefined);
    if (next === 'changeRole') return setChanging(member);
    if (isConfirmed(next)) {
      calls[next].reset();
      setConfirming({ action: next, member });
      return setConfirmOpen(true);
    }
    calls[next].mutate(member, {
      onSuccess: (message) => announce(message ?? t(DONE[next])),
      onError: (error) => setFailure(serverMessage(error) ?? t('error.generic')),
    });
  };
  const confirm = () => {
    if (!confirming) return;
    const { action, member } = confirming;
    calls[action].mutate(member, {
      onSuccess: (message) => {
        setConfirmOpen(false);
        announce(message ?? t(DONE[action]));
      },
    });
  };
  const confirmCall = confirming && calls[confirming.action];
  const confirmTexts = confirming && CONFIRM_TEXTS[confirming.action];
  const about = confirming && { name: fullName(confirming.member), email: confirming.member.email };

  return (
    <AdminPanel title={t('systemOptions.tabs.staff')}>
      <Typography sx={{ maxWidth: MEASURE, mb: 2 }}>{t('staff.intro')}</Typography>
      <Box sx={{ mb: 3 }}>
        <Button variant="contained" onClick={() => setInviting(true)}>
          {t('staff.invite.open')}
        </Button>
      </Box>
      <ChangeOutcome done={done} failure={failure} />
      <StaffSearch
        onSearch={(next) => {
          paging.reset();
          setSearch(next);
        }}
      />
      <StaffTable
        query={query}
        paging={paging}
        searching={search !== ''}
        ownId={ownId}
        busy={running}
        onRequest={request}
      />
      <RolePermissionsTable />
      {inviting && (
        <InviteStaffDialog
          onClose={() => setInviting(false)}
          onInvited={(message) => {
            setInviting(false);
            announce(message);
          }}
        />
      )}
      {changing && (
        <ChangeRoleDialog
          member={changing}
          onClose={() => setChanging(undefined)}
          onChanged={(message) => {
            setChanging(undefined);
            announce(message);
          }}
        />
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={confirmTexts ? t(confirmTexts.title, about) : ''}
        text={confirmTexts ? t(confirmTexts.text, about) : ''}
        confirmLabel={confirmTexts ? t(confirmTexts.confirm) : ''}
        cancelLabel={confirmTexts ? t(confirmTexts.back) : undefined}
        busy={confirmCall?.isPending}
        error={confirmCall?.isError ? (serverMessage(confirmCall.error) ?? 'error.generic') : undefined}
        onConfirm={confirm}
        onCancel={() => setConfirmOpen(false)}
      />
    </AdminPanel>
  );
}
