import type { Language } from '@app/domain';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/es';

interface PurchaseDatePickerProps {
  label: string;
  /** `YYYY-MM-DD`, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  language: Language;
  error: boolean;
  helperText?: string | undefined;
  required?: boolean;
}

const spanishText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * A calendar-date picker that reads and writes `YYYY-MM-DD` strings: no time zone ever
 * touches the date (DESIGN §6). Loaded lazily, so the pickers are their own chunk.
 */
export function PurchaseDatePicker(props: PurchaseDatePickerProps) {
  const parsed = props.value ? dayjs(props.value) : null;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={props.language === 'sp' ? 'es' : 'en'}
      {...(props.language === 'sp' ? { localeText: spanishText } : {})}
    >
      <DatePicker
        label={props.label}
        value={parsed && parsed.isValid() ? parsed : null}
        onChange={(next) => props.onChange(next && next.isValid() ? next.format('YYYY-MM-DD') : '')}
        slotProps={{
          textField: {
            name: props.name,
            onBlur: props.onBlur,
            error: props.error,
            helperText: props.helperText,
            required: props.required ?? false,
            fullWidth: true,
            margin: 'normal',
          },
        }}
      />
    </LocalizationProvider>
  );
}
