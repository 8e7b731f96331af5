import GavelIcon from '@mui/icons-material/Gavel';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The link from an order to its dispute, shown to the buyer and the grower alike. */
export function ViewDisputeButton({ disputeId }: { disputeId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={`/dispute/${disputeId}`}
      variant="outlined"
      startIcon={<GavelIcon />}
    >
      {t('orders.detail.viewDispute')}
    </Button>
  );
}
