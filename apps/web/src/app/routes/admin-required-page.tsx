import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame';

/** Shown instead of an administrator-only page to a user who is not the company's manager. */
export function AdminRequiredPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('adminRequired.title')}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('adminRequired.message')}
      </Alert>
      <Button component={RouterLink} to="/home" variant="contained">
        {t('common.goHome')}
      </Button>
    </PageFrame>
  );
}
