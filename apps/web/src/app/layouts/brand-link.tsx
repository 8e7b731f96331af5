import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * The product's mark and name, linking to the landing page. `compactOnPhone` keeps only
 * the mark below 600 px, so a crowded top bar fits a phone.
 */
export function BrandLink({
  onDark = false,
  compactOnPhone = false,
}: {
  onDark?: boolean;
  compactOnPhone?: boolean;
}) {
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
      <Box
        component="span"
        sx={{ display: compactOnPhone ? { xs: 'none', sm: 'inline' } : 'inline' }}
      >
        {t('app.name')}
      </Box>
    </Link>
  );
}
