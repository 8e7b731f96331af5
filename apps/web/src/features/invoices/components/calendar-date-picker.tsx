import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { Ref } from 'react';
import { useLanguage } from '../../../lib/i18n/i18n';

const CALENDAR_DATE = 'YYYY-MM-DD';
const SPANISH_PICKER_TEXT = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/** What the field holds: a calendar date, '' when empty, or 'invalid' for a partial entry. */
export type CalendarDateInput = string;

export interface CalendarDatePickerProps {
  label: string;
  value: CalendarDateInput;
  onChange: (value: CalendarDateInput) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  minDate?: string;
  maxDate?: string;
  /** Days that cannot be picked (weekends, holidays), asked with 'YYYY-MM-DD'. */
  isDateDisabled?: (date: string) => boolean;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}

function toDayjs(value: CalendarDateInput): Dayjs | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  // dayjs reads a bare YYYY-MM-DD as local midnight of that day.
  const day = dayjs(value);
  return day.isValid() ? day : null;
}

/**
 * A date picker that speaks 'YYYY-MM-DD' strings: the calendar day is read and written in
 * the browser's own calendar, never through a UTC instant, so no time zone moves it.
 * Loaded lazily (React.lazy) so the pickers stay out of the page's first chunk.
 */
export function CalendarDatePicker(props: CalendarDatePickerProps) {
  const language = useLanguage();
  const { isDateDisabled } = props;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language === 'sp' ? 'es' : 'en'}
      localeText={language === 'sp' ? SPANISH_PICKER_TEXT : undefined}
    >
      <DatePicker
        label={props.label}
        value={toDayjs(props.value)}
        onChange={(day) => {
          if (!day) props.onChange('');
          else props.onChange(day.isValid() ? day.format(CALENDAR_DATE) : 'invalid');
        }}
        minDate={props.minDate ? (toDayjs(props.minDate) ?? undefined) : undefined}
        maxDate={props.maxDate ? (toDayjs(props.maxDate) ?? undefined) : undefined}
        shouldDisableDate={
          isDateDisabled ? (day) => isDateDisabled(day.format(CALENDAR_DATE)) : undefined
        }
        disabled={props.disabled}
        inputRef={props.inputRef}
        name={props.name}
        slotProps={{
          textField: {
            fullWidth: true,
            margin: 'normal',
            required: props.required,
            error: props.error,
            helperText: props.helperText,
            onBlur: props.onBlur,
          },
        }}
      />
    </LocalizationProvider>
  );
}
