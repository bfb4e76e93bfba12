/**
 * Props of a Mantine select's clear button. Mantine takes it out of the tab order and hides it
 * from screen readers; the spec's pickers have "a clear button", so it is made a real one here.
 */
export function clearButtonProps(name: string) {
  return { "aria-label": name, "aria-hidden": false, tabIndex: 0 } as const;
}
