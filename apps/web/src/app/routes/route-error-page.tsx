import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../components/page-frame';

/** When a page fails to load (e.g. its chunk after a deploy): say so and offer a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', p: 4, textAlign: 'center' }}>
      <DocumentTitle title={t('routeError.title')} />
      <Typography variant="h1" sx={{ fontSize: '1.8rem' }} gutterBottom>
        {t('routeError.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('routeError.message')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Box>
  );
}
