import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame';
import { useSession } from '../../lib/session-store';
import { operatorKeys, useEnterprisesQuery, type OpsEnterprise } from './api/operator';
import { CreditDepositDialog } from './components/credit-deposit-dialog';
import { EnterprisesGrid } from './components/enterprises-grid';

/** /operator, the back office: enterprises with their balances, and crediting received wires. */
export function OperatorPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isOperator = session?.user.sRole === 'operator';
  const queryClient = useQueryClient();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [crediting, setCrediting] = useState<OpsEnterprise | null>(null);
  const enterprisesQuery = useEnterprisesQuery(
    pagination.page + 1,
    pagination.pageSize,
    isOperator,
  );
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
    [queryClient],
  );

  if (!isOperator) {
    return (
      <PageFrame title={t('operator.title')}>
        <Alert severity="info" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
          <AlertTitle>{t('operator.notOperatorTitle')}</AlertTitle>
          {t('operator.notOperator')}
        </Alert>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('operator.title')} subtitle={t('operator.subtitle')}>
      {enterprisesQuery.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void enterprisesQuery.refetch()}>
              {t('operator.retry')}
            </Button>
          }
        >
          {t('operator.loadFailed')}
        </Alert>
      )}
      <EnterprisesGrid
        enterprises={enterprisesQuery.data?.enterprises ?? []}
        total={enterprisesQuery.data?.total ?? 0}
        loading={enterprisesQuery.isPending || enterprisesQuery.isPlaceholderData}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        onCredit={setCrediting}
      />
      <CreditDepositDialog
        enterprise={crediting}
        onClose={() => setCrediting(null)}
        onReload={reload}
      />
    </PageFrame>
  );
}
