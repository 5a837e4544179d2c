/** A visible focus ring for controls whose own focus style is only a ripple. */
export const focusRing = {
  '&:focus-visible, &.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
} as const;

/** Reading text for older readers: larger than the app's body text, with generous leading. */
export const READING = { fontSize: '1.125rem', lineHeight: 1.7 } as const;
/** About 70 characters a line. */
export const MEASURE = '70ch';

/** How far below the top of the window the sticky header ends, with a little room: what must stay clear of it. */
export const HEADER_CLEARANCE_PX = 88;

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
type Spacing = number | Partial<Record<Breakpoint, number>>;

/** A twelve-column CSS grid, its items `gap` theme spacings apart (`rowGap` between rows, the same by default). */
export const twelveColumns = (gap: Spacing, rowGap: Spacing = gap) =>
  ({ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', columnGap: gap, rowGap }) as const;

/** An item of `twelveColumns` spanning that many columns at each width, a new row once a row is full. */
export const columnSpan = (columns: Partial<Record<Breakpoint, number>>) => ({
  minWidth: 0,
  gridColumn: Object.fromEntries(Object.entries(columns).map(([width, span]) => [width, `span ${span}`])),
});

/** A page's content column, laid out as MUI's Container does: centred, at most that breakpoint wide, side padding. */
export const contentColumn = (maxWidth: 'sm' | 'md' | 'lg') =>
  ({ width: '100%', maxWidth, mx: 'auto', px: { xs: 2, sm: 3 }, boxSizing: 'border-box' }) as const;
