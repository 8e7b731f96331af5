import { zodResolver } from '@hookform/resolvers/zod';
import NewReleasesOutlinedIcon from '@mui/icons-material/NewReleasesOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldError, validationErrorMap } from '../../../lib/form-errors';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import type { Enterprise } from '../api/profile';
import { useEnterpriseQuery, useUpdateEnterprise } from '../api/profile';
import type { EnterpriseFormValues } from '../profile-forms';
import { enterpriseBody, enterpriseFormSchema, enterpriseFormValues } from '../profile-forms';
import { PAIR_SX } from '../../../components/form-layout';
import { ProfileTextField } from './profile-text-field';
import { FormActions, FormSkeleton, LoadError, SaveButton, TabSection } from './tab-section';
import { useWriteGuard } from '../../../lib/team-role';
import { getSession, updateSessionUser } from '../../../lib/session-store';
import { TimeZoneField } from './time-zone-field';

const resolver = zodResolver(enterpriseFormSchema, { error: validationErrorMap });
const FIELDS = [
  'sName',
  'sLegalAddress',
  'sPacaLicense',
  'sBlueBookNumber',
  'sTaxId',
  'sDescription',
  'sTimeZone',
] as const;

/** The verified flag: set by the back office only, shown read-only. */
function VerifiedChip({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return verified ? (
    <Chip
      icon={<VerifiedIcon />}
      color="success"
      label={t('profile.enterprise.verified')}
      data-testid="enterprise-verified"
    />
  ) : (
    <Chip
      icon={<NewReleasesOutlinedIcon />}
      variant="outlined"
      label={t('profile.enterprise.notVerified')}
      data-testid="enterprise-verified"
    />
  );
}

/** Tab 1: the company (GET customers/enterprises/{id}, PUT profile/enterprise). */
export function EnterpriseTab({ enterpriseId }: { enterpriseId: string }) {
  const { t } = useTranslation();
  const enterprise = useEnterpriseQuery(enterpriseId);
  return (
    <TabSection
      title={t('profile.enterprise.heading')}
      aside={enterprise.data ? <VerifiedChip verified={enterprise.data.bVerified} /> : undefined}
    >
      {enterprise.isPending ? (
        <FormSkeleton fields={6} />
      ) : enterprise.isError ? (
        <LoadError onRetry={() => void enterprise.refetch()} />
      ) : (
        <EnterpriseForm enterprise={enterprise.data} />
      )}
    </TabSection>
  );
}

function EnterpriseForm({ enterprise }: { enterprise: Enterprise }) {
  const { t } = useTranslation();
  const adminBlocked = useWriteGuard('admin');
  const update = useUpdateEnterprise();
  const { control, handleSubmit, reset, setError } = useForm<EnterpriseFormValues>({
    resolver,
    defaultValues: enterpriseFormValues(enterprise),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync(enterpriseBody(values));
      reset(enterpriseFormValues(answer.enterprise));
      // The screens follow the company's clock at once.
      const session = getSession();
      if (session) updateSessionUser({ ...session.user, sTimeZone: answer.enterprise.sTimeZone });
      showSuccessToast(t('profile.enterprise.saved'));
    } catch (error) {
      if (!applyServerFieldError(error, FIELDS, setError)) showErrorToast(error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {!enterprise.bVerified && (
        <Typography color="text.secondary" variant="body2">
          {t('profile.enterprise.verifiedHint')}
        </Typography>
      )}
      <ProfileTextField
        control={control}
        name="sName"
        label={t('profile.enterprise.name')}
        autoComplete="organization"
        required
      />
      <ProfileTextField
        control={control}
        name="sLegalAddress"
        label={t('profile.enterprise.legalAddress')}
        autoComplete="street-address"
      />
      <Box sx={PAIR_SX}>
        <ProfileTextField
          control={control}
          name="sPacaLicense"
          label={t('profile.enterprise.pacaLicense')}
        />
        <ProfileTextField
          control={control}
          name="sBlueBookNumber"
          label={t('profile.enterprise.blueBookNumber')}
        />
      </Box>
      <ProfileTextField control={control} name="sTaxId" label={t('profile.enterprise.taxId')} />
      <ProfileTextField
        control={control}
        name="sDescription"
        label={t('profile.enterprise.description')}
        multiline
        minRows={3}
      />
      <TimeZoneField control={control} />
      <FormActions>
        <SaveButton busy={update.isPending} reason={adminBlocked} />
      </FormActions>
    </form>
  );
}
