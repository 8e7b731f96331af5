import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/i18n';
import type { TimelineStep } from '../api/orders';
import { formatDateTime } from '../../../components/format-instant';
import { visuallyHidden } from '../../../components/visually-hidden';

/**
 * The vertical status timeline: the 11 steps in order, each reached one with its time and
 * the others pending; the current step is marked (aria-current="step").
 */
export function OrderTimeline({ steps }: { steps: TimelineStep[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Box
      component="ol"
      aria-label={t('orders.detail.timelineLabel')}
      data-testid="order-timeline"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        const nextReached = steps[index + 1]?.bReached ?? false;
        return (
          <Box
            component="li"
            key={step.sStatus}
            aria-current={step.bCurrent ? 'step' : undefined}
            data-reached={step.bReached ? 'true' : 'false'}
            data-status={step.sStatus}
            sx={{ display: 'flex', gap: 1.5, minHeight: last ? undefined : 56 }}
          >
            <Box
              aria-hidden
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.25 }}
            >
              {step.bReached ? (
                <CheckCircleIcon
                  fontSize="small"
                  sx={{ color: step.bCurrent ? 'primary.main' : 'success.main' }}
                />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'text.disabled' }} />
              )}
              {!last && (
                <Box
                  sx={{
                    flexGrow: 1,
                    width: 2,
                    my: 0.5,
                    bgcolor: nextReached ? 'success.main' : 'divider',
                  }}
                />
              )}
            </Box>
            <Box sx={{ pb: last ? 0 : 1.5, minWidth: 0 }}>
              <Typography
                sx={{
                  fontWeight: step.bCurrent ? 700 : 500,
                  color: step.bReached ? 'text.primary' : 'text.secondary',
                  lineHeight: 1.3,
                }}
              >
                {t(`orders.statuses.${step.sStatus}`)}
                {step.bCurrent && (
                  <Box component="span" sx={visuallyHidden}>
                    {` (${t('orders.detail.current')})`}
                  </Box>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="step-time">
                {step.created_at
                  ? formatDateTime(step.created_at, language)
                  : t('orders.detail.pending')}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
