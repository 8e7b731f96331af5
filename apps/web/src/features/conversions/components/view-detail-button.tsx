import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** The eye button of a conversion's row: opens the conversion's detail. */
export function ViewDetailButton({
  trackingId,
  onClick,
}: {
  trackingId: number;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('conversions.detail.title')}>
      <IconButton
        size="small"
        aria-label={t('conversions.viewDetail', { id: String(trackingId) })}
        onClick={onClick}
      >
        <VisibilityOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
