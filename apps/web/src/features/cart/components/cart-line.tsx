import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { localeOf, useLanguage } from '../../../lib/i18n/i18n';
import { showSuccessToast } from '../../../lib/toast';
import type { CartProduct } from '../api/cart';
import { useRemoveLineMutation, useUpdateLineMutation } from '../api/cart';
import { boxesProblem, type BoxesProblem } from '../../../lib/boxes';
import { LabelledValue } from './labelled-value';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';

/**
 * One article of a grower's cart: boxes (editable, checked against the minimum purchase
 * and the stock; the server's refusal is shown on the field), pallets, price and total.
 * A changed line is marked; updating it acknowledges the change.
 */
export function CartLine({ line }: { line: CartProduct }) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const language = useLanguage();
  const update = useUpdateLineMutation();
  const remove = useRemoveLineMutation();
  const [value, setValue] = useState(String(line.dQuantity));
  const [shown, setShown] = useState<BoxesProblem | null>(null);

  // A new quantity from the server (after a save elsewhere) replaces what is typed.
  const [seenQuantity, setSeenQuantity] = useState(line.dQuantity);
  if (seenQuantity !== line.dQuantity) {
    setSeenQuantity(line.dQuantity);
    setValue(String(line.dQuantity));
  }

  const dirty = value.trim() !== String(line.dQuantity);
  const busy = update.isPending || remove.isPending;
  const min = String(line.iMinBoxes);
  const stock = String(line.iStock);
  const count = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 });
  const fieldId = `boxes-${line.sProductId}`;
  // These lines cannot be bought as they are: only removing them (or fewer boxes) helps.
  const blocking = line.sChange === 'UNAVAILABLE' || line.sChange === 'NOT_VERIFIED';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = boxesProblem(value, line.iMinBoxes, line.iStock);
    setShown(problem);
    if (problem || busy) return;
    update.mutate(
      { articleId: line.sProductId, boxes: Number(value.trim()) },
      { onSuccess: () => showSuccessToast(t('cart.cart.updated')) },
    );
  };

  let errorText: string | undefined;
  if (shown === 'belowMinimum') errorText = t('cart.cart.belowMinimum', { min });
  else if (shown === 'aboveStock') errorText = t('cart.cart.aboveStock', { stock });
  else if (shown) errorText = t(`cart.cart.${shown}`);
  else if (update.error) {
    const message = isApiError(update.error) ? update.error.message : t('errors.unknown');
    errorText = `${message} ${t('cart.cart.rejectedHint', { min, stock })}`;
  }

  return (
    <Box
      component="li"
      data-testid="cart-line"
      sx={{
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
        bgcolor: line.bChanged ? '#fff8e1' : undefined,
        px: 2,
        mx: -2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={`/view/article/${line.sProductId}`}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {line.sName}
          </Link>
          {line.sChange && (
            <Chip
              label={t(`cart.cart.changed.${line.sChange}`)}
              size="small"
              // Dark text on a light tint: the filled warning chip is below 4.5:1.
              sx={{
                ml: 1,
                verticalAlign: 'middle',
                fontWeight: 600,
                border: 1,
                ...(blocking
                  ? { bgcolor: '#fdecea', color: '#8e1b1b', borderColor: '#d32f2f' }
                  : { bgcolor: '#fff3e0', color: '#7a3a00', borderColor: '#e65100' }),
              }}
              data-testid="line-change"
            />
          )}
        </Box>
        <Tooltip title={writeBlocked ?? t('cart.cart.removeNamed', { name: line.sName })}>
          <span>
            <IconButton
              aria-label={t('cart.cart.removeNamed', { name: line.sName })}
              onClick={() =>
                remove.mutate(line.sProductId, {
                  onSuccess: () => showSuccessToast(t('cart.cart.removed', { name: line.sName })),
                })
              }
              disabled={busy || writeBlocked !== undefined}
              size="small"
            >
              {remove.isPending ? <CircularProgress size={18} /> : <DeleteOutlineIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {line.sChange && (
        <Alert severity={blocking ? 'error' : 'warning'} sx={{ mt: 1, py: 0 }}>
          {t(`cart.cart.changedHelp.${line.sChange}`)}
        </Alert>
      )}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          gap: { xs: 2, sm: 3 },
          mt: 1.5,
        }}
      >
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: 1,
            width: { xs: '100%', sm: 'auto' },
          }}
        >
          <TextField
            id={fieldId}
            label={t('cart.cart.quantity')}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setShown(null);
              update.reset();
            }}
            error={Boolean(errorText)}
            helperText={errorText ?? t('cart.cart.minimumAndStock', { min, stock })}
            size="small"
            margin="none"
            fullWidth={false}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: { xs: '100%', sm: 240 } }}
          />
          <WithReason reason={writeBlocked}>
            <Button
              type="submit"
              variant={line.bChanged ? 'contained' : 'outlined'}
              disabled={busy || !(dirty || line.bChanged)}
              aria-label={t('cart.cart.updateNamed', { name: line.sName })}
              sx={{ flexShrink: 0, minHeight: 40 }}
            >
              {update.isPending ? (
                <CircularProgress size={18} color="inherit" />
              ) : (
                t('cart.cart.update')
              )}
            </Button>
          </WithReason>
        </Box>
        <LabelledValue label={t('cart.cart.pallets')} value={count.format(line.dPallets)} />
        <LabelledValue label={t('cart.cart.pricePerBox')} value={formatMoney(line.dPricePerBox)} />
        <LabelledValue
          label={t('cart.cart.lineTotal')}
          value={formatMoney(line.dTotal)}
          strong
          testId="line-total"
        />
      </Box>
    </Box>
  );
}
