import { Alert, Box, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { useCan } from '../../../lib/staff-access';
import { OneTimeAnalytics } from './OneTimeAnalytics';
import { OneTimeSurveyDetail } from './OneTimeSurveyDetail';
import { OneTimeSurveyEditor } from './OneTimeSurveyEditor';
import { OneTimeSurveyList } from './OneTimeSurveyList';

type TabValue = 'list' | 'analytics';
const TABS = [
  { value: 'list', label: 'oneTimeSurveys.tabs.list' },
  { value: 'analytics', label: 'oneTimeSurveys.tabs.analytics' },
] as const;

/** What the Survey List tab shows: the list, one survey, or the editor of a new or not yet sent survey. */
type ListView = { kind: 'list' } | { kind: 'detail'; id: string } | { kind: 'create' } | { kind: 'edit'; id: string };

/**
 * One Time Surveys: the Survey List (with each survey's detail and the editor) and the Analytics tab. Creating and
 * editing a survey are for a role that may change settings; any other sees the surveys alone.
 */
export function OneTimeSurveysPanel() {
  const { t } = useTranslation();
  const canEdit = useCan()('settings.edit');
  const [tab, setTab] = useState<TabValue>('list');
  const [view, setView] = useState<ListView>({ kind: 'list' });
  const [saved, setSaved] = useState(false);
  const show = (next: ListView, justSaved = false) => {
    setSaved(justSaved);
    setView(next);
  };
  const toList = () => show({ kind: 'list' });
  const panelProps = (value: TabValue) => ({
    role: 'tabpanel',
    id: `one-time-panel-${value}`,
    'aria-labelledby': `one-time-tab-${value}`,
    hidden: tab !== value,
    sx: { pt: 2 },
  });
  return (
    <AdminPanel title={t('systemOptions.tabs.oneTimeSurveys')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabValue) => setTab(value)}
          aria-label={t('oneTimeSurveys.tabs.label')}
        >
          {TABS.map(({ value, label }) => (
            <Tab
              key={value}
              value={value}
              label={t(label)}
              id={`one-time-tab-${value}`}
              aria-controls={`one-time-panel-${value}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box {...panelProps('list')}>
        {saved && tab === 'list' && (
          <Alert severity="success" role="status" onClose={() => setSaved(false)} sx={{ mb: 2 }}>
            {t('oneTimeSurveys.editor.saved')}
          </Alert>
        )}
        {tab === 'list' &&
          (view.kind === 'detail' ? (
            <OneTimeSurveyDetail
              id={view.id}
              onBack={toList}
              onEdit={canEdit ? () => show({ kind: 'edit', id: view.id }) : undefined}
            />
          ) : view.kind === 'create' ? (
            <OneTimeSurveyEditor onDone={(done) => show({ kind: 'list' }, done)} />
          ) : view.kind === 'edit' ? (
            <OneTimeSurveyEditor id={view.id} onDone={(done) => show({ kind: 'detail', id: view.id }, done)} />
          ) : (
            <OneTimeSurveyList
              onView={(id) => show({ kind: 'detail', id })}
              onCreate={canEdit ? () => show({ kind: 'create' }) : undefined}
            />
          ))}
      </Box>
      <Box {...panelProps('analytics')}>{tab === 'analytics' && <OneTimeAnalytics />}</Box>
    </AdminPanel>
  );
}
