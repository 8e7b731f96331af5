import { createTheme } from '@mui/material/styles';

/** People who ask their system for less motion get dialogs and menus without animation. */
const prefersReducedMotion =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const noMotion = {
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

/** The spec's responsive breakpoint is 960 px: `md` is where the permanent drawer starts. */
export const theme = createTheme({
  ...(prefersReducedMotion ? { transitions: noMotion } : {}),
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
  palette: {
    // Dark enough for white text and for links on white (WCAG AA).
    primary: { main: '#1b5e20', light: '#4c8c4a', dark: '#003300', contrastText: '#ffffff' },
    secondary: { main: '#8a4b08', contrastText: '#ffffff' },
    background: { default: '#f6f7f5', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    h1: { fontSize: '2.25rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.15rem', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
    },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});
