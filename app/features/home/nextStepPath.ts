import type { NextStep } from "../../../domain/schemas/home.ts";
import { SHARED_BY_ME_PATH } from "../shared-by-me/routes.ts";

const PERSONAL_DETAILS = "/dashboard/personal-network/personal-details";

/**
 * The form a next step opens, one click away: the owner's own person's form, a category's add
 * form, a new nominee. The binder has no page: its step opens the binder's dialog in place (null).
 */
export function nextStepPath(step: NextStep): string | null {
  switch (step.kind) {
    case "personalDetails":
    case "emergencyContact":
      return step.personId === undefined
        ? PERSONAL_DETAILS
        : `${PERSONAL_DETAILS}/edit/${encodeURIComponent(step.personId)}`;
    case "category":
      return `/dashboard/${step.module}/${step.category}/add`;
    case "nominee":
      return `${SHARED_BY_ME_PATH}/add`;
    case "binder":
      return null;
  }
}
