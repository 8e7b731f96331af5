import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Warehouse } from '../api/warehouses';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex', pt: '2px' }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

interface WarehouseCardProps {
  warehouse: Warehouse;
  busy: boolean;
  onDelete: () => void;
}

/** One warehouse: name, full address, contact and coordinates; edit and delete. */
export function WarehouseCard({ warehouse, busy, onDelete }: WarehouseCardProps) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const name = warehouse.sName;
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="warehouse-card"
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Line icon={<PlaceOutlinedIcon fontSize="small" />}>
          <div>{warehouse.sAddress}</div>
          <div>
            {warehouse.sCity}, {warehouse.sState} {warehouse.sPostalCode}
          </div>
          <div>{warehouse.sCountry}</div>
        </Line>
        <Line icon={<PersonOutlineIcon fontSize="small" />}>
          {t('warehouses.manager', { name: warehouse.sManager })}
        </Line>
        <Line icon={<PhoneOutlinedIcon fontSize="small" />}>{warehouse.sPhone}</Line>
        <Line icon={<EmailOutlinedIcon fontSize="small" />}>{warehouse.sEmail}</Line>
        {warehouse.dLatitude !== null && warehouse.dLongitude !== null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('warehouses.coordinates', {
              lat: String(warehouse.dLatitude),
              lng: String(warehouse.dLongitude),
            })}
          </Typography>
        )}
        {warehouse.sComments && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {warehouse.sComments}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <WithReason reason={writeBlocked}>
          <Button
            variant="outlined"
            component={RouterLink}
            to={`/warehouse/edit/${encodeURIComponent(warehouse.sWarehouseId)}`}
            aria-label={t('warehouses.editNamed', { name })}
          >
            {t('warehouses.edit')}
          </Button>
        </WithReason>
        <WithReason reason={writeBlocked}>
          <Button
            color="error"
            disabled={busy}
            onClick={onDelete}
            aria-label={t('warehouses.deleteNamed', { name })}
          >
            {t('warehouses.delete')}
          </Button>
        </WithReason>
      </CardActions>
    </Card>
  );
}
