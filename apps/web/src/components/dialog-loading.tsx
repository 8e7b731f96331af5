import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** What shows over the page while a dialog's own chunk loads (it opens as soon as it is in). */
export function DialogLoading() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(0, 0, 0, 0.2)',
        zIndex: 'modal',
      }}
    >
      <CircularProgress aria-label={t('common.opening')} />
    </Box>
  );
}
