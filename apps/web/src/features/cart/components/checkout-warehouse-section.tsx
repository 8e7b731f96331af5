import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { useCheckoutWarehousesQuery } from '../api/checkout';
import { CartLoadError } from './cart-notices';

type Warehouses = ReturnType<typeof useCheckoutWarehousesQuery>;
type Warehouse = NonNullable<Warehouses['data']>[number];

/** Where the goods go: one of the buyer's warehouses, or a link to add the first one. */
export function CheckoutWarehouseSection({
  warehouses,
  warehouseId,
  onChange,
}: {
  warehouses: Warehouses;
  warehouseId: string;
  onChange: (warehouseId: string) => void;
}) {
  const { t } = useTranslation();
  const list: Warehouse[] = warehouses.data ?? [];
  const warehouse = list.find((item) => item.sWarehouseId === warehouseId);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="warehouse-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="warehouse-title" component="h2" variant="h3" sx={{ mb: 1.5 }}>
        {t('cart.checkout.warehouseTitle')}
      </Typography>
      {warehouses.isError ? (
        <CartLoadError
          message={t('cart.checkout.warehousesFailed')}
          onRetry={() => void warehouses.refetch()}
        />
      ) : !warehouses.data ? (
        <Skeleton variant="rectangular" height={56} />
      ) : list.length === 0 ? (
        <Alert
          severity="warning"
          data-testid="no-warehouse"
          action={
            <Button component={RouterLink} to="/warehouse/add" color="inherit" size="small">
              {t('cart.checkout.addWarehouse')}
            </Button>
          }
        >
          {t('cart.checkout.noWarehouse')}
        </Alert>
      ) : (
        <TextField
          select
          label={t('cart.checkout.warehouse')}
          value={warehouseId}
          onChange={(event) => onChange(event.target.value)}
          margin="none"
          helperText={
            warehouse
              ? [
                  warehouse.sAddress,
                  warehouse.sCity,
                  warehouse.sState,
                  warehouse.sPostalCode,
                  warehouse.sCountry,
                ]
                  .filter(Boolean)
                  .join(', ')
              : undefined
          }
        >
          {list.map((item) => (
            <MenuItem key={item.sWarehouseId} value={item.sWarehouseId}>
              {item.sName}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Paper>
  );
}
