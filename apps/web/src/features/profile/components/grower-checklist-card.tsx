import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiGet } from '../../../lib/api/typed-client';
import { useSession } from '../../../lib/session-store';
import { articleKeys } from '../api/articles';
import { bankQueryOptions, enterpriseQueryOptions, verificationQueryOptions } from '../api/profile';
import { growerChecklist } from '../grower-checklist';

/** The newest active articles: one with a photo among them ticks the last step. */
const CHECKED_ARTICLES = 100;

function activeArticlesQueryOptions() {
  return queryOptions({
    queryKey: [...articleKeys.all, 'checklist'] as const,
    queryFn: () =>
      apiGet('vendor/articles', { query: { bActive: 'true', limit: CHECKED_ARTICLES } }),
  });
}

/**
 * A grower's checklist (PACA licence, tax id, CLABE, first article with a photo, then the
 * back office's verification) with a link to each of its own steps and a preview of its
 * storefront. Shown to a grower's managers until every step is done, and again if the
 * verification is withdrawn (with the back office's reason); it reads the same data the
 * profile tabs save, so it updates as they do.
 */
export function GrowerChecklistCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const user = useSession()?.user;
  const isGrowerManager = user?.sRole === 'vendor' && user.isManager;
  const enterpriseId = user?.sEnterpriseId ?? '';
  const enterprise = useQuery({
    ...enterpriseQueryOptions(enterpriseId),
    enabled: isGrowerManager,
    meta: { errorToast: false },
  });
  const bank = useQuery({
    ...bankQueryOptions(),
    enabled: isGrowerManager,
    meta: { errorToast: false },
  });
  const articles = useQuery({
    ...activeArticlesQueryOptions(),
    enabled: isGrowerManager,
    meta: { errorToast: false },
  });
  const verification = useQuery({
    ...verificationQueryOptions(),
    enabled: isGrowerManager,
    meta: { errorToast: false },
  });
  if (!isGrowerManager || !enterprise.data || !bank.data || !articles.data) return null;

  const { steps, doneCount, complete, readyForReview } = growerChecklist({
    enterprise: enterprise.data,
    bank: bank.data,
    articles: articles.data.articles,
  });
  if (complete) return null;
  const withdrawnReason =
    !enterprise.data.bVerified && verification.data?.sReason ? verification.data.sReason : null;
  let verificationStatus: string;
  if (withdrawnReason) {
    verificationStatus = t('onboarding.verification.withdrawn', { reason: withdrawnReason });
  } else if (readyForReview) {
    verificationStatus = t('onboarding.verification.pending');
  } else {
    verificationStatus = t('onboarding.verification.waiting');
  }
  const progress = t('onboarding.progress', {
    done: String(doneCount),
    total: String(steps.length),
  });

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="grower-checklist"
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 3, borderColor: 'primary.main' }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.2rem' }}>
        {t('onboarding.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('onboarding.intro')} {progress}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(doneCount / steps.length) * 100}
        aria-label={progress}
        sx={{ mb: 1.5, height: 6, borderRadius: 3 }}
      />
      <Box
        component="ol"
        aria-label={t('onboarding.listLabel')}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {steps.map((step) => (
          <Box
            component="li"
            key={step.key}
            data-testid={`checklist-${step.key}`}
            data-done={step.done}
            sx={{
              display: 'flex',
              alignItems: 'center',
              flexWrap: 'wrap',
              gap: 1,
              py: 0.75,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            {step.done ? (
              <CheckCircleIcon color="success" titleAccess={t('onboarding.done')} />
            ) : (
              <RadioButtonUncheckedIcon color="disabled" titleAccess={t('onboarding.toDo')} />
            )}
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography sx={{ color: step.done ? 'text.secondary' : 'text.primary' }}>
                {t(`onboarding.steps.${step.key}`)}
              </Typography>
              {step.key === 'verification' && !step.done && (
                <Typography
                  variant="body2"
                  data-testid="verification-status"
                  sx={{
                    color: withdrawnReason ? 'error.dark' : 'text.secondary',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {verificationStatus}
                </Typography>
              )}
            </Box>
            {!step.done && step.key !== 'verification' && step.to !== null && (
              <Button component={RouterLink} to={step.to} size="small" variant="outlined">
                {t(`onboarding.actions.${step.key}`)}
              </Button>
            )}
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button
          component={RouterLink}
          to={`/vendor/detail/${enterpriseId}`}
          startIcon={<StorefrontOutlinedIcon />}
        >
          {t('onboarding.preview')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('onboarding.previewHint')}
        </Typography>
      </Box>
    </Paper>
  );
}
