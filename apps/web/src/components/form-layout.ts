/** Two form fields side by side from the small breakpoint (600 px) up. */
export const PAIR_SX = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 2,
} as const;
