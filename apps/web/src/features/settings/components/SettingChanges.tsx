import { Box } from '@mui/material';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  SETTING_CHANGE_PAGE_SIZES,
  type TSettingChange,
  type TSettingKey,
} from '@portal/shared/settings/setting-changes';
import { DataTable } from '../../../components/admin/DataTable';
import { Moment } from '../../../components/ui/Moment';
import { browserTimeZone } from '../../../lib/local-date-time';
import { usePagedQueryState } from '../../../lib/paging';
import { useSettingChanges } from '../api/setting-changes-api';
import { describeChange, type ChangeWords } from './change-values';

const column = createColumnHelper<TSettingChange>();

function Lines({ lines }: { lines: string[] }) {
  return lines.map((line, index) => (
    <Box key={index} sx={{ overflowWrap: 'anywhere' }}>
      {line}
    </Box>
  ));
}

/**
 * A setting's change history under its editor, newest first, five to a page: when, who, and what the
 * value was before and after.
 */
export function SettingChanges({
  setting,
  fieldLabels,
  headingLevel,
  title,
}: {
  setting: TSettingKey;
  /** Each field's label key, in the order the editor shows the fields; a field not listed reads as its name. */
  fieldLabels?: Readonly<Record<string, string>>;
  /** h4 under an editor with its own h3 title; h3 unless told. */
  headingLevel?: 'h3' | 'h4';
  /** 'Change history' unless told; a panel with two histories names each after its editor. */
  title?: string;
}) {
  const { t } = useTranslation();
  const paging = usePagedQueryState<'changedAt'>({
    sizes: SETTING_CHANGE_PAGE_SIZES,
    defaultSize: SETTING_CHANGE_PAGE_SIZES[0],
    defaultSort: { field: 'changedAt', direction: 'desc' },
  });
  const query = useSettingChanges(setting, paging);
  const columns = useMemo(() => {
    const timeZone = browserTimeZone();
    const words: ChangeWords = {
      none: t('settingChanges.none'),
      yes: t('settingChanges.yes'),
      no: t('settingChanges.no'),
      days: (days) => t('settingChanges.days', { days }),
      field: (path) => (fieldLabels?.[path] ? t(fieldLabels[path]) : path),
      order: Object.keys(fieldLabels ?? {}),
      timeZone,
    };
    const told = (change: TSettingChange) => describeChange(change.before, change.after, words);
    return [
      column.accessor('changedAt', {
        header: t('settingChanges.changedOn'),
        enableSorting: true,
        cell: ({ getValue }) => <Moment at={getValue()} withTime />,
      }),
      column.accessor('changedBy', { header: t('settingChanges.changedBy') }),
      column.display({
        id: 'before',
        header: t('settingChanges.before'),
        cell: ({ row }) => <Lines lines={told(row.original).before} />,
      }),
      column.display({
        id: 'after',
        header: t('settingChanges.after'),
        cell: ({ row }) => <Lines lines={told(row.original).after} />,
      }),
    ];
  }, [t, fieldLabels]);
  return (
    <DataTable
      title={title ?? t('settingChanges.title')}
      headingLevel={headingLevel}
      columns={columns}
      query={query}
      paging={paging}
      emptyText={t('settingChanges.empty')}
      getRowId={(change) => change.id}
    />
  );
}
