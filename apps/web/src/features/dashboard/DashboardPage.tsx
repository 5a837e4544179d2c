import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/ui/PageHeading';

/** The signed-in home page; its sections (the consent prompt first) come from the features that own them. */
export default function DashboardPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.dashboard')}>{children}</PageHeading>;
}
