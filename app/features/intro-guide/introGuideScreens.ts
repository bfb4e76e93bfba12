import type { BillingMode } from "../../../domain/schemas/subscription.ts";

/**
 * The spec's eight intro-guide screens, in order; each key names its title and body in the
 * `account` translations (guide.screens.<key>). Screen 0 welcomes, screens 1 to 7 are the steps.
 */
export const INTRO_GUIDE_SCREEN_KEYS = [
  "welcome",
  "sections",
  "subscription",
  "navigating",
  "personalizing",
  "understanding",
  "adding",
  "reusing",
] as const;

export type IntroGuideScreenKey = (typeof INTRO_GUIDE_SCREEN_KEYS)[number];

/** The screens about subscribing (accessing sections, subscription options). */
const SUBSCRIPTION_SCREENS: ReadonlySet<IntroGuideScreenKey> = new Set(["sections", "subscription"]);

/** With billing off there is nothing to subscribe to: the guide leaves those screens out. */
export function introGuideScreens(billing: BillingMode | undefined): readonly IntroGuideScreenKey[] {
  return billing === "off"
    ? INTRO_GUIDE_SCREEN_KEYS.filter((key) => !SUBSCRIPTION_SCREENS.has(key))
    : INTRO_GUIDE_SCREEN_KEYS;
}
