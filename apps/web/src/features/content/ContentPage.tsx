import { useEffect } from 'react';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink, useLocation } from 'react-router';
import { toLanguage } from '@portal/shared/i18n/language';
import {
  STUDY_PAGES,
  loadStudyPages,
  studyPageAt,
  type StudyArticle,
  type StudyPage,
  type StudyPageKey,
} from '@portal/shared/content/study-pages';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailedAlert } from '../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../components/ui/PageLoading';
import { focusRing, MEASURE, READING } from '../../components/ui/styles';

const TITLE_KEYS: Record<StudyPageKey, string> = {
  education: 'pages.education',
  research: 'pages.research',
  supportPrograms: 'pages.supportPrograms',
};

/** /education, /research and /support-programs share one screen: a page's articles with links to the other two. */
export default function ContentPage() {
  const { t, i18n } = useTranslation();
  const { pathname, hash, key: locationKey } = useLocation();
  const pageKey = studyPageAt(pathname) ?? 'education';
  const language = toLanguage(i18n.language);
  const pages = useQuery({
    queryKey: ['study-pages', language],
    queryFn: () => loadStudyPages(language),
    staleTime: Infinity,
  });
  const page = pages.data?.[pageKey];

  useFocusArticleInHash(page, hash, locationKey);

  return (
    <PageHeading title={page?.title ?? t(TITLE_KEYS[pageKey])}>
      <StudyPagesNav current={pageKey} />
      {page ? (
        <StudyPageBody page={page} />
      ) : pages.isError ? (
        <LoadFailedAlert message={t('content.loadFailed')} onRetry={() => void pages.refetch()} />
      ) : (
        <PageLoading />
      )}
    </PageHeading>
  );
}

/**
 * A link to one article (the help assistant's, or "On this page") brings its heading into view and moves focus
 * there, once the article is on screen and again whenever the hash is followed.
 */
function useFocusArticleInHash(page: StudyPage | undefined, hash: string, locationKey: string) {
  useEffect(() => {
    const id = articleIdIn(hash);
    if (!page || !id || !page.articles.some((article) => article.id === id)) return;
    const heading = document.getElementById(id);
    if (!heading) return;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [page, hash, locationKey]);
}

function articleIdIn(hash: string): string | undefined {
  try {
    return decodeURIComponent(hash.replace(/^#/, '')) || undefined;
  } catch {
    return undefined;
  }
}

function StudyPagesNav({ current }: { current: StudyPageKey }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('content.studyInformation')} sx={{ mb: 4 }}>
      {/* Wraps on a phone, so every link stays on screen and reachable without a hidden scroller. */}
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', m: 0, p: 0 }}>
        {STUDY_PAGES.map((studyPage) => {
          const isCurrent = studyPage.key === current;
          return (
            <li key={studyPage.key}>
              <Button
                component={RouterLink}
                to={studyPage.path}
                aria-current={isCurrent ? 'page' : undefined}
                variant={isCurrent ? 'contained' : 'outlined'}
                sx={{ minHeight: 44, px: 2.5, fontSize: '1.05rem', ...focusRing }}
              >
                {t(TITLE_KEYS[studyPage.key])}
              </Button>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

function StudyPageBody({ page }: { page: StudyPage }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: MEASURE }}>
      <Typography sx={{ ...READING, fontSize: '1.2rem' }}>{page.intro}</Typography>
      <Alert severity="info" role="note" sx={{ mt: 3, ...READING, fontSize: '1.05rem' }}>
        {t('content.medicalNote')}
      </Alert>

      <Box
        component="nav"
        aria-labelledby="content-on-this-page"
        sx={{
          my: 4,
          p: { xs: 2, sm: 3 },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
      >
        <Typography id="content-on-this-page" sx={{ fontWeight: 700, fontSize: '1.2rem', mb: 1 }}>
          {t('content.onThisPage')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, '& li': { py: 0.25 } }}>
          {page.articles.map((article) => (
            <li key={article.id}>
              <Link
                component={RouterLink}
                to={`#${article.id}`}
                sx={{ ...READING, display: 'inline-block', py: 0.5, ...focusRing }}
              >
                {article.title}
              </Link>
            </li>
          ))}
        </Box>
      </Box>

      {page.articles.map((article) => (
        <StudyArticleSection key={article.id} article={article} />
      ))}
    </Box>
  );
}

function StudyArticleSection({ article }: { article: StudyArticle }) {
  return (
    <Box component="section" aria-labelledby={article.id} sx={{ mt: 6 }}>
      <Typography
        variant="h2"
        id={article.id}
        tabIndex={-1}
        sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 2, ...focusRing }}
      >
        {article.title}
      </Typography>
      <Typography sx={{ ...READING, fontSize: '1.25rem', fontWeight: 500, mb: 2 }}>{article.summary}</Typography>
      {article.paragraphs.map((paragraph, index) => (
        <Typography key={index} sx={{ ...READING, mb: 2 }}>
          {paragraph}
        </Typography>
      ))}
      {article.points && article.points.length > 0 && (
        <Box component="ul" sx={{ ...READING, m: 0, mb: 2, pl: 3.5, '& li': { mb: 1 } }}>
          {article.points.map((point, index) => (
            <li key={index}>{point}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}
