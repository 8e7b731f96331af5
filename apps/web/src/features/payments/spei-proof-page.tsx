import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/i18n';
import { getSpeiProofPdf, useSpeiProofQuery } from './api/batches';
import { formatInstant } from '../../components/format-instant';
import { base64ToBlob, downloadBlob } from '../../lib/files';

/** /payments/:paymentId/spei: the CEP-style proof of a payout, and its PDF. */
export function SpeiProofPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { paymentId = '' } = useParams();
  const proof = useSpeiProofQuery(paymentId);
  const pdf = useMutation({
    mutationFn: () => getSpeiProofPdf(paymentId),
    onSuccess: (data) =>
      downloadBlob(base64ToBlob(data), `SPEI-${proof.data?.sTrackingKey ?? paymentId}.pdf`),
  });

  const data = proof.data;
  const sections: Array<Array<{ label: string; value: string; testId?: string }>> = data
    ? [
        [
          {
            label: t('payables.proof.trackingKey'),
            value: data.sTrackingKey,
            testId: 'proof-tracking-key',
          },
          {
            label: t('payables.proof.status'),
            value: t(`payables.proof.statuses.${data.sStatus}`),
          },
          ...(data.sStatus === 'RETURNED'
            ? [
                {
                  label: t('payables.proof.returnReason'),
                  value: data.sReturnReason ?? t('payables.proof.none'),
                },
              ]
            : []),
          { label: t('payables.proof.ordered'), value: formatInstant(data.created_at, language) },
          ...(data.sStatus === 'COMPLETED' && data.completed_at
            ? [
                {
                  label: t('payables.proof.liquidated'),
                  value: formatInstant(data.completed_at, language),
                },
              ]
            : []),
        ],
        [
          { label: t('payables.proof.sending'), value: data.sSendingInstitution },
          { label: t('payables.proof.issuer'), value: data.issuer.sName },
          {
            label: t('payables.proof.issuerTaxId'),
            value: data.issuer.sTaxId ?? t('payables.proof.none'),
          },
        ],
        [
          { label: t('payables.proof.receiving'), value: data.payee.sBankName },
          { label: t('payables.proof.payee'), value: data.payee.sName },
          { label: t('payables.proof.payeeTaxId'), value: data.payee.sTaxId },
          { label: t('payables.proof.clabe'), value: data.payee.sAccountNumber },
        ],
        [
          { label: t('payables.proof.amount'), value: `${formatMoney(data.dAmount)} MXN` },
          { label: t('payables.proof.concept'), value: data.sConcept },
        ],
        // What Banxico's CEP is looked up by, once STP settled the transfer.
        ...(data.cep
          ? [
              [
                { label: t('payables.proof.cep.date'), value: data.cep.sFechaOperacion },
                {
                  label: t('payables.proof.cep.trackingKey'),
                  value: data.cep.sClaveRastreo,
                  testId: 'cep-tracking-key',
                },
                {
                  label: t('payables.proof.cep.sending'),
                  value: `${data.cep.sEmisorName} (${data.cep.sEmisor})`,
                },
                {
                  label: t('payables.proof.cep.receiving'),
                  value: `${data.cep.sReceptorName} (${data.cep.sReceptor})`,
                },
                {
                  label: t('payables.proof.cep.account'),
                  value: data.cep.sCuentaBeneficiario,
                  testId: 'cep-account',
                },
                {
                  label: t('payables.proof.cep.amount'),
                  value: `${formatMoney(data.cep.dMonto)} MXN`,
                },
              ],
            ]
          : []),
      ]
    : [];

  return (
    <PageFrame
      title={t('payables.proof.title')}
      subtitle={t('payables.proof.subtitle')}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/payments" variant="outlined">
            {t('payables.batchPage.back')}
          </Button>
          <Button
            variant="contained"
            startIcon={
              pdf.isPending ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />
            }
            disabled={!data || pdf.isPending}
            onClick={() => pdf.mutate()}
          >
            {t('payables.proof.download')}
          </Button>
        </Box>
      }
    >
      {proof.isError && <Alert severity="error">{t('payables.proof.loadFailed')}</Alert>}
      {proof.isPending && <Skeleton variant="rounded" height={320} />}
      {data && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
          {sections.map((section, index) => (
            <Fragment key={index}>
              {index > 0 && <Divider sx={{ my: 2 }} />}
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '240px 1fr' },
                  columnGap: 2,
                  rowGap: 1,
                  m: 0,
                }}
              >
                {section.map((entry) => (
                  <Fragment key={entry.label}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {entry.label}
                    </Typography>
                    <Typography
                      component="dd"
                      sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
                      data-testid={entry.testId}
                    >
                      {entry.value}
                    </Typography>
                  </Fragment>
                ))}
              </Box>
            </Fragment>
          ))}
          {data.cep && (
            <Link
              href={data.cep.sUrl}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'inline-block', mt: 2 }}
              data-testid="cep-link"
            >
              {t('payables.proof.cep.link')}
            </Link>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3 }}>
            {t('payables.proof.official')}
          </Typography>
        </Paper>
      )}
    </PageFrame>
  );
}
