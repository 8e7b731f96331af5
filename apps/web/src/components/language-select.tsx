import type { Language } from '@app/domain';
import Box from '@mui/material/Box';
import type { KeyboardEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLanguage } from '../lib/i18n/i18n';

const LANGUAGES: readonly Language[] = ['en', 'sp'];
const HTML_LANG: Record<Language, string> = { en: 'en', sp: 'es' };

/**
 * The language switch: a combobox named "Language" / "Idioma" whose options are each
 * written in their own language ("English", "Español").
 *
 * It is the WAI-ARIA "select-only combobox" (focus stays on the combobox, the active option
 * is its `aria-activedescendant`), drawn to look like a small outlined MUI Select. It is on
 * every page's first paint, so it carries no MUI Select, Menu or Popover (13 kB gzipped that
 * only the forms of later pages need).
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (code: Language) => `${id}-${code}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() => LANGUAGES.indexOf(language));
  const comboRef = useRef<HTMLDivElement>(null);

  const openList = (index = LANGUAGES.indexOf(language)) => {
    setActive(index);
    setOpen(true);
  };
  const choose = (code: Language) => {
    setOpen(false);
    if (code !== language) void setLanguage(code);
  };

  const activeCode = LANGUAGES[active] ?? language;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = LANGUAGES.length - 1;
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        event.preventDefault();
        openList();
      } else if (event.key === 'Home' || event.key === 'End') {
        event.preventDefault();
        openList(event.key === 'Home' ? 0 : last);
      }
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => Math.min(last, index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (event.altKey) choose(activeCode);
        else setActive((index) => Math.max(0, index - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        choose(activeCode);
        break;
      case 'Tab':
        choose(activeCode);
        break;
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        break;
      default:
    }
  };

  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', flexShrink: 0 }}>
      <Box
        ref={comboRef}
        role="combobox"
        tabIndex={0}
        aria-label={t('language.label')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(activeCode) : undefined}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        sx={{
          position: 'relative',
          display: 'inline-flex',
          alignItems: 'center',
          minHeight: '1.4375em',
          py: 0.75,
          pl: 1.75,
          pr: 4,
          fontSize: '0.9rem',
          lineHeight: 1.4375,
          color: 'text.primary',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'rgba(0, 0, 0, 0.23)',
          borderRadius: 1,
          cursor: 'pointer',
          userSelect: 'none',
          whiteSpace: 'nowrap',
          '&:hover': { borderColor: 'text.primary' },
          '&:focus-visible, &[aria-expanded="true"]': {
            outline: 'none',
            borderColor: 'primary.main',
            boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}`,
          },
        }}
      >
        <span lang={HTML_LANG[language]}>{t(`language.${language}`)}</span>
        <Box
          component="svg"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          sx={{
            position: 'absolute',
            right: 7,
            width: '1em',
            height: '1em',
            fontSize: '1.5rem',
            fill: 'currentColor',
            color: 'action.active',
            transform: open ? 'rotate(180deg)' : 'none',
          }}
        >
          <path d="M7 10l5 5 5-5z" />
        </Box>
      </Box>
      <Box
        component="ul"
        id={listId}
        role="listbox"
        aria-label={t('language.label')}
        hidden={!open}
        sx={{
          position: 'absolute',
          top: 'calc(100% + 4px)',
          right: 0,
          minWidth: '100%',
          m: 0,
          py: 1,
          px: 0,
          listStyle: 'none',
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderRadius: 1,
          boxShadow: 8,
          zIndex: 'modal',
          '&[hidden]': { display: 'none' },
        }}
      >
        {LANGUAGES.map((code, index) => (
          <Box
            component="li"
            key={code}
            id={optionId(code)}
            role="option"
            aria-selected={code === language}
            lang={HTML_LANG[code]}
            // Keeps the focus on the combobox (its blur would close the list first).
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => {
              choose(code);
              comboRef.current?.focus();
            }}
            sx={{
              px: 2,
              py: 0.75,
              fontSize: '1rem',
              cursor: 'pointer',
              whiteSpace: 'nowrap',
              bgcolor:
                index === active
                  ? 'action.hover'
                  : code === language
                    ? 'rgba(27, 94, 32, 0.08)'
                    : 'transparent',
              ...(code === language && index === active
                ? { bgcolor: 'rgba(27, 94, 32, 0.12)' }
                : {}),
            }}
          >
            {t(`language.${code}`)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
