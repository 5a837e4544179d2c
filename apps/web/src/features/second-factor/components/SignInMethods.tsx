import { Box, Button, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { SECOND_FACTOR_MESSAGES, type FactorKind, type TFactor } from '@portal/shared/staff/second-factor';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { ChangeOutcome } from '../../../components/admin/ChangeOutcome';
import { ConfirmDialog } from '../../../components/admin/ConfirmDialog';
import { useWebAuthnSupport } from '../../../components/second-factor/webauthn';
import { Moment } from '../../../components/ui/Moment';
import { SimpleTable } from '../../../components/ui/SimpleTable';
import { serverMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { useRemoveFactor } from '../api/security-api';
import { AddMethodDialog } from './AddMethodDialog';
import { useChangeOutcome } from './use-change-outcome';

const KIND_LABELS: Record<FactorKind, string> = {
  app: 'secondFactor.kinds.app',
  passkey: 'secondFactor.kinds.passkey',
};

/**
 * Sign-in methods: each authenticator app and passkey, when it was added and last used, and Remove (asked first);
 * the only one left cannot be removed, and says why. Then Add an authenticator app and Add a passkey.
 */
export function SignInMethods({ factors }: { factors: TFactor[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const onlyOneId = useId();
  const passkeys = useWebAuthnSupport();
  const remove = useRemoveFactor();
  const { outcome, clear, succeeded } = useChangeOutcome();
  const [adding, setAdding] = useState<FactorKind>();
  // The method stays after the dialog closes, so its text does not empty while it fades out.
  const [removing, setRemoving] = useState<TFactor>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const onlyOne = factors.length === 1;
  const nameOf = (factor: TFactor) => factor.name || t(KIND_LABELS[factor.kind]);

  const askRemove = (factor: TFactor) => {
    clear();
    remove.reset();
    setRemoving(factor);
    setConfirmOpen(true);
  };
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: (message) => {
        setConfirmOpen(false);
        succeeded(message, SECOND_FACTOR_MESSAGES.factorRemoved);
      },
    });

  return (
    <AdminPanel title={t('security.methods.title')} titleId={titleId}>
      <Typography sx={{ mb: 2 }}>{t('security.methods.intro')}</Typography>
      <ChangeOutcome {...outcome} />
      <SimpleTable
        labelledBy={titleId}
        headers={[
          t('security.methods.name'),
          t('security.methods.kind'),
          t('security.methods.added'),
          t('security.methods.lastUsed'),
          t('security.methods.actions'),
        ]}
        rows={factors.map((factor) => ({
          key: factor.id,
          cells: [
            nameOf(factor),
            t(KIND_LABELS[factor.kind]),
            <Moment key="added" at={factor.createdAt} />,
            <Moment key="used" at={factor.lastUsedAt} empty={t('security.methods.never')} />,
            <Button
              key="remove"
              size="small"
              variant="outlined"
              color="error"
              disabled={onlyOne}
              aria-label={t('security.methods.removeOne', { name: nameOf(factor) })}
              aria-describedby={onlyOne ? onlyOneId : undefined}
              onClick={() => askRemove(factor)}
            >
              {t('security.methods.remove')}
            </Button>,
          ],
        }))}
      />
      {onlyOne && (
        <Typography id={onlyOneId} color="text.secondary" sx={{ mt: 1 }}>
          {t(SECOND_FACTOR_MESSAGES.lastFactor)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
        <Button
          variant="outlined"
          onClick={() => {
            clear();
            setAdding('app');
          }}
        >
          {t('security.methods.addApp')}
        </Button>
        {passkeys && (
          <Button
            variant="outlined"
            onClick={() => {
              clear();
              setAdding('passkey');
            }}
          >
            {t('security.methods.addPasskey')}
          </Button>
        )}
      </Box>
      {adding && (
        <AddMethodDialog
          kind={adding}
          onClose={() => setAdding(undefined)}
          onAdded={(message) => {
            setAdding(undefined);
            succeeded(message, SECOND_FACTOR_MESSAGES.factorAdded);
          }}
        />
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={removing ? t('security.methods.confirmRemove.title', { name: nameOf(removing) }) : ''}
        text={t('security.methods.confirmRemove.text')}
        confirmLabel={t('security.methods.remove')}
        busy={remove.isPending}
        error={remove.isError ? (serverMessage(remove.error) ?? 'error.generic') : undefined}
        onConfirm={confirmRemove}
        onCancel={() => setConfirmOpen(false)}
      />
    </AdminPanel>
  );
}
