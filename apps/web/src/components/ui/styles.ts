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

/**
 * The floating help button, from `md` up (below, it sits in the header): a fixed width with room for the longer
 * label ("Ayuda"), at this distance from the window's bottom-right corner, and this far from what is beside it.
 */
export const HELP_TOGGLE = { width: '8.5rem', height: 48, inset: 24, gap: 12 } as const;
/** The room the help button takes from the window's right edge: its width, its inset and its gap. */
const HELP_TOGGLE_ROOM = `calc(${HELP_TOGGLE.width} + ${HELP_TOGGLE.inset + HELP_TOGGLE.gap}px)`;
/** MUI's breakpoints, the widest a column of that name grows. */
const COLUMN_WIDTHS = { sm: 600, md: 900, lg: 1200 } as const;

/**
 * The right padding of a centred column at most that breakpoint wide: its side padding, and from `md` up as much
 * more as keeps everything in it beside the floating help button, however far scrolled (the column's margin counts
 * toward that room: a padding percentage is of the column's parent's width).
 */
export const clearOfHelpToggle = (maxWidth: keyof typeof COLUMN_WIDTHS) =>
  ({
    pr: {
      xs: 2,
      sm: 3,
      md: `max(24px, calc(${HELP_TOGGLE_ROOM} - max(0px, (100% - ${COLUMN_WIDTHS[maxWidth]}px) / 2)))`,
    },
  }) as const;

/** A page's content column, laid out as MUI's Container does: centred, at most that breakpoint wide, side padding. */
export const contentColumn = (maxWidth: keyof typeof COLUMN_WIDTHS) =>
  ({
    width: '100%',
    maxWidth,
    mx: 'auto',
    pl: { xs: 2, sm: 3 },
    ...clearOfHelpToggle(maxWidth),
    boxSizing: 'border-box',
  }) as const;
