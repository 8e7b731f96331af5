import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useStepUpPrompt } from '../../lib/use-step-up-prompt';
import { PageFrame } from '../../components/page-frame';
import { formatMoney } from '../../lib/format';
import { useCanDecide } from '../../lib/team-role';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import {
  fetchApprovalQuote,
  useApprovalQuery,
  useDecideApprovalMutation,
  type ApprovalQuote,
} from './api/team';
import { ApprovalStatusChip } from './approvals-page';
import { formatInstant } from '../../components/format-instant';
import { useLanguage } from '../../lib/i18n/i18n';
import { AppDialog } from '../../components/app-dialog';
import { ApprovalDetails, Detail } from './approval-details';

/**
 * An approval: what was asked, by whom, and, for an ADMIN or APPROVER who did not ask, the
 * decision. Approving opens a review with a fresh quote; the request runs at that quote.
 */
export function ApprovalPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { approvalId = '' } = useParams();
  const approval = useApprovalQuery(approvalId);
  const canDecide = useCanDecide();
  const { approve, reject } = useDecideApprovalMutation(approvalId);
  const { withStepUp, prompt: stepUpPrompt } = useStepUpPrompt();
  const [reviewOpen, setReviewOpen] = useState(false);
  const [quote, setQuote] = useState<ApprovalQuote | undefined>(undefined);
  const [quoteState, setQuoteState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [rejectOpen, setRejectOpen] = useState(false);
  const [reason, setReason] = useState('');

  const openReview = async () => {
    setReviewOpen(true);
    setQuote(undefined);
    setQuoteState('loading');
    try {
      setQuote(await fetchApprovalQuote(approvalId));
      setQuoteState('idle');
    } catch {
      setQuoteState('failed');
    }
  };

  const confirmApprove = async () => {
    const reference = quote ? { sExchangeRateReference: quote.sExchangeRateReference } : {};
    try {
      // An approver with a second factor confirms with a fresh code (step-up).
      const decided = await withStepUp((stepUpCode) =>
        approve.mutateAsync({ ...reference, stepUpCode }),
      );
      if (decided === undefined) return;
      setReviewOpen(false);
      if (decided.sStatus === 'FAILED') {
        showErrorToast(
          new Error(
            t('team.approvals.failedRun', {
              reason: decided.sFailureReason ?? decided.sFailureCode ?? '',
            }),
          ),
        );
      } else if (decided.sStatus === 'PENDING') {
        showSuccessToast(t('team.approvals.signedOff'));
      } else {
        showSuccessToast(t('team.approvals.approved'));
      }
    } catch (error) {
      showErrorToast(error);
    }
  };

  const confirmReject = () => {
    reject.mutate(reason.trim() ? { sReason: reason.trim() } : {}, {
      onSuccess: () => {
        setRejectOpen(false);
        showSuccessToast(t('team.approvals.rejected'));
      },
      onError: (error) => showErrorToast(error),
    });
  };

  const item = approval.data;
  const pending = item?.sStatus === 'PENDING';
  const decideHint =
    !item || !pending
      ? null
      : item.bMine
        ? t('team.approvals.mine')
        : canDecide
          ? null
          : t('team.approvals.notDecider');

  return (
    <PageFrame title={t('team.approvals.detailTitle')}>
      <Link component={RouterLink} to="/approvals" sx={{ display: 'inline-block', mb: 2 }}>
        {t('team.approvals.back')}
      </Link>
      {approval.isPending ? (
        <CircularProgress aria-label={t('team.approvals.detailTitle')} />
      ) : approval.isError || !item ? (
        <Alert severity="error">{t('team.approvals.loadFailed')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="approval-detail">
          <Box component="dl" sx={{ m: 0 }}>
            <Detail label={t('team.approvals.columns.kind')}>{item.oDetails.sWhat}</Detail>
            <Detail label={t('team.approvals.columns.status')}>
              <ApprovalStatusChip status={item.sStatus} />
            </Detail>
            <Detail label={t('team.approvals.columns.by')}>
              {`${item.requestedBy.sFullName} · ${formatInstant(item.requested_at, language)}`}
            </Detail>
            <Detail label={t('team.approvals.expiresAt')}>
              {formatInstant(item.expiresAt, language)}
            </Detail>
            {(item.iApproversRequired > 1 || item.approvedBy.length > 0) && (
              <Detail label={t('team.approvals.approvedBy')}>
                {item.approvedBy.length === 0
                  ? t('team.approvals.nobodyYet')
                  : item.approvedBy
                      .map(
                        (person) => `${person.sFullName} · ${formatInstant(person.dAt, language)}`,
                      )
                      .join('; ')}
                {pending && item.approvedBy.length < item.iApproversRequired && (
                  <Typography variant="body2" color="text.secondary">
                    {t('team.approvals.stillNeeded', {
                      count: item.iApproversRequired - item.approvedBy.length,
                      required: String(item.iApproversRequired),
                    })}
                  </Typography>
                )}
              </Detail>
            )}
            {item.decidedBy && (
              <Detail label={t('team.approvals.decidedBy')}>
                {`${item.decidedBy.sFullName}${item.decided_at ? ` · ${formatInstant(item.decided_at, language)}` : ''}`}
              </Detail>
            )}
            {item.sReason && <Detail label={t('team.approvals.reason')}>{item.sReason}</Detail>}
            {item.sFailureCode && (
              <Detail label={t('team.approvals.failure')}>
                {item.sFailureReason ?? item.sFailureCode}
              </Detail>
            )}
          </Box>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', mt: 3, mb: 1 }}>
            {t('team.approvals.request')}
          </Typography>
          <ApprovalDetails details={item.oDetails} />
          {pending && (
            <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button
                variant="contained"
                onClick={() => void openReview()}
                disabled={decideHint !== null}
              >
                {t('team.approvals.approve')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() => setRejectOpen(true)}
                disabled={decideHint !== null}
              >
                {t('team.approvals.reject')}
              </Button>
              {decideHint && <Typography color="text.secondary">{decideHint}</Typography>}
            </Box>
          )}
        </Paper>
      )}

      <AppDialog
        open={reviewOpen}
        onClose={() => setReviewOpen(false)}
        busy={approve.isPending}
        aria-labelledby="approve-title"
      >
        <DialogTitle id="approve-title">{t('team.approvals.reviewTitle')}</DialogTitle>
        <DialogContent>
          {quoteState === 'loading' ? (
            <CircularProgress aria-label={t('team.approvals.freshRate')} />
          ) : quoteState === 'failed' ? (
            <Alert severity="error">{t('team.approvals.quoteFailed')}</Alert>
          ) : quote ? (
            <>
              <Typography sx={{ mb: 1 }}>{t('team.approvals.reviewIntro')}</Typography>
              <Box component="dl" sx={{ m: 0 }}>
                <Detail label={t('team.approvals.freshRate')}>
                  <span data-testid="fresh-rate">{quote.dExchangeRate.toFixed(4)}</span>
                </Detail>
                {item?.dAmountUsd !== null && item?.dAmountUsd !== undefined && (
                  <Detail label={t('team.approvals.columns.amount')}>
                    {formatMoney(item.dAmountUsd)}
                  </Detail>
                )}
              </Box>
              <Typography color="text.secondary" variant="body2">
                {t('team.approvals.quoteExpires', {
                  time: formatInstant(quote.quoteExpiresAt, language),
                })}
              </Typography>
            </>
          ) : (
            <Typography>{t('team.approvals.noQuote')}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReviewOpen(false)}>{t('team.approvals.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => void confirmApprove()}
            loading={approve.isPending}
            disabled={quoteState !== 'idle'}
          >
            {t('team.approvals.confirmApprove')}
          </Button>
        </DialogActions>
      </AppDialog>

      {stepUpPrompt}

      <AppDialog
        open={rejectOpen}
        onClose={() => setRejectOpen(false)}
        busy={reject.isPending}
        aria-labelledby="reject-title"
      >
        <DialogTitle id="reject-title">{t('team.approvals.rejectTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={t('team.approvals.rejectReason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejectOpen(false)}>{t('team.approvals.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={confirmReject}
            loading={reject.isPending}
          >
            {t('team.approvals.confirmReject')}
          </Button>
        </DialogActions>
      </AppDialog>
    </PageFrame>
  );
}
