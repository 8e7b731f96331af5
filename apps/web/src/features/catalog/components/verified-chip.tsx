import VerifiedIcon from '@mui/icons-material/Verified';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** The "verified grower" mark of the marketplace. */
export function VerifiedChip() {
  const { t } = useTranslation();
  return (
    <Chip
      icon={<VerifiedIcon />}
      label={t('catalog.card.verified')}
      title={t('catalog.card.verifiedGrower')}
      size="small"
      color="success"
      variant="outlined"
    />
  );
}
