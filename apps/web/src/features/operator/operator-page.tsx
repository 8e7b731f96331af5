import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { TabbedPanel } from '../../components/tabbed-panel';
import { useSession } from '../../lib/session-store';
import { operatorKeys, useEnterprisesQuery, type OpsEnterprise } from './api/operator';
import { CreditDepositDialog } from './components/credit-deposit-dialog';
import { SimulateSpeiDialog } from './components/simulate-spei-dialog';
import { VerificationDialog } from './components/verification-dialog';
import { EnterprisesGrid } from './components/enterprises-grid';
import { BankChangesPanel } from './components/bank-changes-panel';
import { BankStatementsPanel } from './components/bank-statements-panel';
import { HeldFundsPanel } from './components/held-funds-panel';
import { HouseIncomePanel } from './components/house-income-panel';
import { JobsPanel } from './components/jobs-panel';
import { OpsDisputesPanel } from './components/ops-disputes-panel';
import { SpeiPanel } from './components/spei-panel';
import { LoadError } from '../../components/load-error';

const TABS = [
  'enterprises',
  'deposits',
  'statements',
  'spei',
  'disputes',
  'held',
  'income',
  'bankChanges',
  'jobs',
] as const;
type OpsTab = (typeof TABS)[number];

/**
 * /operator, the back office (the operator's home): enterprises with their balances and
 * verification, crediting received wires, importing bank statements and working their
 * unmatched credits, disputes resolved with a split of the held money, the held order funds,
 * the house's fee income, bank account changes still in their cooling-off, and the background
 * jobs.
 */
export function OperatorPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isOperator = session?.user.sRole === 'operator';
  const queryClient = useQueryClient();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [crediting, setCrediting] = useState<OpsEnterprise | null>(null);
  const [simulating, setSimulating] = useState<OpsEnterprise | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: OpsTab = TABS.find((item) => item === requested) ?? 'enterprises';
  const [deciding, setDeciding] = useState<OpsEnterprise | null>(null);
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

  const grid = (mode: 'enterprises' | 'deposits') => (
    <>
      {enterprisesQuery.isError && (
        <LoadError
          message={t('operator.loadFailed')}
          retryLabel={t('operator.retry')}
          onRetry={() => void enterprisesQuery.refetch()}
          sx={{ mb: 2 }}
        />
      )}
      <EnterprisesGrid
        enterprises={enterprisesQuery.data?.enterprises ?? []}
        total={enterprisesQuery.data?.total ?? 0}
        loading={enterprisesQuery.isPending || enterprisesQuery.isPlaceholderData}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        {...(mode === 'deposits'
          ? { onCredit: setCrediting, onSimulateSpei: setSimulating }
          : { onToggleVerified: setDeciding })}
      />
    </>
  );

  return (
    <PageFrame title={t('operator.title')} subtitle={t('operator.subtitle')}>
      <TabbedPanel
        idPrefix="ops"
        tabs={TABS}
        value={tab}
        labelOf={(item) =>
          item === 'jobs' || item === 'statements' || item === 'spei'
            ? t(`operator.tabs.${item}`)
            : t(`money.ops.tabs.${item}`)
        }
        ariaLabel={t('operator.title')}
        onChange={(value) => setSearchParams({ tab: value }, { replace: true })}
      >
        {tab === 'enterprises' && grid('enterprises')}
        {tab === 'deposits' && (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('money.ops.depositsIntro')}
            </Typography>
            {grid('deposits')}
          </>
        )}
        {tab === 'disputes' && <OpsDisputesPanel />}
        {tab === 'held' && <HeldFundsPanel />}
        {tab === 'income' && <HouseIncomePanel />}
        {tab === 'bankChanges' && <BankChangesPanel />}
        {tab === 'statements' && <BankStatementsPanel />}
        {tab === 'spei' && <SpeiPanel />}
        {tab === 'jobs' && <JobsPanel />}
      </TabbedPanel>
      <CreditDepositDialog
        enterprise={crediting}
        onClose={() => setCrediting(null)}
        onReload={reload}
      />
      <VerificationDialog enterprise={deciding} onClose={() => setDeciding(null)} />
      <SimulateSpeiDialog
        enterprise={simulating}
        onClose={() => setSimulating(null)}
        onReload={reload}
      />
    </PageFrame>
  );
}
