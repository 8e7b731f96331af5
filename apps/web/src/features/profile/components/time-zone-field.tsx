import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EnterpriseFormValues } from '../profile-forms';
import { profileErrorText } from '../profile-error-text';

/** The IANA zones this browser knows, with the one saved (a name it may spell otherwise). */
function zoneOptions(saved: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return !saved || known.includes(saved) ? known : [saved, ...known].sort();
}

/** The company's time zone, picked by its IANA name (typing filters the list). */
export function TimeZoneField({ control }: { control: Control<EnterpriseFormValues> }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'sTimeZone' });
  const options = useMemo(() => zoneOptions(field.value), [field.value]);
  const errorText = profileErrorText(fieldState.error, t);
  return (
    <Autocomplete
      options={options}
      value={field.value}
      disableClearable
      autoHighlight
      onChange={(_event, value) => field.onChange(value)}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={t('profile.enterprise.timeZone')}
          error={Boolean(errorText)}
          helperText={errorText ?? t('profile.enterprise.timeZoneHint')}
        />
      )}
    />
  );
}
