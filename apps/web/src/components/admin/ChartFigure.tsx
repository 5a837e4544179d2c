import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** One series of a chart: the row field it reads, its (translated) name and its colour. */
export interface ChartSeries<T> {
  key: keyof T & string;
  label: string;
  /** A colour with at least 3:1 contrast on white. */
  color: string;
}

export interface ChartFigureProps<T> {
  /** The chart's heading, also the figure's name. */
  title: string;
  /** One sentence of what the chart shows, read by screen readers in place of the drawing. */
  summary: string;
  /** Bars (stacked when `stacked`) or lines. */
  kind: 'bar' | 'line';
  stacked?: boolean;
  rows: T[];
  /** The row field along the horizontal axis, and its column heading in the table. */
  category: { key: keyof T & string; label: string };
  series: ChartSeries<T>[];
  /** The value axis's range, such as [0, 100] for rates; from the data unless told. */
  domain?: [number, number];
  /** How a category value reads (a month, a name); as it is unless told. */
  formatCategory?: (value: T[keyof T & string]) => string;
  /** What the figure says when there is nothing to draw. */
  emptyText: string;
}

/** Colours for series, each at least 3:1 against white (WCAG non-text contrast). */
export const CHART_COLORS = ['#1f5fa8', '#b3541e', '#2e7d32', '#6a3d9a', '#8a6d00'] as const;

/**
 * A chart that is readable without seeing it: the drawing is one image named by its summary, and the same
 * figures follow in a table under a disclosure, so a screen reader, a keyboard or a printout gets every value.
 */
export function ChartFigure<T extends object>({
  title,
  summary,
  kind,
  stacked = false,
  rows,
  category,
  series,
  domain,
  formatCategory,
  emptyText,
}: ChartFigureProps<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  const label = (row: T) => {
    const value = row[category.key];
    return formatCategory ? formatCategory(value) : String(value);
  };
  const data = rows.map((row) => ({ ...row, [category.key]: label(row) }));
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey={category.key as string} />
      <YAxis allowDecimals={false} domain={domain ?? [0, 'auto']} />
      <Tooltip />
      <Legend />
    </>
  );
  return (
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0, my: 3 }}>
      <Typography id={titleId} component="figcaption" variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography>{emptyText}</Typography>
      ) : (
        <>
          <Box role="img" aria-label={summary} sx={{ width: '100%', height: 280 }}>
            <ResponsiveContainer width="100%" height="100%">
              {kind === 'bar' ? (
                <BarChart data={data} accessibilityLayer={false}>
                  {axes}
                  {series.map((s) => (
                    <Bar
                      key={s.key}
                      dataKey={s.key as string}
                      name={s.label}
                      fill={s.color}
                      stackId={stacked ? 'stack' : undefined}
                      isAnimationActive={false}
                    />
                  ))}
                </BarChart>
              ) : (
                <LineChart data={data} accessibilityLayer={false}>
                  {axes}
                  {series.map((s) => (
                    <Line
                      key={s.key}
                      dataKey={s.key as string}
                      name={s.label}
                      stroke={s.color}
                      strokeWidth={2}
                      isAnimationActive={false}
                    />
                  ))}
                </LineChart>
              )}
            </ResponsiveContainer>
          </Box>
          <Box component="details" sx={{ mt: 1 }}>
            <Box component="summary" sx={{ cursor: 'pointer', py: 0.5 }}>
              {t('admin.chart.showTable')}
            </Box>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {category.label}
                  </TableCell>
                  {series.map((s) => (
                    <TableCell key={s.key} component="th" scope="col" align="right">
                      {s.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, index) => (
                  // Two categories may read alike (two surveys of one name), so the row's place is its key.
                  <TableRow key={index}>
                    <TableCell component="th" scope="row">
                      {label(row)}
                    </TableCell>
                    {series.map((s) => (
                      <TableCell key={s.key} align="right">
                        {String(row[s.key])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}
