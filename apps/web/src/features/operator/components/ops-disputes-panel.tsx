import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { todayInTimeZone } from '@app/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { DisputeImagesGallery } from '../../../lib/disputes/dispute-images-gallery';
import {
  useOpsDisputeQuery,
  useOpsDisputesQuery,
  useResolveDispute,
  type OpsDispute,
} from '../api/ops-money';
import { checkSplit, restOfHold } from '../dispute-split';
import { SmallTable } from '../../../components/small-table';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** The resolution form: the split of the held money, then a review step before it moves. */
function ResolveForm({ dispute }: { dispute: OpsDispute }) {
  const { t } = useTranslation();
  const resolve = useResolveDispute(dispute.sDisputeId);
  const [refund, setRefund] = useState('');
  const [release, setRelease] = useState('');
  const [resolution, setResolution] = useState('');
  const [inCharge, setInCharge] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const split = checkSplit(refund, release, dispute.dHeld);
  const textProblems = {
    resolution: resolution.trim() === '',
    inCharge: inCharge.trim() === '',
  };
  const valid = split.ok && !textProblems.resolution && !textProblems.inCharge;
  const problemText = (problem: string | undefined) =>
    problem === 'splitMismatch'
      ? t('money.ops.disputes.splitMismatch', { held: formatMoney(dispute.dHeld) })
      : problem
        ? t(`money.ops.disputes.${problem as 'required' | 'invalidAmount'}`)
        : undefined;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (valid) setReviewing(true);
      }}
      aria-labelledby="resolve-title"
    >
      <Typography id="resolve-title" component="h3" variant="h4" sx={{ mb: 1.5 }}>
        {t('money.ops.disputes.resolveTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('money.ops.disputes.refund')}
          value={refund}
          inputMode="decimal"
          onChange={(event) => {
            setRefund(event.target.value);
            const rest = restOfHold(event.target.value, dispute.dHeld);
            if (rest !== undefined) setRelease(rest);
          }}
          error={submitted && Boolean(split.refund)}
          helperText={submitted ? problemText(split.refund) : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'split-refund' } }}
        />
        <TextField
          label={t('money.ops.disputes.release')}
          value={release}
          inputMode="decimal"
          onChange={(event) => setRelease(event.target.value)}
          error={submitted && Boolean(split.release)}
          helperText={submitted ? problemText(split.release) : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'split-release' } }}
        />
        <TextField
          label={t('money.ops.disputes.resolution')}
          value={resolution}
          multiline
          minRows={2}
          onChange={(event) => setResolution(event.target.value)}
          error={submitted && textProblems.resolution}
          helperText={
            submitted && textProblems.resolution ? t('money.ops.disputes.required') : undefined
          }
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <TextField
          label={t('money.ops.disputes.inCharge')}
          value={inCharge}
          onChange={(event) => setInCharge(event.target.value)}
          error={submitted && textProblems.inCharge}
          helperText={
            submitted && textProblems.inCharge ? t('money.ops.disputes.required') : undefined
          }
        />
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 2 }}>
        {t('money.ops.disputes.review')}
      </Button>
      <ConfirmDialog
        open={reviewing}
        title={t('money.ops.disputes.reviewTitle')}
        confirmLabel={t('money.ops.disputes.confirm')}
        cancelLabel={t('money.ops.disputes.cancel')}
        busy={resolve.isPending}
        onCancel={() => setReviewing(false)}
        onConfirm={() =>
          resolve.mutate(
            {
              sResolution: resolution.trim(),
              sInCharge: inCharge.trim(),
              dRefund: Number(refund.trim()),
              dRelease: Number(release.trim()),
            },
            {
              onSuccess: () => {
                setReviewing(false);
                showSuccessToast(t('money.ops.disputes.resolved'));
              },
              onError: (error) => {
                setReviewing(false);
                showErrorToast(error);
              },
            },
          )
        }
      >
        <Typography sx={{ mb: 1.5 }}>{t('money.ops.disputes.reviewIntro')}</Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
          {[
            { label: t('money.ops.disputes.heldAmount'), value: formatMoney(dispute.dHeld) },
            { label: t('money.ops.disputes.refund'), value: formatMoney(refund.trim() || '0') },
            { label: t('money.ops.disputes.release'), value: formatMoney(release.trim() || '0') },
          ].map((row) => (
            <Box key={row.label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                {row.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </ConfirmDialog>
    </Box>
  );
}

function DisputeDetail({ disputeId, onBack }: { disputeId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const query = useOpsDisputeQuery(disputeId);
  const dispute = query.data;
  return (
    <Box>
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 2 }}>
        {t('money.ops.disputes.back')}
      </Button>
      {query.isError ? (
        <Alert severity="error">{t('money.ops.disputes.loadFailed')}</Alert>
      ) : !dispute ? (
        <Skeleton variant="rectangular" height={320} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
          data-testid="ops-dispute-detail"
        >
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography component="h3" variant="h4" sx={{ mb: 1.5 }}>
              {t('money.ops.disputes.dispute')} #{dispute.iTrackingId} ·{' '}
              {t('money.ops.disputes.order')} #{dispute.iOrderTrackingId}
            </Typography>
            <Field label={t('money.ops.disputes.buyer')}>{dispute.sBuyerName}</Field>
            <Field label={t('money.ops.disputes.grower')}>{dispute.sVendorName}</Field>
            <Field label={t('money.ops.disputes.category')}>
              {dispute.sCategoryName} · {dispute.sSubcategoryName}
            </Field>
            <Field label={t('money.ops.disputes.description')}>{dispute.sDescription}</Field>
            <Field label={t('money.ops.disputes.vendorAnswer')}>
              {dispute.sVendorAnswer ?? t('money.ops.disputes.noAnswer')}
            </Field>
            <Field label={t('money.ops.disputes.images')}>
              <DisputeImagesGallery disputeId={dispute.sDisputeId} images={dispute.images} />
            </Field>
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Field label={t('money.ops.disputes.heldAmount')}>
              <Typography variant="h3" component="p" data-testid="dispute-held">
                {formatMoney(dispute.dHeld)} USD
              </Typography>
            </Field>
            {dispute.sStatus === 'IN_PROCESS' ? (
              <ResolveForm dispute={dispute} />
            ) : (
              <>
                <Typography component="h3" variant="h4" sx={{ mb: 1.5 }}>
                  {t('money.ops.disputes.resolvedTitle')}
                </Typography>
                <Field label={t('money.ops.disputes.resolution')}>{dispute.sResolution}</Field>
                <Field label={t('money.ops.disputes.inCharge')}>{dispute.sInCharge}</Field>
                {dispute.dRefunded !== null && (
                  <Field label={t('money.ops.disputes.refunded')}>
                    <strong data-testid="dispute-refunded">{formatMoney(dispute.dRefunded)}</strong>
                  </Field>
                )}
                {dispute.dReleased !== null && (
                  <Field label={t('money.ops.disputes.released')}>
                    <strong data-testid="dispute-released">{formatMoney(dispute.dReleased)}</strong>
                  </Field>
                )}
              </>
            )}
          </Paper>
        </Box>
      )}
    </Box>
  );
}

/** The back office's disputes: in process and finalized, a detail with photos, a resolution. */
export function OpsDisputesPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [tab, setTab] = useState<'in-process' | 'finalized'>('in-process');
  const [selected, setSelected] = useState<string | null>(null);
  const list = useOpsDisputesQuery(tab, 1);
  if (selected) return <DisputeDetail disputeId={selected} onBack={() => setSelected(null)} />;
  const disputes = list.data?.disputes ?? [];
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, value: 'in-process' | 'finalized') => setTab(value)}
        sx={{ mb: 2 }}
      >
        <Tab value="in-process" label={t('money.ops.disputes.inProcess')} />
        <Tab value="finalized" label={t('money.ops.disputes.finalized')} />
      </Tabs>
      {list.isError ? (
        <Alert severity="error">{t('money.ops.disputes.loadFailed')}</Alert>
      ) : !list.data ? (
        <Skeleton variant="rectangular" height={200} />
      ) : disputes.length === 0 ? (
        <Typography color="text.secondary">{t('money.ops.disputes.empty')}</Typography>
      ) : (
        <SmallTable
          label={t('money.ops.disputes.tableLabel')}
          head={
            <>
              <TableCell>{t('money.ops.disputes.dispute')}</TableCell>
              <TableCell>{t('money.ops.disputes.buyer')}</TableCell>
              <TableCell>{t('money.ops.disputes.grower')}</TableCell>
              <TableCell>{t('money.ops.disputes.category')}</TableCell>
              <TableCell>{t('money.ops.disputes.date')}</TableCell>
              <TableCell />
            </>
          }
        >
          {disputes.map((dispute) => (
            <TableRow key={dispute.sDisputeId} data-testid="ops-dispute-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                #{dispute.iTrackingId}
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('money.ops.disputes.order')} #{dispute.iOrderTrackingId}
                </Typography>
              </TableCell>
              <TableCell>{dispute.sBuyerName}</TableCell>
              <TableCell>{dispute.sVendorName}</TableCell>
              <TableCell>
                {dispute.sCategoryName}
                {dispute.iImages > 0 && (
                  <Chip size="small" label={`📷 ${dispute.iImages}`} sx={{ ml: 1 }} />
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(todayInTimeZone(new Date(dispute.created_at)), language)}
              </TableCell>
              <TableCell>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setSelected(dispute.sDisputeId)}
                >
                  {t('money.ops.disputes.open')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    </Box>
  );
}
