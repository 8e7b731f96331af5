import { forwardDateWindow, isForwardDateAllowed } from '@app/domain';
import type { Language } from '@app/domain';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES } from '@mui/x-date-pickers/locales';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import 'dayjs/locale/es';

const CALENDAR_DATE_FORMAT = 'YYYY-MM-DD';

export interface ForwardDateFieldProps {
  /** YYYY-MM-DD, or null before a choice. */
  value: string | null;
  /** Today in the business time zone, YYYY-MM-DD. */
  today: string;
  language: Language;
  label: string;
  helperText: string;
  error?: boolean;
  disabled?: boolean;
  /**
   * A date that can be picked (YYYY-MM-DD), or null when the field holds none; a typed
   * date that cannot be picked comes as `rejected`, so the reason can be shown.
   */
  onChange: (date: string | null, rejected?: string) => void;
}

/**
 * The settlement day of a forward: tomorrow to one year after tomorrow, weekends and US and
 * Mexican bank holidays disabled. Calendar dates stay YYYY-MM-DD strings; dayjs reads and
 * writes them as local calendar days, never through a UTC instant (DESIGN §6). Load it
 * lazily: MUI X pickers are a chunk of their own.
 */
export function ForwardDateField(props: ForwardDateFieldProps) {
  const { today, language } = props;
  const range = forwardDateWindow(today);
  const localeText = (language === 'sp' ? esES : enUS).components.MuiLocalizationProvider
    .defaultProps.localeText;
  const toDay = (date: string): Dayjs => dayjs(date, CALENDAR_DATE_FORMAT);

  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language === 'sp' ? 'es' : 'en'}
      localeText={localeText}
    >
      <DatePicker
        label={props.label}
        value={props.value === null ? null : toDay(props.value)}
        minDate={toDay(range.earliest)}
        maxDate={toDay(range.latest)}
        referenceDate={toDay(range.earliest)}
        disabled={props.disabled}
        shouldDisableDate={(day) => !isForwardDateAllowed(day.format(CALENDAR_DATE_FORMAT), today)}
        onChange={(day, context) => {
          if (day === null || !day.isValid()) {
            props.onChange(null);
            return;
          }
          if (context.validationError !== null) {
            props.onChange(null, day.format(CALENDAR_DATE_FORMAT));
            return;
          }
          props.onChange(day.format(CALENDAR_DATE_FORMAT));
        }}
        slotProps={{
          textField: {
            fullWidth: true,
            margin: 'none',
            helperText: props.helperText,
            error: props.error,
          },
        }}
      />
    </LocalizationProvider>
  );
}
