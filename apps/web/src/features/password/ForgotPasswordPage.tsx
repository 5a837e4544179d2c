import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/ui/PageHeading';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return <PageHeading title={t('pages.forgotPassword')} />;
}
