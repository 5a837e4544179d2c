import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import type { FactorKind } from '@portal/shared/staff/second-factor';
import { AppSetupStep } from '../../../components/second-factor/AppSetupStep';
import { PasskeySetupStep } from '../../../components/second-factor/PasskeySetupStep';
import { useTranslation } from '../../../lib/use-translation';
import { startMyApp, useAddMyPasskey, useConfirmMyApp } from '../api/security-api';

const TITLES: Record<FactorKind, string> = {
  app: 'security.methods.addApp',
  passkey: 'security.methods.addPasskey',
};

/**
 * Add an authenticator app or a passkey to one's account: the enrolment's own steps, with a name, made with the
 * signed-in calls (which may first ask "Confirm it's you").
 */
export function AddMethodDialog({
  kind,
  onClose,
  onAdded,
}: {
  kind: FactorKind;
  onClose(): void;
  /** The server's message. */
  onAdded(message: string | undefined): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const confirmApp = useConfirmMyApp();
  const addPasskey = useAddMyPasskey();
  const busy = confirmApp.isPending || addPasskey.isPending;
  const cancel = (
    <Button size="large" onClick={onClose} disabled={busy}>
      {t('security.cancel')}
    </Button>
  );
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t(TITLES[kind])}</DialogTitle>
      <DialogContent>
        {kind === 'app' ? (
          <AppSetupStep
            start={startMyApp}
            confirm={async (confirmation) => onAdded(await confirmApp.mutateAsync(confirmation))}
            askName
            back={cancel}
          />
        ) : (
          <PasskeySetupStep create={async (name) => onAdded(await addPasskey.mutateAsync(name))} back={cancel} />
        )}
      </DialogContent>
    </Dialog>
  );
}
