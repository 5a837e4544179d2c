import { useId, useRef, useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { Moment } from '../../../components/ui/Moment';
import { PageLoading } from '../../../components/ui/PageLoading';
import { SimpleTable } from '../../../components/ui/SimpleTable';
import { focusRing, READING } from '../../../components/ui/styles';
import { useCan } from '../../../lib/staff-access';
import { useTranslation } from '../../../lib/use-translation';
import { useNoticeAudiences, useStudyNotices } from '../api/study-notices-api';
import { NoticeDisclosure } from './NoticeDisclosure';
import { StudyNoticeForm } from './StudyNoticeForm';

const PAGE_SIZE = 10;

/**
 * System Options → Study notices: posting a notice (for a role that may), then every notice posted, with its
 * audience, how many participants it reached, and when and by whom it was posted.
 */
export function StudyNoticesPanel() {
  const { t } = useTranslation();
  const can = useCan();
  const mayPost = can('notices.post');
  const audiences = useNoticeAudiences(mayPost);
  const [page, setPage] = useState(0);
  const notices = useStudyNotices(page, PAGE_SIZE);
  const postId = useId();
  const listId = useId();
  const postHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const data = notices.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalElements / PAGE_SIZE)) : 1;
  // The pressed pager button may turn disabled (first or last page): focus goes to the list's heading instead.
  const goTo = (next: number) => {
    setPage(next);
    listHeading.current?.focus();
  };

  return (
    <AdminPanel title={t('studyNotices.title')}>
      <Typography sx={{ ...READING, mb: 3, maxWidth: '70ch' }}>{t('studyNotices.intro')}</Typography>
      <Stack spacing={4}>
        {mayPost && (
          <section aria-labelledby={postId}>
            <Typography
              id={postId}
              ref={postHeading}
              tabIndex={-1}
              variant="h3"
              sx={{ fontSize: '1.25rem', mb: 1, outline: 'none' }}
            >
              {t('studyNotices.postHeading')}
            </Typography>
            {audiences.data ? (
              <StudyNoticeForm audiences={audiences.data} focusHeading={() => postHeading.current?.focus()} />
            ) : audiences.isError ? (
              <LoadFailedAlert message={t('studyNotices.loadFailed')} onRetry={() => void audiences.refetch()} />
            ) : (
              <PageLoading />
            )}
          </section>
        )}
        <section aria-labelledby={listId}>
          <Typography
            id={listId}
            ref={listHeading}
            tabIndex={-1}
            variant="h3"
            sx={{ fontSize: '1.25rem', mb: 1, outline: 'none' }}
          >
            {t('studyNotices.listHeading')}
          </Typography>
          {data ? (
            data.totalElements === 0 ? (
              <Typography>{t('studyNotices.none')}</Typography>
            ) : (
              <>
                <SimpleTable
                  labelledBy={listId}
                  headers={[
                    t('studyNotices.columns.postedAt'),
                    t('studyNotices.columns.title'),
                    t('studyNotices.columns.audience'),
                    t('studyNotices.columns.recipients'),
                    t('studyNotices.columns.postedBy'),
                  ]}
                  rows={data.content.map((notice) => ({
                    key: notice.id,
                    cells: [
                      <Moment key="at" at={notice.postedAt} withTime />,
                      <NoticeDisclosure key="texts" notice={notice} />,
                      notice.healthSystemName ?? t('studyNotices.everyoneShort'),
                      notice.recipients,
                      notice.postedBy,
                    ],
                  }))}
                />
                {pages > 1 && (
                  <Stack
                    component="nav"
                    aria-label={t('studyNotices.pages')}
                    direction="row"
                    spacing={2}
                    sx={{ mt: 2, alignItems: 'center' }}
                  >
                    <Button disabled={page === 0} onClick={() => goTo(page - 1)} sx={{ minHeight: 44, ...focusRing }}>
                      {t('studyNotices.newer')}
                    </Button>
                    <Typography>{t('studyNotices.pageOf', { page: page + 1, pages })}</Typography>
                    <Button
                      disabled={page + 1 >= pages}
                      onClick={() => goTo(page + 1)}
                      sx={{ minHeight: 44, ...focusRing }}
                    >
                      {t('studyNotices.older')}
                    </Button>
                  </Stack>
                )}
              </>
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
