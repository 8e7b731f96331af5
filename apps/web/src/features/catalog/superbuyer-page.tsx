import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import SellIcon from '@mui/icons-material/Sell';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/session-store';
import { OfferGrid, type Offer } from '../../components/offer-grid';
import { DocumentTitle } from '../../components/page-frame';

/** /superbuyer: what a volume buyer gets, and how to sign up. */
export function SuperbuyerPage() {
  const { t } = useTranslation();
  const session = useSession();
  const offers: Offer[] = [
    {
      icon: LocalShippingIcon,
      title: t('catalog.superbuyer.volumeTitle'),
      text: t('catalog.superbuyer.volumeText'),
    },
    {
      icon: SellIcon,
      title: t('catalog.superbuyer.fobTitle'),
      text: t('catalog.superbuyer.fobText'),
    },
    {
      icon: AccountBalanceIcon,
      title: t('catalog.superbuyer.financingTitle'),
      text: t('catalog.superbuyer.financingText'),
    },
    {
      icon: VerifiedUserIcon,
      title: t('catalog.superbuyer.insuranceTitle'),
      text: t('catalog.superbuyer.insuranceText'),
    },
    {
      icon: CurrencyExchangeIcon,
      title: t('catalog.superbuyer.pesosTitle'),
      text: t('catalog.superbuyer.pesosText'),
    },
  ];

  return (
    <>
      <DocumentTitle title={t('catalog.superbuyer.title')} />
      <Box
        component="section"
        aria-labelledby="page-title"
        sx={{
          borderRadius: 3,
          px: { xs: 3, sm: 5 },
          py: { xs: 4, sm: 6 },
          color: 'common.white',
          background: 'linear-gradient(135deg, #0d3b12 0%, #1b5e20 60%, #2e6b1f 100%)',
        }}
      >
        <Typography id="page-title" variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.5rem' } }}>
          {t('catalog.superbuyer.title')}
        </Typography>
        <Typography sx={{ mt: 1.5, maxWidth: 720, fontSize: { sm: '1.1rem' } }}>
          {t('catalog.superbuyer.subtitle')}
        </Typography>
      </Box>
      <OfferGrid
        offers={offers}
        columns={3}
        titleLevel="h2"
        ariaLabel={t('catalog.superbuyer.offersLabel')}
        mt={4}
      />
      <Paper variant="outlined" sx={{ mt: 4, p: { xs: 2.5, sm: 3 }, bgcolor: '#f1f8e9' }}>
        <Typography component="h2" variant="h2">
          {t('catalog.superbuyer.ctaTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('catalog.superbuyer.ctaText')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          {session ? (
            <>
              <Button component={RouterLink} to="/catalogs" variant="contained">
                {t('catalog.superbuyer.browse')}
              </Button>
              <Button component={RouterLink} to="/welcome" variant="outlined">
                {t('catalog.superbuyer.welcome')}
              </Button>
            </>
          ) : (
            <>
              <Button component={RouterLink} to="/signin/customer" variant="contained">
                {t('catalog.superbuyer.signUp')}
              </Button>
              <Button component={RouterLink} to="/login" variant="outlined">
                {t('catalog.superbuyer.logIn')}
              </Button>
              <Button component={RouterLink} to="/catalogs">
                {t('catalog.superbuyer.browse')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}
