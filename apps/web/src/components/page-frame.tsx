import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SpreadRow } from './spread-row';

interface PageFrameProps {
  title: string;
  /** A short line under the title. */
  subtitle?: string;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The browser tab's title: the page's name, then the product's (the product's alone without one). */
export function DocumentTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  return <title>{title ? `${title} · ${t('app.name')}` : t('app.name')}</title>;
}

/** The frame of every page: the document title, the page's single h1, then its content. */
export function PageFrame({ title, subtitle, actions, children }: PageFrameProps) {
  return (
    <Box component="section">
      <DocumentTitle title={title} />
      <SpreadRow sx={{ mb: 3 }}>
        <Box>
          <Typography
            id="page-title"
            variant="h1"
            sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
      </SpreadRow>
      {children}
    </Box>
  );
}
