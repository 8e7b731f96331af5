import AgricultureIcon from '@mui/icons-material/Agriculture';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from './components/auth-card';
import { AuthLink } from './components/auth-links';

interface ChoiceProps {
  icon: ReactNode;
  title: string;
  text: string;
  action: string;
  to: string;
}

function Choice({ icon, title, text, action, to }: ChoiceProps) {
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden="true">
          {icon}
        </Box>
        <Typography variant="h2" sx={{ fontSize: '1.2rem' }} gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button component={RouterLink} to={to} variant="contained" fullWidth>
          {action}
        </Button>
      </CardActions>
    </Card>
  );
}

/** /signin: choose between a buyer (customer) and a grower (vendor) account. */
export function SignupChooserPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('auth.signupChooser.title')}
      intro={t('auth.signupChooser.intro')}
      width={760}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2,
          mt: 3,
        }}
      >
        <Choice
          icon={<StorefrontIcon fontSize="large" />}
          title={t('auth.signupChooser.customerTitle')}
          text={t('auth.signupChooser.customerText')}
          action={t('auth.signupChooser.customerAction')}
          to="/signin/customer"
        />
        <Choice
          icon={<AgricultureIcon fontSize="large" />}
          title={t('auth.signupChooser.vendorTitle')}
          text={t('auth.signupChooser.vendorText')}
          action={t('auth.signupChooser.vendorAction')}
          to="/signin/vendor"
        />
      </Box>
      <AuthLink
        lead={t('auth.signupChooser.haveAccount')}
        to="/login"
        label={t('auth.login.submit')}
      />
    </AuthCard>
  );
}
