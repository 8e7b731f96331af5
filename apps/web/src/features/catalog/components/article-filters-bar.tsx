import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleSort, VendorSummary } from '../api/catalog';
import { ARTICLE_SORTS } from '../api/catalog';
import type { ArticleFilters, PriceProblem } from '../article-filters';
import { hasActiveFilters, priceRangeProblems } from '../article-filters';
import { SearchField } from '../../../components/search-field';

const SEARCH_DELAY_MS = 400;

const SORT_LABELS = {
  newest: 'catalog.articles.sortNewest',
  price_asc: 'catalog.articles.sortPriceAsc',
  price_desc: 'catalog.articles.sortPriceDesc',
  name: 'catalog.articles.sortName',
} as const satisfies Record<ArticleSort, string>;

interface ArticleFiltersBarProps {
  filters: ArticleFilters;
  vendors: VendorSummary[] | undefined;
  /** Sets some filters (the page goes back to 1); `typing` replaces the history entry. */
  onChange: (patch: Partial<ArticleFilters>, options?: { typing?: boolean }) => void;
  onClear: () => void;
}

/**
 * Search, grower, price range and sort of an article list. The search follows the typing
 * (after a short pause); the price range applies with its button or Enter, once valid.
 */
export function ArticleFiltersBar({ filters, vendors, onChange, onClear }: ArticleFiltersBarProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filters.search);
  const [minPrice, setMinPrice] = useState(filters.minPrice);
  const [maxPrice, setMaxPrice] = useState(filters.maxPrice);
  const [shownProblems, setShownProblems] = useState<{ min?: PriceProblem; max?: PriceProblem }>(
    {},
  );

  // The URL changed from outside (back button, "Clear filters"): the fields follow it.
  const [seen, setSeen] = useState(filters);
  if (seen !== filters) {
    setSeen(filters);
    if (filters.search !== seen.search && filters.search !== search.trim())
      setSearch(filters.search);
    if (filters.minPrice !== seen.minPrice) setMinPrice(filters.minPrice);
    if (filters.maxPrice !== seen.maxPrice) setMaxPrice(filters.maxPrice);
  }

  const typed = search.trim();
  useEffect(() => {
    if (typed === filters.search) return undefined;
    const timer = window.setTimeout(
      () => onChange({ search: typed }, { typing: true }),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [typed, filters.search, onChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = priceRangeProblems(minPrice, maxPrice);
    setShownProblems(problems);
    if (problems.min || problems.max) return;
    onChange({ search: typed, minPrice: minPrice.trim(), maxPrice: maxPrice.trim() });
  };

  const problemText = (problem: PriceProblem | undefined) =>
    problem === 'invalid'
      ? t('catalog.articles.priceInvalid')
      : problem === 'range'
        ? t('catalog.articles.priceRange')
        : undefined;

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('catalog.articles.filtersLabel')}
      onSubmit={submit}
      noValidate
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1.2fr 1.2fr' },
        alignItems: 'start',
        p: 2,
        mb: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <SearchField
        label={t('catalog.articles.search')}
        value={search}
        onChange={setSearch}
        maxLength={100}
        sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
      />
      <TextField
        select
        label={t('catalog.articles.grower')}
        value={vendors?.some((vendor) => vendor.sVendorId === filters.vendor) ? filters.vendor : ''}
        onChange={(event) => onChange({ vendor: event.target.value })}
        margin="none"
        size="small"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('catalog.articles.allGrowers')}</MenuItem>
        {vendors?.map((vendor) => (
          <MenuItem key={vendor.sVendorId} value={vendor.sVendorId}>
            {vendor.sName}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('catalog.articles.sort')}
        value={filters.sort}
        onChange={(event) => onChange({ sort: event.target.value as ArticleSort })}
        margin="none"
        size="small"
      >
        {ARTICLE_SORTS.map((sort) => (
          <MenuItem key={sort} value={sort}>
            {t(SORT_LABELS[sort])}
          </MenuItem>
        ))}
      </TextField>
      <Box
        sx={{
          gridColumn: '1 / -1',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
        }}
      >
        <TextField
          label={t('catalog.articles.minPrice')}
          value={minPrice}
          onChange={(event) => setMinPrice(event.target.value)}
          error={Boolean(shownProblems.min)}
          helperText={problemText(shownProblems.min)}
          margin="none"
          size="small"
          fullWidth={false}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <TextField
          label={t('catalog.articles.maxPrice')}
          value={maxPrice}
          onChange={(event) => setMaxPrice(event.target.value)}
          error={Boolean(shownProblems.max)}
          helperText={problemText(shownProblems.max)}
          margin="none"
          size="small"
          fullWidth={false}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <Button type="submit" variant="outlined">
          {t('catalog.articles.applyPrices')}
        </Button>
        {(hasActiveFilters(filters) || search || minPrice || maxPrice) && (
          <Button
            onClick={() => {
              setShownProblems({});
              setSearch('');
              setMinPrice('');
              setMaxPrice('');
              onClear();
            }}
          >
            {t('catalog.articles.clearFilters')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
