import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

// notistack stacks new toasts under old ones at the top; the spec wants newest on top.
// notistack's default toast colours are too light for white text (WCAG AA needs 4.5:1).
const toastOrder = (
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

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {toastOrder}
        <QueryClientProvider client={client}>
          <SnackbarProvider
            maxSnack={20}
            autoHideDuration={5000}
            anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
            classes={{ containerAnchorOriginTopRight: 'toasts-top-right' }}
          >
            {children}
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
