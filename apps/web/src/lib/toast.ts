import { enqueueSnackbar } from 'notistack';
import { isApiError } from './api-client';
import { i18n } from './i18n/i18n';

/** The common error notice: the server's message, or a plain one for anything else. */
export function showErrorToast(error: unknown): void {
  const message = isApiError(error) ? error.message : i18n.t('errors.unknown');
  enqueueSnackbar(message, { variant: 'error' });
}

export function showSuccessToast(message: string): void {
  enqueueSnackbar(message, { variant: 'success' });
}
