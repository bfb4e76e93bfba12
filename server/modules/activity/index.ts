export {
  type ActivityWriter,
  activityWriter,
  lastWholeBinderAt,
  listNomineeActivity,
  recordActivity,
} from "./activity-log.ts";
