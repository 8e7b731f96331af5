import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { useSession } from '../../lib/session-store';
import { CardGrid } from '../../components/card-grid';

interface Step {
  icon: ReactNode;
  title: string;
  text: string;
  actions: Array<{ label: string; to: string }>;
}

/** /welcome: a new buyer's first steps, each with the link that starts it. */
export function WelcomePage() {
  const { t } = useTranslation();
  const session = useSession();

  const steps: Step[] = [
    {
      icon: <StorefrontIcon fontSize="large" />,
      title: t('catalog.welcome.browseTitle'),
      text: t('catalog.welcome.browseText'),
      actions: [
        { label: t('catalog.welcome.browseAction'), to: '/catalogs' },
        { label: t('catalog.welcome.growersAction'), to: '/vendor' },
      ],
    },
    {
      icon: <WarehouseIcon fontSize="large" />,
      title: t('catalog.welcome.warehouseTitle'),
      text: t('catalog.welcome.warehouseText'),
      actions: [{ label: t('catalog.welcome.warehouseAction'), to: '/warehouse/add' }],
    },
    {
      icon: <AccountBalanceWalletIcon fontSize="large" />,
      title: t('catalog.welcome.fundTitle'),
      text: t('catalog.welcome.fundText'),
      actions: [{ label: t('catalog.welcome.fundAction'), to: '/exchange' }],
    },
    {
      icon: <ShoppingCartCheckoutIcon fontSize="large" />,
      title: t('catalog.welcome.checkoutTitle'),
      text: t('catalog.welcome.checkoutText'),
      actions: [{ label: t('catalog.welcome.checkoutAction'), to: '/shopping-cart' }],
    },
  ];

  return (
    <PageFrame
      title={t('catalog.welcome.title')}
      subtitle={session ? t('catalog.welcome.subtitle') : t('catalog.welcome.subtitleVisitor')}
    >
      {!session && (
        <Paper
          variant="outlined"
          sx={{ p: 2.5, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
        >
          <Box sx={{ flexGrow: 1, minWidth: 240 }}>
            <Typography component="h2" variant="h3">
              {t('catalog.welcome.accountTitle')}
            </Typography>
            <Typography color="text.secondary">{t('catalog.welcome.accountText')}</Typography>
          </Box>
          <Button component={RouterLink} to="/signin/customer" variant="contained">
            {t('catalog.welcome.signUp')}
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('catalog.welcome.logIn')}
          </Button>
        </Paper>
      )}
      <CardGrid label={t('catalog.welcome.stepsLabel')} wideFrom="lg" ordered>
        {steps.map((step, index) => (
          <Paper
            component="li"
            key={step.title}
            variant="outlined"
            sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'primary.main' }}>
              <Box aria-hidden="true" sx={{ display: 'flex' }}>
                {step.icon}
              </Box>
              <Typography variant="overline" sx={{ fontWeight: 700 }}>
                {t('catalog.welcome.step', { number: String(index + 1) })}
              </Typography>
            </Box>
            <Typography component="h2" variant="h3">
              {step.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
              {step.text}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {step.actions.map((action, position) => (
                <Button
                  key={action.to}
                  component={RouterLink}
                  to={action.to}
                  variant={position === 0 ? 'contained' : 'outlined'}
                  size="small"
                >
                  {action.label}
                </Button>
              ))}
            </Box>
          </Paper>
        ))}
      </CardGrid>
      <Paper
        variant="outlined"
        sx={{
          mt: 3,
          p: 2.5,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          bgcolor: '#f1f8e9',
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 240 }}>
          <Typography component="h2" variant="h3">
            {t('catalog.welcome.superbuyerTitle')}
          </Typography>
          <Typography color="text.secondary">{t('catalog.welcome.superbuyerText')}</Typography>
        </Box>
        <Button component={RouterLink} to="/superbuyer" variant="outlined">
          {t('catalog.welcome.superbuyerAction')}
        </Button>
      </Paper>
    </PageFrame>
  );
}
