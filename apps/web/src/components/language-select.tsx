import type { Language } from '@app/domain';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLanguage } from '../lib/i18n/i18n';

const LANGUAGES: readonly Language[] = ['en', 'sp'];

/**
 * The language switch: a combobox named "Language" / "Idioma" whose options are each
 * written in their own language ("English", "Español").
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Select
      value={language}
      onChange={(event) => setLanguage(event.target.value as Language)}
      size="small"
      inputProps={{ 'aria-label': t('language.label') }}
      sx={{ fontSize: '0.9rem', bgcolor: 'background.paper', '& .MuiSelect-select': { py: 0.75 } }}
    >
      {LANGUAGES.map((code) => (
        <MenuItem key={code} value={code} lang={code === 'sp' ? 'es' : 'en'}>
          {t(`language.${code}`)}
        </MenuItem>
      ))}
    </Select>
  );
}
