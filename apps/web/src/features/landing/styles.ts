/** Landing colours beyond the theme; every text pair used with them meets WCAG AA (4.5:1 or more). */
export const landingColors = {
  heroTop: '#e8f2f4',
  tint: '#eef6f7',
  border: '#d3e2e5',
  heading: '#07414b',
} as const;

/** A clear keyboard focus ring for buttons and links on light backgrounds. */
export const focusRing = {
  '&.Mui-focusVisible, &:focus-visible': { outline: '3px solid #0b5d6b', outlineOffset: '3px' },
} as const;

/** The same focus ring for controls on the dark teal band. */
export const focusRingOnDark = {
  '&.Mui-focusVisible, &:focus-visible': { outline: '3px solid #ffffff', outlineOffset: '3px' },
} as const;

/** Removes list bullets and spacing so lists can be laid out as cards. */
export const plainList = { listStyle: 'none', m: 0, p: 0 } as const;
