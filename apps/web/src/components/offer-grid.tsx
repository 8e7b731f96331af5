import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { CardGrid } from './card-grid';

export interface Offer {
  /** Shown large, above the title. */
  icon: ComponentType<SvgIconProps>;
  title: string;
  text: string;
}

/** What a page offers, as a list of cards: an icon, a short title and a sentence each. */
export function OfferGrid({
  offers,
  columns = 4,
  titleLevel = 'h3',
  ariaLabel,
  mt,
}: {
  offers: Offer[];
  columns?: 3 | 4;
  /** The heading level of each card's title, under the section's own heading. */
  titleLevel?: 'h2' | 'h3';
  ariaLabel?: string;
  mt?: number;
}) {
  return (
    <CardGrid label={ariaLabel} maxColumns={columns} wideFrom="lg" mt={mt}>
      {offers.map(({ icon: Icon, title, text }) => (
        <Paper component="li" key={title} variant="outlined" sx={{ p: 2.5 }}>
          <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden="true">
            <Icon fontSize="large" />
          </Box>
          <Typography component={titleLevel} variant="h3" gutterBottom>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </Paper>
      ))}
    </CardGrid>
  );
}
