export type { UnsubscribeLinks } from "./unsubscribe-links.ts";
