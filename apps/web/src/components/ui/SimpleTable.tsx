import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { focusRing } from './styles';

export interface SimpleTableProps {
  /** The id of the heading that names the table. */
  labelledBy: string;
  headers: string[];
  /** Each row's key and its cells, in the order of `headers`. */
  rows: { key: string; cells: ReactNode[] }[];
}

/**
 * A small table named by its heading, scrollable sideways by keyboard when it is wider than the panel. It sits in a
 * part of the view that is already a region named by the same heading, so its scroll box is no second region.
 */
export function SimpleTable({ labelledBy, headers, rows }: SimpleTableProps) {
  return (
    <TableContainer tabIndex={0} sx={focusRing}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header} component="th" scope="col" sx={{ fontWeight: 600 }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, index) => (
                <TableCell key={index} sx={{ overflowWrap: 'anywhere' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
