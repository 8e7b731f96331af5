import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import type { Order } from '../api/orders';
import { useRecordDelivery } from '../api/orders';
import type { DeliveryError, DeliveryInput } from '../delivery-form';
import { checkDelivery, deliveryDefaults } from '../delivery-form';
import { SectionCard } from '../../../components/section-card';
import { BusyButton } from '../../../components/busy-button';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';
import { PAIR_SX } from '../../../components/form-layout';

/** At DELIVERED, the grower records the boxes delivered per line (and adjusted prices). */
export function DeliveryFormSection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const record = useRecordDelivery();
  const [values, setValues] = useState<Record<string, DeliveryInput>>(() =>
    deliveryDefaults(order.lines, order.priceChange),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const check = checkDelivery(order.lines, values);

  const errorText = (error: DeliveryError | undefined) => {
    if (!error) return undefined;
    if (error.key === 'tooMany')
      return t('orders.detail.deliveryForm.tooMany', { count: error.count });
    return t(`orders.detail.deliveryForm.${error.key}`);
  };

  const update = (lineId: string, field: keyof DeliveryInput, value: string) => {
    setServerError(null);
    setValues((current) => ({
      ...current,
      [lineId]: { ...(current[lineId] ?? { boxes: '', unitPrice: '' }), [field]: value },
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.lines) return;
    record.mutate(
      { orderId: order.sOrderId, lines: check.lines },
      {
        onSuccess: () => {
          setSubmitted(false);
          showSuccessToast(t('orders.detail.deliveryForm.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400) setServerError(error.message);
          else showErrorToast(error);
        },
      },
    );
  };

  return (
    <SectionCard title={t('orders.detail.deliveryForm.title')} testId="delivery-form">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('orders.detail.deliveryForm.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        {order.lines.map((line) => {
          const input = values[line.sLineId] ?? { boxes: '', unitPrice: '' };
          const errors = submitted ? check.errors[line.sLineId] : undefined;
          return (
            <Box
              key={line.sLineId}
              sx={{
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { border: 0 },
              }}
            >
              <Typography sx={{ fontWeight: 600 }}>{line.sProductName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('orders.detail.deliveryForm.ordered', { count: line.dQuantity })}
              </Typography>
              <Box sx={PAIR_SX}>
                <TextField
                  label={t('orders.detail.deliveryForm.boxesShort')}
                  value={input.boxes}
                  onChange={(event) => update(line.sLineId, 'boxes', event.target.value)}
                  error={Boolean(errors?.boxes)}
                  helperText={errorText(errors?.boxes)}
                  size="small"
                  slotProps={{
                    htmlInput: {
                      inputMode: 'numeric',
                      'aria-label': t('orders.detail.deliveryForm.boxes', {
                        product: line.sProductName,
                      }),
                    },
                  }}
                />
                <TextField
                  label={t('orders.detail.deliveryForm.unitPriceShort')}
                  value={input.unitPrice}
                  onChange={(event) => update(line.sLineId, 'unitPrice', event.target.value)}
                  error={Boolean(errors?.unitPrice)}
                  helperText={errorText(errors?.unitPrice)}
                  size="small"
                  slotProps={{
                    htmlInput: {
                      inputMode: 'decimal',
                      'aria-label': t('orders.detail.deliveryForm.unitPrice', {
                        product: line.sProductName,
                      }),
                    },
                  }}
                />
              </Box>
            </Box>
          );
        })}
        {serverError && (
          <Typography color="error" role="alert" sx={{ mt: 1 }}>
            {serverError}
          </Typography>
        )}
        <WithReason reason={writeBlocked}>
          <BusyButton busy={record.isPending} type="submit" sx={{ mt: 2 }}>
            {t('orders.detail.deliveryForm.save')}
          </BusyButton>
        </WithReason>
      </Box>
    </SectionCard>
  );
}
