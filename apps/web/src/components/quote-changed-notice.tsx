import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { formatQuoteRate } from './format-rate';

/** One figure of a review at the old and at the new rate, as the step shows it. */
export interface ChangedFigure {
  label: string;
  before: string;
  after: string;
}

/**
 * Said on a review step whose quote was refreshed to another rate: the old and the new rate
 * and amounts, and a button to take the new figures. The step's confirm waits for that click.
 */
export function QuoteChangedNotice({
  before,
  after,
  figures,
  onAccept,
}: {
  before: number;
  after: number;
  figures: ChangedFigure[];
  onAccept: () => void;
}) {
  const { t } = useTranslation();
  const rows: ChangedFigure[] = [
    {
      label: t('finance.quoteChanged.rate'),
      before: `${formatQuoteRate(before)} MXN`,
      after: `${formatQuoteRate(after)} MXN`,
    },
    ...figures,
  ];
  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="quote-changed"
      action={
        <Button color="inherit" variant="outlined" size="small" onClick={onAccept}>
          {t('finance.quoteChanged.accept')}
        </Button>
      }
      sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { alignItems: 'center' } }}
    >
      <AlertTitle>{t('finance.quoteChanged.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {rows.map((row) => (
          <li key={row.label}>
            {t('finance.quoteChanged.line', {
              label: row.label,
              before: row.before,
              after: row.after,
            })}
          </li>
        ))}
      </Box>
      {t('finance.quoteChanged.help')}
    </Alert>
  );
}
