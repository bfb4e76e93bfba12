/**
 * Props of a Mantine select's clear button. Mantine takes it out of the tab order and hides it
 * from screen readers; the spec's pickers have "a clear button", so it is made a real one here,
 * and big enough to hit with a thumb: 28 px, where WCAG 2.2 asks 24 (Mantine's default is 22).
 */
export function clearButtonProps(name: string) {
  return { "aria-label": name, "aria-hidden": false, tabIndex: 0, size: "md" } as const;
}
