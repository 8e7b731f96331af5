import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * How the table is framed: `outlined` is a paper card of its own (a page or panel), `bordered`
 * a thin line inside a dialog's paper, `none` no frame.
 */
export type SmallTableFrame = 'outlined' | 'bordered' | 'none';

const BORDERED_SX = { border: 1, borderColor: 'divider', borderRadius: 1 } as const;

/** A dense, labelled table: one header row of cells, the body's rows and an optional footer. */
export function SmallTable({
  label,
  head,
  children,
  footer,
  frame = 'outlined',
  sx,
}: {
  /** The table's accessible name. */
  label: string;
  /** The header row's cells. */
  head: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  /** The footer's rows (a totals row). */
  footer?: ReactNode;
  frame?: SmallTableFrame;
  sx?: SxProps<Theme>;
}) {
  const table = (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>{head}</TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
      {footer && <TableFooter>{footer}</TableFooter>}
    </Table>
  );
  if (frame === 'outlined') {
    return (
      <TableContainer component={Paper} variant="outlined" sx={sx}>
        {table}
      </TableContainer>
    );
  }
  if (frame === 'bordered') {
    return (
      <TableContainer sx={[BORDERED_SX, ...(Array.isArray(sx) ? sx : [sx])]}>
        {table}
      </TableContainer>
    );
  }
  return <TableContainer sx={sx}>{table}</TableContainer>;
}
