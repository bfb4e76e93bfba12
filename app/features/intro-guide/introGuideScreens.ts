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
