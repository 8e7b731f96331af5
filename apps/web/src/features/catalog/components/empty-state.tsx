import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import type { ReactNode } from 'react';
import { EmptyState as IconEmptyState } from '../../../components/empty-state';

/** Nothing to list in the catalogue: a plain sentence and, when it helps, what to do next. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return <IconEmptyState icon={Inventory2OutlinedIcon} message={message} action={action} />;
}
