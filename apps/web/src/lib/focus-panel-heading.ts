/**
 * Moves focus to the heading of a view opened inside a tab panel without hiding the panel's tab under the sticky
 * header: the tab that labels the panel is scrolled into view first (the page's scroll padding keeps it clear of
 * the header), then the heading just below it takes focus where it is. Outside a tab panel the heading simply
 * takes focus.
 */
export function focusPanelHeading(heading: HTMLElement | null) {
  if (!heading) return;
  const labelledBy = heading.closest('[role="tabpanel"]')?.getAttribute('aria-labelledby');
  const tab = labelledBy ? document.getElementById(labelledBy) : null;
  tab?.scrollIntoView({ block: 'nearest' });
  heading.focus({ preventScroll: Boolean(tab) });
}
