import { Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type TAuditAction } from '@portal/shared/audit-log/audit-log';
import { NativeSelect } from '../../../components/ui/NativeSelect';

/** Who and what a search asks for; empty boxes ask for anyone and any action. */
export interface AuditFilter {
  participant?: string;
  actor?: string;
  action?: TAuditAction;
}

const EMPTY = { participant: '', actor: '', action: '' };
/** The two boxes that name a person, each with its label. */
const WHO_FIELDS = [
  ['participant', 'auditLog.search.participant'],
  ['actor', 'auditLog.search.actor'],
] as const;

/** Participant and actor (an e-mail address or a user ID each), an action from the list, Search and Clear. */
export function AuditSearchForm({ onSearch }: { onSearch(filter: AuditFilter): void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setInput((current) => ({ ...current, [field]: event.target.value }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      participant: input.participant.trim() || undefined,
      actor: input.actor.trim() || undefined,
      action: (input.action || undefined) as TAuditAction | undefined,
    });
  };
  const clear = () => {
    setInput(EMPTY);
    onSearch({});
  };
  const actions = AUDIT_ACTIONS.map((action) => ({ value: action, label: t(AUDIT_ACTION_LABELS[action]) })).sort(
    (a, b) => a.label.localeCompare(b.label),
  );
  return (
    <Box component="form" role="search" aria-label={t('auditLog.search.label')} noValidate onSubmit={search}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        {WHO_FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            name={field}
            label={t(label)}
            value={input[field]}
            onChange={set(field)}
            autoComplete="off"
            sx={{ flex: 1 }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 254, spellCheck: false } }}
          />
        ))}
        <NativeSelect
          name="action"
          label={t('auditLog.search.action')}
          value={input.action}
          placeholder={t('auditLog.search.anyAction')}
          options={actions}
          onChange={(action) => setInput((current) => ({ ...current, action }))}
          sx={{ flex: 1 }}
        />
        <Stack direction="row" spacing={1} sx={{ pt: { md: 1 } }}>
          <Button type="submit" variant="contained">
            {t('auditLog.search.submit')}
          </Button>
          <Button type="button" variant="outlined" onClick={clear}>
            {t('auditLog.search.clear')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
