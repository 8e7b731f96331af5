import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';

/** The steps of a money dialog, labels under the dots. */
export function DialogSteps({ labels, active }: { labels: readonly string[]; active: number }) {
  return (
    <Stepper activeStep={active} alternativeLabel>
      {labels.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

interface StepActionsProps {
  step: number;
  /** How many steps the dialog has; the last one confirms. */
  stepCount: number;
  /** Whether this step is complete: Continue, or the confirming button on the last step. */
  canGoOn: boolean;
  busy: boolean;
  onStep: (step: number) => void;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  /** The label of Continue (for a dialog whose last step is a review, say). */
  continueLabel?: string;
}

/** Cancel; then Back after the first step; then Continue, or the confirming button last. */
export function StepActions(props: StepActionsProps) {
  const { t } = useTranslation();
  const last = props.step === props.stepCount - 1;
  return (
    <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
      <Button onClick={props.onCancel} disabled={props.busy}>
        {t('finance.cancel')}
      </Button>
      <Box sx={{ flexGrow: 1 }} />
      {props.step > 0 && (
        <Button onClick={() => props.onStep(props.step - 1)} disabled={props.busy}>
          {t('finance.back')}
        </Button>
      )}
      {last ? (
        <Button
          variant="contained"
          onClick={props.onConfirm}
          disabled={!props.canGoOn}
          loading={props.busy}
        >
          {props.confirmLabel}
        </Button>
      ) : (
        <Button
          variant="contained"
          onClick={() => props.onStep(props.step + 1)}
          disabled={!props.canGoOn}
        >
          {props.continueLabel ?? t('finance.continue')}
        </Button>
      )}
    </DialogActions>
  );
}
