import { useRef, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailedAlert } from '../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../components/ui/PageLoading';
import { focusRing, READING } from '../../components/ui/styles';
import { useTranslation } from '../../lib/use-translation';
import { useMarkRead, useMessages } from './api/inbox-api';
import { MessageItem } from './components/MessageItem';

const PAGE_SIZE = 10;

/** Messages: every reminder, invitation and study notice the participant was sent, the newest first. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const messages = useMessages(page, PAGE_SIZE);
  const markRead = useMarkRead();
  const data = messages.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalElements / PAGE_SIZE)) : 1;
  const summary = useRef<HTMLParagraphElement>(null);
  // The pressed pager button may turn disabled (first or last page): focus goes to the top of the list instead.
  const goTo = (next: number) => {
    setPage(next);
    summary.current?.focus();
  };

  return (
    <PageHeading title={t('inbox.title')}>
      <Typography sx={{ ...READING, mb: 3, maxWidth: '70ch' }}>{t('inbox.intro')}</Typography>
      {data ? (
        data.totalElements === 0 ? (
          <Typography sx={READING}>{t('inbox.empty')}</Typography>
        ) : (
          <>
            <Typography ref={summary} tabIndex={-1} sx={{ mb: 1, outline: 'none' }}>
              {t('inbox.unreadSummary', { count: data.unread })}
            </Typography>
            <Box component="ul" sx={{ p: 0, m: 0, borderTop: 1, borderColor: 'divider' }}>
              {data.content.map((message) => (
                <MessageItem key={message.id} message={message} onOpen={(id) => markRead.mutate(id)} />
              ))}
            </Box>
            {pages > 1 && (
              <Stack
                component="nav"
                aria-label={t('inbox.pages')}
                direction="row"
                spacing={2}
                sx={{ mt: 3, alignItems: 'center' }}
              >
                <Button disabled={page === 0} onClick={() => goTo(page - 1)} sx={{ minHeight: 44, ...focusRing }}>
                  {t('inbox.newer')}
                </Button>
                <Typography>{t('inbox.pageOf', { page: page + 1, pages })}</Typography>
                <Button
                  disabled={page + 1 >= pages}
                  onClick={() => goTo(page + 1)}
                  sx={{ minHeight: 44, ...focusRing }}
                >
                  {t('inbox.older')}
                </Button>
              </Stack>
            )}
          </>
        )
      ) : messages.isError ? (
        <LoadFailedAlert message={t('inbox.loadFailed')} onRetry={() => void messages.refetch()} />
      ) : (
        <PageLoading />
      )}
    </PageHeading>
  );
}
