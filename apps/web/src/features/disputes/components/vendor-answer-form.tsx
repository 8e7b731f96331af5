import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../lib/toast';
import { useAnswerDispute } from '../api/disputes';
import { BusyButton } from '../../../components/busy-button';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';

const ANSWER_MAX = 4000;

/** The grower answers a dispute in process (and may update the answer while it is). */
export function VendorAnswerForm({
  disputeId,
  current,
}: {
  disputeId: string;
  current: string | null;
}) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const answer = useAnswerDispute();
  const [text, setText] = useState(current ?? '');
  const [error, setError] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(true);
      return;
    }
    answer.mutate(
      { disputeId, sAnswer: trimmed },
      { onSuccess: () => showSuccessToast(t('disputes.detail.answerSent')) },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 1 }}>
      <TextField
        label={t('disputes.detail.answerLabel')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(false);
        }}
        error={error}
        helperText={error ? t('disputes.detail.answerRequired') : undefined}
        multiline
        minRows={3}
        required
        disabled={answer.isPending}
        slotProps={{ htmlInput: { maxLength: ANSWER_MAX } }}
      />
      <WithReason reason={writeBlocked}>
        <BusyButton busy={answer.isPending} type="submit">
          {current ? t('disputes.detail.updateAnswer') : t('disputes.detail.sendAnswer')}
        </BusyButton>
      </WithReason>
    </Box>
  );
}
