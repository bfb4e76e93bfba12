export { upcomingReminders } from "./upcoming.ts";
