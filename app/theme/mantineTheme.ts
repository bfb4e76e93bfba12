import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from "@mantine/core";
import { ACCENT_COLOR, type Accent } from "../../domain/catalog/themes.ts";

/**
 * Mantine's green with deeper shades 8 and 9: the stock green 8 (#2f9e44) gives white text a
 * contrast of 3.4, below the 4.5 that text needs. Shade 8 here gives 5.3.
 */
const ACCESSIBLE_GREEN: MantineColorsTuple = [
  "#ebfbee",
  "#d3f9d8",
  "#b2f2bb",
  "#8ce99a",
  "#69db7c",
  "#51cf66",
  "#40c057",
  "#37b24d",
  "#237a37",
  "#1b6a2e",
];

export function buildMantineTheme(accent: Accent): MantineThemeOverride {
  return createTheme({
    primaryColor: ACCENT_COLOR[accent],
    // White on shade 6 fails contrast for blue; shade 8 passes for all three accents.
    primaryShade: { light: 8, dark: 8 },
    colors: { green: ACCESSIBLE_GREEN },
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    defaultRadius: "md",
    cursorType: "pointer",
    respectReducedMotion: true,
    components: {
      // Mantine keeps every closed select's list in the page, each placed by floating-ui as it
      // mounts: one forced style recalculation per select, a large share of a record form's first
      // render on a phone. Mounted when opened instead; the input names its list only while it is open.
      // (A plain object, not Combobox.extend: that would bring the combobox's code to start-up.)
      Combobox: { defaultProps: { keepMounted: false } },
    },
  });
}

/**
 * Colours Mantine's defaults get wrong for contrast (axe): the error colour and dimmed text in both
 * schemes. Values are the nearest stock shades that reach 4.5:1 on the page background.
 */
const PRIMARY_COLORS = Object.values(ACCENT_COLOR);

export const accessibleCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-error": "var(--mantine-color-red-8)",
    // Red outline buttons (Delete): their text and border on the page background.
    "--mantine-color-red-outline": "var(--mantine-color-red-8)",
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // Text of "light" variants (the active menu item) sits on a tinted background that darkens on
    // hover; shade 9 keeps 4.5:1 there for the three primary colours.
    ...Object.fromEntries(
      PRIMARY_COLORS.flatMap((color) => [
        [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`],
        [`--mantine-color-${color}-light-hover`, `var(--mantine-color-${color}-1)`],
      ]),
    ),
  },
  dark: {
    "--mantine-color-error": "var(--mantine-color-red-5)",
    "--mantine-color-red-outline": "var(--mantine-color-red-4)",
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
  },
});
