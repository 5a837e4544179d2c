import { useId } from 'react';
import { Stack, Typography } from '@mui/material';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { Moment } from '../../../components/ui/Moment';
import { PageLoading } from '../../../components/ui/PageLoading';
import { SimpleTable } from '../../../components/ui/SimpleTable';
import { READING } from '../../../components/ui/styles';
import { useCan } from '../../../lib/staff-access';
import { useTranslation } from '../../../lib/use-translation';
import { useNoticeAudiences, useStudyNotices } from '../api/study-notices-api';
import { StudyNoticeForm } from './StudyNoticeForm';

/**
 * System Options → Study notices: posting a notice (for a role that may), then every notice posted, with its
 * audience, how many participants it reached, and when and by whom it was posted.
 */
export function StudyNoticesPanel() {
  const { t } = useTranslation();
  const can = useCan();
  const mayPost = can('notices.post');
  const audiences = useNoticeAudiences(mayPost);
  const notices = useStudyNotices();
  const postId = useId();
  const listId = useId();

  return (
    <AdminPanel title={t('studyNotices.title')}>
      <Typography sx={{ ...READING, mb: 3, maxWidth: '70ch' }}>{t('studyNotices.intro')}</Typography>
      <Stack spacing={4}>
        {mayPost && (
          <section aria-labelledby={postId}>
            <Typography id={postId} variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t('studyNotices.postHeading')}
            </Typography>
            {audiences.data ? (
              <StudyNoticeForm audiences={audiences.data} />
            ) : audiences.isError ? (
              <LoadFailedAlert message={t('studyNotices.loadFailed')} onRetry={() => void audiences.refetch()} />
            ) : (
              <PageLoading />
            )}
          </section>
        )}
        <section aria-labelledby={listId}>
          <Typography id={listId} variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('studyNotices.listHeading')}
          </Typography>
          {notices.data ? (
            notices.data.length === 0 ? (
              <Typography>{t('studyNotices.none')}</Typography>
            ) : (
              <SimpleTable
                labelledBy={listId}
                headers={[
                  t('studyNotices.columns.postedAt'),
                  t('studyNotices.columns.title'),
                  t('studyNotices.columns.audience'),
                  t('studyNotices.columns.recipients'),
                  t('studyNotices.columns.postedBy'),
                ]}
                rows={notices.data.map((notice) => ({
                  key: notice.id,
                  cells: [
                    <Moment key="at" at={notice.postedAt} withTime />,
                    <>
                      <span lang="en">{notice.title.en}</span>
                      <br />
                      <span lang="es">{notice.title.sp}</span>
                    </>,
                    notice.healthSystemName ?? t('studyNotices.everyoneShort'),
                    notice.recipients,
                    notice.postedBy,
                  ],
                }))}
              />
            )
          ) : notices.isError ? (
            <LoadFailedAlert message={t('studyNotices.loadFailed')} onRetry={() => void notices.refetch()} />
          ) : (
            <PageLoading />
          )}
        </section>
      </Stack>
    </AdminPanel>
  );
}
