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
