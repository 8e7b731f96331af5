import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { validationErrorMap } from '../../../lib/form-errors';
import { formatDateTime } from '../../../components/format-instant';
import { useLanguage } from '../../../lib/i18n/i18n';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useStepUpPrompt } from '../../../lib/use-step-up-prompt';
import type { BankRegistration } from '../api/profile';
import { useBankQuery, useUpdateBank } from '../api/profile';
import type { BankFormValues } from '../profile-forms';
import { bankBody, bankFormSchema, bankFormValues, bankOfClabe } from '../profile-forms';
import { PAIR_SX } from '../../../components/form-layout';
import { ProfileTextField } from './profile-text-field';
import { FormActions, FormSkeleton, LoadError, SaveButton, TabSection } from './tab-section';
import { useWriteGuard } from '../../../lib/team-role';

const resolver = zodResolver(bankFormSchema, { error: validationErrorMap });

/** The text for the server's refusal of a field (its message names no reason). */
const SERVER_MESSAGES = {
  clabe: 'clabeServer',
  sAccount_number: 'accountNumber',
  sRouting_number: 'routingNumber',
} as const;

/** Tab 3 (vendors): where the grower's sales are paid (GET/PUT profile/bank). */
export function BankTab() {
  const { t } = useTranslation();
  const bank = useBankQuery();
  const registered = Boolean(bank.data?.clabe);
  return (
    <TabSection
      title={t('profile.bank.heading')}
      intro={t('profile.bank.intro')}
      aside={
        bank.data ? (
          <Chip
            icon={registered ? <CheckCircleIcon /> : <ErrorOutlineIcon color="warning" />}
            color={registered ? 'success' : 'default'}
            variant={registered ? 'filled' : 'outlined'}
            label={registered ? t('profile.bank.registered') : t('profile.bank.notRegistered')}
          />
        ) : undefined
      }
    >
      {bank.isPending ? (
        <FormSkeleton fields={5} />
      ) : bank.isError ? (
        <LoadError onRetry={() => void bank.refetch()} />
      ) : (
        <BankForm bank={bank.data} />
      )}
    </TabSection>
  );
}

function BankForm({ bank }: { bank: BankRegistration }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const adminBlocked = useWriteGuard('admin');
  const update = useUpdateBank();
  const { withStepUp, prompt: stepUpPrompt } = useStepUpPrompt();
  const { control, handleSubmit, reset, setError, getValues, setValue } = useForm<BankFormValues>({
    resolver,
    defaultValues: bankFormValues(bank),
  });
  const clabe = useWatch({ control, name: 'clabe' });
  const clabeBank = bankOfClabe(clabe);

  const onSubmit = handleSubmit(async (values) => {
    try {
      // Where the company is paid: the server asks for a fresh code or the password again.
      const answer = await withStepUp((stepUpCode, password) =>
        update.mutateAsync({
          body: { ...bankBody(values), ...(password ? { sPassword: password } : {}) },
          stepUpCode,
        }),
      );
      if (answer === undefined) return;
      reset(bankFormValues(answer.bank));
      const heldUntil = answer.bank.dPayoutsHeldUntil;
      showSuccessToast(
        heldUntil && heldUntil !== bank.dPayoutsHeldUntil
          ? t('profile.bank.savedHeld', { time: formatDateTime(heldUntil, language) })
          : t('profile.bank.saved'),
      );
    } catch (error) {
      if (isApiError(error) && error.field && error.field in SERVER_MESSAGES) {
        const field = error.field as keyof typeof SERVER_MESSAGES;
        setError(
          field,
          { type: 'server', message: t(`profile.errors.${SERVER_MESSAGES[field]}`) },
          { shouldFocus: true },
        );
      } else if (
        isApiError(error) &&
        (error.field === 'sBank_name' || error.field === 'sBank_mxn_account')
      ) {
        setError(error.field, { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        showErrorToast(error);
      }
    }
  });

  /** A valid CLABE names its bank: fill the MXN bank name when it is still empty. */
  const onClabeBlur = () => {
    if (clabeBank && getValues('sBank_mxn_account').trim() === '') {
      setValue('sBank_mxn_account', clabeBank, { shouldDirty: true });
    }
  };

  // The step-up dialog stays outside the form: its own submit would bubble (through React's
  // tree, portal or not) to this form and save again without the password.
  return (
    <>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {bank.dPayoutsHeldUntil && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="bank-pending-change">
            {t('profile.bank.pendingChange', {
              time: formatDateTime(bank.dPayoutsHeldUntil, language),
            })}
          </Alert>
        )}
        <Typography variant="h3" component="h3" sx={{ mt: 1 }}>
          {t('profile.bank.usAccount')}
        </Typography>
        <ProfileTextField control={control} name="sBank_name" label={t('profile.bank.bankName')} />
        <Box sx={PAIR_SX}>
          <ProfileTextField
            control={control}
            name="sAccount_number"
            label={t('profile.bank.accountNumber')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <ProfileTextField
            control={control}
            name="sRouting_number"
            label={t('profile.bank.routingNumber')}
            helperText={t('profile.bank.routingHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
          />
        </Box>

        <Typography variant="h3" component="h3" sx={{ mt: 3 }}>
          {t('profile.bank.mxAccount')}
        </Typography>
        <Box sx={PAIR_SX}>
          <Box onBlur={onClabeBlur}>
            <ProfileTextField
              control={control}
              name="clabe"
              label={t('profile.bank.clabe')}
              required
              helperText={
                clabeBank
                  ? t('profile.bank.bankFromClabe', { bank: clabeBank })
                  : t('profile.bank.clabeHint')
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 22 } }}
            />
          </Box>
          <ProfileTextField
            control={control}
            name="sBank_mxn_account"
            label={t('profile.bank.bankNameMxn')}
            required
          />
        </Box>
        <FormActions>
          <SaveButton busy={update.isPending} reason={adminBlocked} />
        </FormActions>
      </form>
      {stepUpPrompt}
    </>
  );
}
