import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/session-store';

export function MarketplaceFooter() {
  const { t } = useTranslation();
  const loggedIn = Boolean(useSession());
  const links = [
    { to: '/catalogs', label: t('nav.catalogue') },
    { to: '/vendor', label: t('nav.vendors') },
    { to: '/exchange', label: t('nav.dashboard') },
    ...(loggedIn ? [] : [{ to: '/signin', label: t('nav.signUp') }]),
  ];
  return (
    <Box component="footer" sx={{ mt: 8, py: 4, bgcolor: '#0d3b12', color: 'common.white' }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between' }}
        >
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{t('app.name')}</Typography>
            <Typography variant="body2" sx={{ mt: 0.5, opacity: 0.9 }}>
              {t('footer.tagline')}
            </Typography>
          </Box>
          <Box component="nav" aria-label={t('footer.links')}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {links.map((link) => (
                <Link
                  key={link.to}
                  component={RouterLink}
                  to={link.to}
                  sx={{ color: 'common.white', textDecorationColor: 'rgba(255,255,255,0.6)' }}
                >
                  {link.label}
                </Link>
              ))}
            </Stack>
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ mt: 3, opacity: 0.9 }}>
          {t('footer.rights', { year: String(new Date().getFullYear()) })}
        </Typography>
      </Container>
    </Box>
  );
}
