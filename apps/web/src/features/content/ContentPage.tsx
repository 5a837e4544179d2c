import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeading } from '../../components/ui/PageHeading';

const TITLE_KEYS: Record<string, string> = {
  '/education': 'pages.education',
  '/research': 'pages.research',
  '/support-programs': 'pages.supportPrograms',
};

/** /education, /research and /support-programs share one screen (spec route table). */
export default function ContentPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return <PageHeading title={t(TITLE_KEYS[pathname] ?? 'pages.education')} />;
}
