import GlobalStyles from '@mui/material/GlobalStyles';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToaster } from '../lib/toast';

// notistack stacks new toasts under old ones at the top; the spec wants newest on top.
// notistack's default toast colours are too light for white text (WCAG AA needs 4.5:1).
const toastStyles = (
  <GlobalStyles
    styles={{
      '.toasts-top-right': { flexDirection: 'column-reverse !important' },
      '.notistack-MuiContent-success': { backgroundColor: '#1b5e20 !important' },
      '.notistack-MuiContent-error': { backgroundColor: '#b71c1c !important' },
      '.notistack-MuiContent-info': { backgroundColor: '#0d47a1 !important' },
      '.notistack-MuiContent-warning': {
        backgroundColor: '#e65100 !important',
        color: '#000 !important',
      },
    }}
  />
);

/** notistack's provider (its own chunk, see `lib/toast.ts`); `showToast` goes through it. */
export default function Toaster() {
  useEffect(() => attachToaster((message, options) => enqueueSnackbar(message, options)), []);
  return (
    <>
      {toastStyles}
      <SnackbarProvider
        maxSnack={20}
        autoHideDuration={5000}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        classes={{ containerAnchorOriginTopRight: 'toasts-top-right' }}
      />
    </>
  );
}
