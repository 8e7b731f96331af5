import { useCallback, useRef, useState, type ReactNode } from 'react';
import { StepUpDialog, type StepUpState } from '../components/step-up-dialog';
import { isApiError } from './api-client';

/**
 * Step-up: a call the server guards with a fresh second-factor code (a supplier's bank data,
 * approving a request) answers 401 TOTP_REQUIRED to a user who has one. `withStepUp(call)`
 * runs `call()`; on TOTP_REQUIRED it asks for the code in a dialog and runs `call(code)`
 * again, keeping the dialog open with the server's message while the code is wrong
 * (TOTP_INVALID). It answers the call's result, or undefined when the user cancels; any other
 * error is thrown as it came. Render `prompt` once in the screen.
 */
export function useStepUpPrompt(): {
  withStepUp: <T>(call: (code?: string) => Promise<T>) => Promise<T | undefined>;
  prompt: ReactNode;
} {
  const [state, setState] = useState<StepUpState>(null);
  const answer = useRef<((code: string | null) => void) | null>(null);

  const ask = (error?: string) =>
    new Promise<string | null>((resolve) => {
      answer.current = resolve;
      setState({ busy: false, error });
    });

  const withStepUp = useCallback(async <T,>(call: (code?: string) => Promise<T>) => {
    let code: string | undefined;
    for (;;) {
      try {
        const result = await call(code);
        setState(null);
        return result;
      } catch (error) {
        const askAgain =
          isApiError(error) &&
          (error.code === 'TOTP_REQUIRED' || (code !== undefined && error.code === 'TOTP_INVALID'));
        if (!askAgain) {
          setState(null);
          throw error;
        }
        const next = await ask(error.code === 'TOTP_INVALID' ? error.message : undefined);
        if (next === null) return undefined;
        code = next;
        setState({ busy: true });
      }
    }
  }, []);

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
