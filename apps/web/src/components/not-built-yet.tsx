import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** The plain notice of a page that a later issue builds. It never shows sample data. */
export function NotBuiltYet() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
      {t('notBuilt.message')}
    </Alert>
  );
}
