import type { Language } from '@app/domain';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { localeOf } from '../../../lib/i18n/i18n';
import type { RatePoint } from '../api/rate-history';
import { formatCardRate } from '../../../components/format-rate';
import { formatDateTime, formatDay } from '../../../components/format-instant';
import { companyTimeZone } from '../../../lib/company-clock';

interface RateHistoryChartProps {
  points: RatePoint[];
  language: Language;
  height: number;
  /** Hourly points (a week) get the time in the tooltip. */
  hourly: boolean;
  axisLabel: string;
}

/** The USD/MXN line; its own chunk, loaded when the chart scrolls into view. */
export function RateHistoryChart({
  points,
  language,
  height,
  hourly,
  axisLabel,
}: RateHistoryChartProps) {
  const theme = useTheme();
  const locale = localeOf(language);
  // Ticks name the day on the company clock too, so a tick and its tooltip never disagree.
  const tick = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: companyTimeZone(),
  });
  // A point's time on the company clock, its zone named, as every other time of the app.
  const tooltip = {
    format: (at: Date) =>
      hourly ? formatDateTime(at.toISOString(), language) : formatDay(at.toISOString(), language),
  };
  const pointRate = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  });

  return (
    <LineChart
      height={height}
      margin={{ left: 8, right: 28, top: 16, bottom: 8 }}
      hideLegend
      grid={{ horizontal: true }}
      xAxis={[
        {
          data: points.map((point) => new Date(point.t)),
          scaleType: 'time',
          tickMinStep: 24 * 3_600_000,
          valueFormatter: (value: Date, context) =>
            context.location === 'tooltip' ? tooltip.format(value) : tick.format(value),
        },
      ]}
      yAxis={[
        {
          label: axisLabel,
          width: 64,
          valueFormatter: (value: number) => formatCardRate(value),
        },
      ]}
      series={[
        {
          data: points.map((point) => point.rate),
          label: 'USD/MXN',
          showMark: false,
          curve: 'linear',
          color: theme.palette.primary.main,
          valueFormatter: (value) => (value === null ? '' : pointRate.format(value)),
        },
      ]}
    />
  );
}
