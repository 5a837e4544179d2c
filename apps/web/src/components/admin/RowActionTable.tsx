import { Alert } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { serverMessage } from '../../lib/api-client';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable, type DataTableProps } from './DataTable';

/** A call made for one row, answering the server's success message (if it gave one). */
type RowMutation<Argument> = UseMutationResult<string | undefined, Error, Argument>;

/**
 * A row action asked for through a confirmation dialog: `ask(row)` opens the dialog for that row; confirming makes
 * the call; once it succeeds the dialog closes and the server's message (or `doneText`) shows above the table.
 */
export function useRowAction<Row, Argument>(
  mutation: RowMutation<Argument>,
  argumentOf: (row: Row) => Argument,
  doneText: string,
) {
  // The row stays after the dialog closes, so the dialog's text does not empty while it fades out.
  const [row, setRow] = useState<Row>();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string>();
  const { reset } = mutation;
  // Stable, so tables can build their columns once.
  const ask = useCallback(
    (target: Row) => {
      reset();
      setDone(undefined);
      setRow(target);
      setConfirming(true);
    },
    [reset],
  );
  const confirm = () => {
    if (row === undefined) return;
    mutation.mutate(argumentOf(row), {
      onSuccess: (message) => {
        setConfirming(false);
        setDone(message ?? doneText);
      },
    });
  };
  return { row, ask, confirming, done, confirm, cancel: () => setConfirming(false), mutation };
}

export type RowAction<Row, Argument> = ReturnType<typeof useRowAction<Row, Argument>>;

/** What the confirmation dialog says about the row it asks for. */
export interface RowActionDialog<Row> {
  title: string;
  text(row: Row | undefined): string;
  confirmLabel: string;
}

/** A paged table whose rows carry an action confirmed in a dialog, with the outcome announced above the table. */
export function RowActionTable<Row, Argument>({
  action,
  dialog,
  ...table
}: DataTableProps<Row> & { action: RowAction<Row, Argument>; dialog: RowActionDialog<Row> }) {
  const { mutation } = action;
  return (
    <>
      {action.done && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {action.done}
        </Alert>
      )}
      <DataTable {...table} />
      <ConfirmDialog
        open={action.confirming}
        title={dialog.title}
        text={dialog.text(action.row)}
        confirmLabel={dialog.confirmLabel}
        busy={mutation.isPending}
        error={mutation.isError ? (serverMessage(mutation.error) ?? 'error.generic') : undefined}
        onConfirm={action.confirm}
        onCancel={action.cancel}
      />
    </>
  );
}
