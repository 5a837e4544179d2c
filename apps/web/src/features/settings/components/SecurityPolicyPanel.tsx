import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Typography } from '@mui/material';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import {
  SECURITY_POLICY_LIMITS,
  ZSecurityPolicyRules,
  type TSecurityPolicy,
  type TSecurityPolicyValues,
} from '@portal/shared/settings/security-policy';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { EditorCard } from '../../../components/admin/EditorCard';
import { NumberSettingField } from '../../../components/admin/NumberSettingField';
import { SettingValues } from '../../../components/admin/SettingValues';
import { SwitchSettingField } from '../../../components/admin/SwitchSettingField';
import { useEditor } from '../../../components/admin/use-editor';
import { useCan } from '../../../lib/staff-access';
import { useSaveSecurityPolicy, useSecurityPolicy } from '../api/security-policy-api';
import { POLICY_DEPENDENTS, POLICY_FIELDS, POLICY_LABELS, POLICY_SECTIONS } from './security-policy-fields';
import { SettingChanges } from './SettingChanges';

/** The policy's values alone, as the form holds them (no messages, no version). */
const toForm = ({ errorMessages: _messages, version: _version, ...values }: TSecurityPolicy): TSecurityPolicyValues =>
  values;

/** Security Policy: login codes, password rules, lockout and session time-out. */
export function SecurityPolicyPanel() {
  const { t } = useTranslation();
  const can = useCan();
  const query = useSecurityPolicy();
  const savePolicy = useSaveSecurityPolicy();
  const form = useForm<TSecurityPolicyValues>({ resolver: zodResolver(ZSecurityPolicyRules), mode: 'onChange' });
  const editor = useEditor({
    form,
    query,
    toForm,
    save: (values, stored) => savePolicy.mutateAsync({ ...values, version: stored.version }),
    fields: POLICY_FIELDS,
  });

  return (
    <AdminPanel title={t('systemOptions.tabs.securityPolicy')}>
      <Alert severity="info" role="note" sx={{ mb: 3 }}>
        {t('securityPolicyEditor.note')}
      </Alert>
      <EditorCard {...editor} canEdit={can('settings.edit')} view={(stored) => <PolicyValues stored={stored} />}>
        <PolicyFields form={form} />
      </EditorCard>
      <SettingChanges setting="security-policy" fieldLabels={POLICY_LABELS} />
    </AdminPanel>
  );
}

function PolicyValues({ stored }: { stored: TSecurityPolicy }) {
  const { t } = useTranslation();
  return POLICY_SECTIONS.map((section) => (
    <Box key={section.title} sx={{ mb: 3 }}>
      <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t(section.title)}
      </Typography>
      <SettingValues
        values={[
          ...section.switches.map((name) => ({
            label: t(POLICY_LABELS[name]),
            value: t(stored[name] ? 'securityPolicyEditor.on' : 'securityPolicyEditor.off'),
          })),
          ...section.numbers.map((name) => ({ label: t(POLICY_LABELS[name]), value: stored[name] })),
        ]}
      />
    </Box>
  ));
}

function PolicyFields({ form }: { form: UseFormReturn<TSecurityPolicyValues> }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return POLICY_SECTIONS.map((section) => (
    <Box key={section.title} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3, minWidth: 0 }}>
      <Typography component="legend" variant="h3" sx={{ fontSize: '1.25rem', mb: 1, p: 0 }}>
        {t(section.title)}
      </Typography>
      {section.switches.map((name) => (
        <SwitchSettingField key={name} control={form.control} name={name} label={t(POLICY_LABELS[name])} />
      ))}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
        {section.numbers.map((name) => (
          <Box key={name}>
            <NumberSettingField
              registration={form.register(name, { valueAsNumber: true, deps: POLICY_DEPENDENTS[name] })}
              label={t(POLICY_LABELS[name])}
              min={SECURITY_POLICY_LIMITS[name].min}
              max={SECURITY_POLICY_LIMITS[name].max}
              errorMessage={errors[name]?.message}
            />
          </Box>
        ))}
      </Box>
    </Box>
  ));
}
