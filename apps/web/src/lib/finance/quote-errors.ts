import { isApiError, type ApiError } from '../api-client';
import { i18n } from '../i18n/i18n';
import { showToast } from '../toast';

/** The server refused the quote: it expired, or it is not the one the rate came from. */
export function isQuoteError(error: unknown): error is ApiError {
  return isApiError(error) && (error.code === 'QUOTE_EXPIRED' || error.code === 'QUOTE_MISMATCH');
}

/** Tells the user the rate changed under them: review, then confirm again. */
export function notifyQuoteRefreshed(): void {
  showToast(i18n.t('finance.quoteRefreshed'), { variant: 'info' });
}
