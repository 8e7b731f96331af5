import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebhookEndpointsQuery } from '../api/notifications-webhooks';
import { LoadError, TabSection } from './tab-section';
import { AddEndpointDialog, SecretDialog } from './webhook-endpoint-dialogs';
import { EndpointCard } from './webhook-endpoint-card';

/** The company's webhook endpoints (managers only): add, secret once, log, replay, delete. */
export function WebhooksTab() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpointsQuery();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string>();

  return (
    <TabSection
      title={t('profile.webhooks.heading')}
      intro={t('profile.webhooks.intro')}
      aside={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('profile.webhooks.add')}
        </Button>
      }
    >
      {endpoints.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={96} />
        </Box>
      ) : endpoints.isError ? (
        <LoadError onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <Typography color="text.secondary">{t('profile.webhooks.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.sEndpointId} endpoint={endpoint} onSecret={setSecret} />
          ))}
        </Box>
      )}
      {adding && (
        <AddEndpointDialog
          onClose={() => setAdding(false)}
          onCreated={(newSecret) => {
            setAdding(false);
            setSecret(newSecret);
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />}
    </TabSection>
  );
}
