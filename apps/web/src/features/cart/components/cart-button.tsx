import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCartQuery } from '../api/cart';
import { cartLineCount } from '../cart-math';

/** The top bar's cart link for a buyer, with the number of lines in all the grower carts. */
export function CartButton() {
  const { t } = useTranslation();
  const cart = useCartQuery();
  // The bar is on every marketplace page: an odd answer must not break it, so it is checked.
  const results = cart.data?.results;
  const count = Array.isArray(results) ? cartLineCount(results) : 0;
  const label = t('cart.topBar.open', { count });
  return (
    <Tooltip title={label}>
      <IconButton
        component={RouterLink}
        to="/shopping-cart"
        aria-label={label}
        color="inherit"
        data-testid="cart-button"
      >
        <Badge badgeContent={count} color="primary" max={99}>
          <ShoppingCartOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
