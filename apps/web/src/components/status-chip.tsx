import Chip from '@mui/material/Chip';

/**
 * A status as a small chip: a dark fill with white text (each feature picks fills that pass
 * WCAG AA for small text). `wrap` lets a long label wrap inside a narrow table cell.
 */
export function StatusChip({
  label,
  color,
  wrap = false,
  testId,
}: {
  label: string;
  color: string;
  wrap?: boolean;
  testId?: string;
}) {
  return (
    <Chip
      size="small"
      label={label}
      data-testid={testId}
      sx={{
        bgcolor: color,
        color: '#ffffff',
        fontWeight: 600,
        ...(wrap
          ? {
              maxWidth: '100%',
              height: 'auto',
              minHeight: 24,
              fontSize: '0.75rem',
              '& .MuiChip-label': {
                whiteSpace: 'normal',
                overflowWrap: 'normal',
                lineHeight: 1.2,
                py: '2px',
                px: '6px',
                textAlign: 'center',
              },
            }
          : {}),
      }}
    />
  );
}
