import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { homePathFor, useSession } from '../../lib/session-store';
import { OfferGrid, type Offer } from '../../components/offer-grid';
import { DocumentTitle } from '../../components/page-frame';

function OfferSection({
  id,
  title,
  intro,
  offers,
  action,
}: {
  id: string;
  title: string;
  intro: string;
  offers: Offer[];
  action?: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: { xs: 5, md: 7 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 720 }}>
        {intro}
      </Typography>
      <OfferGrid offers={offers} />
      {action && <Box sx={{ mt: 2.5 }}>{action}</Box>}
    </Box>
  );
}

/** The hero's main action: white on its green. */
function HeroButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      variant="contained"
      size="large"
      sx={{ bgcolor: 'common.white', color: 'primary.dark', '&:hover': { bgcolor: '#e8f5e9' } }}
    >
      {children}
    </Button>
  );
}

/** /home, also shown for any unknown path: what the marketplace and the dashboard offer. */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();

  const marketplace: Offer[] = [
    {
      icon: ShoppingBasketIcon,
      title: t('home.marketplace.purchases'),
      text: t('home.marketplace.purchasesText'),
    },
    {
      icon: LocalShippingIcon,
      title: t('home.marketplace.logistics'),
      text: t('home.marketplace.logisticsText'),
    },
    {
      icon: AccountBalanceIcon,
      title: t('home.marketplace.paymentOptions'),
      text: t('home.marketplace.paymentOptionsText'),
    },
    {
      icon: VerifiedUserIcon,
      title: t('home.marketplace.disputes'),
      text: t('home.marketplace.disputesText'),
    },
  ];
  const finance: Offer[] = [
    {
      icon: CurrencyExchangeIcon,
      title: t('home.finance.rates'),
      text: t('home.finance.ratesText'),
    },
    {
      icon: ReceiptLongIcon,
      title: t('home.finance.invoices'),
      text: t('home.finance.invoicesText'),
    },
    {
      icon: EventAvailableIcon,
      title: t('home.finance.forwards'),
      text: t('home.finance.forwardsText'),
    },
    {
      icon: PaymentsIcon,
      title: t('home.finance.payments'),
      text: t('home.finance.paymentsText'),
    },
  ];

  return (
    <>
      <DocumentTitle />
      <Box
        component="section"
        aria-labelledby="page-title"
        sx={{
          borderRadius: 3,
          px: { xs: 3, sm: 5, md: 7 },
          py: { xs: 4, sm: 6, md: 8 },
          color: 'common.white',
          background: 'linear-gradient(135deg, #0d3b12 0%, #1b5e20 55%, #2e6b1f 100%)',
        }}
      >
        <Typography
          id="page-title"
          variant="h1"
          sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem', md: '2.75rem' }, maxWidth: 860 }}
        >
          {t('home.title')}
        </Typography>
        <Typography sx={{ mt: 2, maxWidth: 720, fontSize: { sm: '1.1rem' } }}>
          {t('home.intro')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          {session ? (
            <HeroButton to={homePathFor(session.user) === '/home' ? '/catalogs' : '/exchange'}>
              {homePathFor(session.user) === '/home'
                ? t('home.marketplace.browse')
                : t('home.goToDashboard')}
            </HeroButton>
          ) : (
            <>
              <HeroButton to="/signin">{t('home.signUp')}</HeroButton>
              <Button
                component={RouterLink}
                to="/login"
                variant="outlined"
                size="large"
                sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.8)' }}
              >
                {t('home.logIn')}
              </Button>
            </>
          )}
        </Stack>
      </Box>
      <OfferSection
        id="marketplace-title"
        title={t('home.marketplace.title')}
        intro={t('home.marketplace.intro')}
        offers={marketplace}
        action={
          <Button component={RouterLink} to="/catalogs" variant="outlined">
            {t('home.marketplace.browse')}
          </Button>
        }
      />
      <OfferSection
        id="finance-title"
        title={t('home.finance.title')}
        intro={t('home.finance.intro')}
        offers={finance}
      />
    </>
  );
}
