import Tooltip from '@mui/material/Tooltip';
import { formatDate } from '../lib/format';
import type { Language } from '@app/domain';
import { formatCompactDate } from './compact-date-format';

/** A table cell's compact date with the full date in its tooltip. */
export function CompactDate({ date, language }: { date: string; language: Language }) {
  const full = formatDate(date, language);
  return (
    <Tooltip title={full}>
      <span aria-label={full} data-compact-date={date}>
        {formatCompactDate(date, language)}
      </span>
    </Tooltip>
  );
}
