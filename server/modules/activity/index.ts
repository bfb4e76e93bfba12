export { lastWholeBinderAt, listNomineeActivity, recordActivity } from "./activity-log.ts";
