import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';

/** Page links of a list (a <nav> with its own name), labelled in the interface language. */
export function CatalogPagination(props: {
  label: string;
  page: number;
  count: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (props.count <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
      <Pagination
        aria-label={props.label}
        count={props.count}
        page={Math.min(props.page, props.count)}
        onChange={(_, page) => props.onChange(page)}
        color="primary"
        getItemAriaLabel={(type, page, selected) => {
          if (type === 'next') return t('catalog.pagination.next');
          if (type === 'previous') return t('catalog.pagination.previous');
          if (type === 'first') return t('catalog.pagination.first');
          if (type === 'last') return t('catalog.pagination.last');
          return selected
            ? t('catalog.pagination.current', { page: String(page) })
            : t('catalog.pagination.page', { page: String(page) });
        }}
      />
    </Box>
  );
}
