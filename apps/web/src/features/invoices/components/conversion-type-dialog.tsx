import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';

/** The chooser's values as the older client numbered them: 2 pays separately, 3 forward. */
const CONVERSION_CHOICES = { forex: '2', forward: '3' } as const;
export type ConversionChoice = keyof typeof CONVERSION_CHOICES;

interface ConversionTypeDialogProps {
  open: boolean;
  onCancel: () => void;
  onContinue: (choice: ConversionChoice) => void;
}

/** The conversion type chooser ('Detalle de pago'): two selectable cards, then 'Continuar'. */
export function ConversionTypeDialog({ open, onCancel, onContinue }: ConversionTypeDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const [choice, setChoice] = useState<ConversionChoice | undefined>();

  useEffect(() => {
    if (open) setChoice(undefined);
  }, [open]);

  const cards: { choice: ConversionChoice; title: string; text: string }[] = [
    {
      choice: 'forex',
      title: t('invoices.chooser.separate'),
      text: t('invoices.chooser.separateText'),
    },
    {
      choice: 'forward',
      title: t('invoices.chooser.forward'),
      text: t('invoices.chooser.forwardText'),
    },
  ];

  return (
    <AppDialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('invoices.chooser.title')}</DialogTitle>
      <DialogContent>
        <Typography id={introId} sx={{ mb: 2 }}>
          {t('invoices.chooser.intro')}
        </Typography>
        <RadioGroup
          aria-labelledby={introId}
          value={choice ? CONVERSION_CHOICES[choice] : ''}
          onChange={(event) => {
            const picked = cards.find(
              (card) => CONVERSION_CHOICES[card.choice] === event.target.value,
            );
            setChoice(picked?.choice);
          }}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
        >
          {cards.map((card) => {
            const selected = choice === card.choice;
            const labelId = `${titleId}-${card.choice}`;
            return (
              <Box
                key={card.choice}
                component="label"
                sx={{
                  display: 'flex',
                  alignItems: 'flex-start',
                  gap: 1,
                  p: 2,
                  border: 2,
                  borderRadius: 2,
                  cursor: 'pointer',
                  borderColor: selected ? 'primary.main' : 'divider',
                  bgcolor: selected ? 'rgba(27, 94, 32, 0.06)' : 'background.paper',
                  '&:hover': { borderColor: 'primary.light' },
                  '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              >
                <Radio
                  value={CONVERSION_CHOICES[card.choice]}
                  slotProps={{ input: { 'aria-labelledby': labelId } }}
                  sx={{ mt: -1, ml: -1 }}
                />
                <Box>
                  <Typography id={labelId} sx={{ fontWeight: 600 }}>
                    {card.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {card.text}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </RadioGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{t('finance.cancel')}</Button>
        <Button variant="contained" disabled={!choice} onClick={() => choice && onContinue(choice)}>
          {t('finance.continue')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
