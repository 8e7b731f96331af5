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

export interface ForwardDatePickerProps {
  /** YYYY-MM-DD, or null before a choice. */
  value: string | null;
  /** Today in the business time zone, YYYY-MM-DD. */
  today: string;
  language: Language;
  label: string;
  helperText: string;
  error: boolean;
  /** A date that can be settled on, or null (none, or one that cannot be picked). */
  onChange: (date: string | null, invalid: boolean) => void;
}

/**
 * The settlement day of a forward payment: tomorrow to one year after tomorrow, with
 * weekends and US and Mexican bank holidays disabled. Dates stay YYYY-MM-DD strings read
 * as local calendar days, never through a UTC instant. Its own lazy chunk (MUI X pickers).
 */
export function ForwardDatePicker(props: ForwardDatePickerProps) {
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
        shouldDisableDate={(day) => !isForwardDateAllowed(day.format(CALENDAR_DATE_FORMAT), today)}
        onChange={(day, context) => {
          if (day === null || !day.isValid()) {
            props.onChange(null, false);
            return;
          }
          if (context.validationError !== null) {
            props.onChange(null, true);
            return;
          }
          props.onChange(day.format(CALENDAR_DATE_FORMAT), false);
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
