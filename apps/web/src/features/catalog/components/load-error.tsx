import { useTranslation } from 'react-i18next';
import { LoadError as RetryAlert } from '../../../components/load-error';

/** A read that failed: what could not be loaded, and a way to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return <RetryAlert message={message} retryLabel={t('catalog.retry')} onRetry={onRetry} />;
}
