import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const ratingFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A grower's average rating as stars, with how many ratings it comes from. */
export function RatingStars({ rating, count }: { rating: number | null; count: number }) {
  const { t } = useTranslation();
  if (rating === null || count === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('catalog.rating.none')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
      <Rating
        value={rating}
        precision={0.5}
        readOnly
        size="small"
        getLabelText={() => t('catalog.rating.label', { rating: ratingFormat.format(rating) })}
      />
      <Typography variant="body2" color="text.secondary">
        {ratingFormat.format(rating)} · {t('catalog.rating.count', { count })}
      </Typography>
    </Box>
  );
}
