import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * Page links of a list (a <nav> with its own name), labelled in the interface language.
 * With `hrefOf` every page is a real link (`?page=2`) that opens in a new tab too, and the
 * link itself moves the page (`onChange` is not called then).
 */
export function ListPagination(props: {
  label: string;
  page: number;
  count: number;
  onChange: (page: number) => void;
  hrefOf?: (page: number) => string;
}) {
  const { t } = useTranslation();
  const { hrefOf } = props;
  if (props.count <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
      <Pagination
        aria-label={props.label}
        count={props.count}
        page={Math.min(props.page, props.count)}
        onChange={(_, page) => props.onChange(page)}
        color="primary"
        {...(hrefOf
          ? {
              renderItem: (item) =>
                item.page === null || item.disabled ? (
                  <PaginationItem {...item} />
                ) : (
                  <PaginationItem
                    {...item}
                    onClick={() => window.scrollTo({ top: 0 })}
                    component={RouterLink}
                    to={hrefOf(item.page)}
                  />
                ),
            }
          : {})}
        getItemAriaLabel={(type, page, selected) => {
          if (type === 'next') return t('pagination.next');
          if (type === 'previous') return t('pagination.previous');
          if (type === 'first') return t('pagination.first');
          if (type === 'last') return t('pagination.last');
          return selected
            ? t('pagination.current', { page: String(page) })
            : t('pagination.page', { page: String(page) });
        }}
      />
    </Box>
  );
}
