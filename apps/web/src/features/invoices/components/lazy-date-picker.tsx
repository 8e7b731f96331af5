import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { CalendarDatePickerProps } from './calendar-date-picker';

const CalendarDatePicker = lazy(async () => ({
  default: (await import('./calendar-date-picker')).CalendarDatePicker,
}));

/** The date picker in its own chunk, with a field-sized placeholder while it loads. */
export function LazyDatePicker(props: CalendarDatePickerProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={56} sx={{ mt: 2, mb: 1 }} />}>
      <CalendarDatePicker {...props} />
    </Suspense>
  );
}
