import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Longest search the catalogue takes (GET catalog/articles?search). */
const MAX_SEARCH = 100;

/**
 * The top bar's search over the whole catalogue: Enter or the button opens /search with
 * the words (most relevant first). On the results page it shows the words searched.
 */
export function TopBarSearch({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onResults = location.pathname === '/search';
  const searched = onResults ? (params.get('search') ?? '') : '';
  const [text, setText] = useState(searched);
  useEffect(() => setText(searched), [searched]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    const next = new URLSearchParams(onResults ? params : undefined);
    next.delete('page');
    if (words) next.set('search', words);
    else next.delete('search');
    void navigate(`/search?${next.toString()}`);
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('nav.search')}
      onSubmit={submit}
      sx={{ width: '100%' }}
    >
      <TextField
        id={id}
        type="search"
        size="small"
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value.slice(0, MAX_SEARCH))}
        placeholder={t('nav.searchPlaceholder')}
        slotProps={{
          htmlInput: { 'aria-label': t('nav.search'), enterKeyHint: 'search' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label={t('nav.searchSubmit')}>
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
