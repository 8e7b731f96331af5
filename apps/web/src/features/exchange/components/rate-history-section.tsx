import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/i18n';
import { formatDay } from '../../../components/format-instant';
import type { HistoryPeriod, RatePoint } from '../api/rate-history';
import { HISTORY_PERIODS, useRateHistoryQuery } from '../api/rate-history';
import { formatCardRate } from '../../../components/format-rate';
import { LoadError } from '../../../components/load-error';
import { SpreadRow } from '../../../components/spread-row';

// The chart library is big: its own chunk, fetched once the chart is about to be seen.
const loadChart = () => import('./rate-history-chart');
const RateHistoryChart = lazy(async () => ({ default: (await loadChart()).RateHistoryChart }));

const CHART_HEIGHT = 280;

/**
 * True once the page is ready (its figures painted) and the browser is idle: the chart
 * never competes with the first load.
 */
function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return undefined;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 300);
    return () => window.clearTimeout(timer);
  }, [ready, idle]);
  return idle;
}

/** True once the element comes near the viewport (at once where there is no observer). */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '0px 0px 120px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

function useSummary(points: RatePoint[] | undefined) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!points || points.length === 0) return undefined;
  const rates = points.map((point) => point.rate);
  // The days on the company clock, as every other date of an instant in the app.
  const date = { format: (at: Date) => formatDay(at.toISOString(), language) };
  const first = points[0] as RatePoint;
  const last = points[points.length - 1] as RatePoint;
  return t('exchange.history.summary', {
    from: date.format(new Date(first.t)),
    to: date.format(new Date(last.t)),
    min: formatCardRate(Math.min(...rates)),
    max: formatCardRate(Math.max(...rates)),
    last: formatCardRate(last.rate),
  });
}

/** The USD/MXN rate history with a 7/30/90-day toggle (beyond the spec). */
export function RateHistorySection({ ready }: { ready: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const summaryId = useId();
  const [days, setDays] = useState<HistoryPeriod>(30);
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const idle = useIdleAfter(ready);
  const history = useRateHistoryQuery(days, near && idle);
  // The chart renders its points at a lower priority, in slices, so the page stays
  // responsive while it draws (its first draw is the page's longest piece of work).
  const points = useDeferredValue(history.data);
  useEffect(() => {
    // Fetch the chart's code alongside its data.
    if (near && idle) void loadChart();
  }, [near, idle]);
  const summary = useSummary(points);

  const skeleton = (
    <Skeleton
      variant="rounded"
      height={CHART_HEIGHT}
      aria-label={t('exchange.history.loading')}
      role="img"
    />
  );

  let body;
  if (history.isError && !history.data) {
    body = (
      <LoadError
        message={t('exchange.history.failed')}
        retryLabel={t('exchange.retry')}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (points && points.length === 0) {
    body = <Typography color="text.secondary">{t('exchange.history.empty')}</Typography>;
  } else if (points) {
    body = (
      <Suspense fallback={skeleton}>
        <Box
          role="img"
          aria-labelledby={summaryId}
          sx={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}
        >
          <RateHistoryChart
            points={points}
            language={language}
            height={CHART_HEIGHT}
            hourly={days <= 7}
            axisLabel={t('exchange.history.rateAxis')}
          />
        </Box>
      </Suspense>
    );
  } else {
    body = skeleton;
  }

  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2.5 }}>
      <SpreadRow gap={1.5} sx={{ mb: 1.5 }}>
        <Typography id={titleId} component="h2" variant="h3">
          {t('exchange.history.title')}
        </Typography>
        {/* Plain buttons with aria-pressed: a toggle group would add its own chunk to the first load. */}
        <Box
          role="group"
          aria-label={t('exchange.history.period')}
          sx={{
            display: 'flex',
            gap: 0.5,
            p: 0.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        >
          {HISTORY_PERIODS.map((period) => (
            <Button
              key={period}
              size="small"
              aria-pressed={days === period}
              variant={days === period ? 'contained' : 'text'}
              onClick={() => setDays(period)}
              sx={{ px: 1.5, minWidth: 0 }}
            >
              {t('exchange.history.days', { count: period })}
            </Button>
          ))}
        </Box>
      </SpreadRow>
      <Box ref={ref} sx={{ minHeight: CHART_HEIGHT }}>
        {body}
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        id={summaryId}
        data-testid="rate-history-summary"
        sx={{ mt: 1, minHeight: '2.9em' }}
      >
        {summary ?? ''}
      </Typography>
    </Card>
  );
}
