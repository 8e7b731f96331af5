import { useCallback, useRef, useState, type ReactNode } from 'react';
import { StepUpDialog, type StepUpState } from '../components/step-up-dialog';
import { isApiError } from './api-client';

/**
 * Step-up: a call the server guards with a fresh second-factor code (a supplier's bank data,
 * approving a request) answers 401 TOTP_REQUIRED to a user who has one. `withStepUp(call)`
 * runs `call()`; on TOTP_REQUIRED it asks for the code in a dialog and runs `call(code)`
 * again, keeping the dialog open with the server's message while the code is wrong
 * (TOTP_INVALID). A call that asks a user without a second factor for their password
 * (PASSWORD_REQUIRED, the grower's payout account) is run again as `call(undefined,
 * password)` the same way (PASSWORD_INVALID keeps the dialog open). It answers the call's
 * result, or undefined when the user cancels; any other error is thrown as it came. Render
 * `prompt` once in the screen.
 */
export function useStepUpPrompt(): {
  withStepUp: <T>(call: (code?: string, password?: string) => Promise<T>) => Promise<T | undefined>;
  prompt: ReactNode;
} {
  const [state, setState] = useState<StepUpState>(null);
  const answer = useRef<((code: string | null) => void) | null>(null);

  const ask = (error: string | undefined, password: boolean) =>
    new Promise<string | null>((resolve) => {
      answer.current = resolve;
      setState({ busy: false, error, password });
    });

  const withStepUp = useCallback(
    async <T,>(call: (code?: string, password?: string) => Promise<T>) => {
      let code: string | undefined;
      let password: string | undefined;
      for (;;) {
        try {
          const result = await call(code, password);
          setState(null);
          return result;
        } catch (error) {
          const wrong =
            isApiError(error) &&
            ((code !== undefined && error.code === 'TOTP_INVALID') ||
              (password !== undefined && error.code === 'PASSWORD_INVALID'));
          const asked =
            isApiError(error) &&
            (error.code === 'TOTP_REQUIRED' || error.code === 'PASSWORD_REQUIRED');
          if (!isApiError(error) || !(wrong || asked)) {
            setState(null);
            throw error;
          }
          const byPassword = error.code.startsWith('PASSWORD_');
          const next = await ask(wrong ? error.message : undefined, byPassword);
          if (next === null) return undefined;
          code = byPassword ? undefined : next;
          password = byPassword ? next : undefined;
          setState({ busy: true, password: byPassword });
        }
      }
    },
    [],
  );

  const prompt = (
    <StepUpDialog
      state={state}
      onSubmit={(code) => answer.current?.(code)}
      onCancel={() => {
        answer.current?.(null);
        setState(null);
      }}
    />
  );
  return { withStepUp, prompt };
}
