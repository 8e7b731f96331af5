import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The product's mark and name, linking to the landing page. */
export function BrandLink({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to="/home"
      underline="none"
      aria-label={t('app.home')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: onDark ? 'common.white' : 'primary.dark',
        fontWeight: 700,
        fontSize: { xs: '1.05rem', sm: '1.2rem' },
        whiteSpace: 'nowrap',
      }}
    >
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 32,
          height: 32,
          borderRadius: '9px',
          bgcolor: onDark ? 'common.white' : 'primary.main',
          color: onDark ? 'primary.dark' : 'common.white',
          fontWeight: 800,
        }}
      >
        $
      </Box>
      {t('app.name')}
    </Link>
  );
}
