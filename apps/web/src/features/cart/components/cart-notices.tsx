import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadError as RetryAlert } from '../../../components/load-error';

/** A read that failed, with a way to ask again. */
export function CartLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return <RetryAlert message={message} retryLabel={t('cart.retry')} onRetry={onRetry} />;
}

/** Nothing to show: a plain sentence and what to do next. */
export function CartEmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return <EmptyState icon={RemoveShoppingCartOutlinedIcon} message={message} action={action} />;
}
