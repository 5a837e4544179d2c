/**
 * The place in the header's row that holds the help toggle below `md`, where the toggle does not float. The header
 * hands its element over as it mounts; the assistant, whose code loads later, puts its toggle there.
 */
let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();

/** A callback ref for the header's slot. */
export function setHelpToggleSlot(element: HTMLElement | null) {
  slot = element;
  for (const listener of listeners) listener();
}

export function subscribeHelpToggleSlot(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const helpToggleSlot = () => slot;
