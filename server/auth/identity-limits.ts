import { LIMITS } from "../../domain/limits.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * The spec's limits on what an identity call may store, whoever calls it (an unverified sign-up
 * included): better-auth takes any length, so a 100,000-character name or a 1 MB `image` would be
 * kept. `image` is a picture's address, never the picture (photos are the persons module's).
 */
const MAX_LENGTH: Record<string, number> = {
  name: LIMITS.textMax,
  email: LIMITS.textMax,
  newEmail: LIMITS.textMax,
  image: LIMITS.longTextMax,
  callbackURL: LIMITS.longTextMax,
  token: LIMITS.longTextMax,
  code: LIMITS.textMax,
  id: LIMITS.textMax,
};

/** Throws the 400 naming the first top-level field of an identity body that is longer than allowed. */
export function assertIdentityLimits(fields: unknown): void {
  if (fields === null || typeof fields !== "object") return;
  for (const [name, value] of Object.entries(fields)) {
    const maximum = MAX_LENGTH[name];
    if (maximum !== undefined && typeof value === "string" && value.length > maximum) {
      throw new AppError("validation_failed", {
        fields: { [name]: "errors:fields.too_long" },
        params: { maximum },
      });
    }
  }
}
