import type { AddressUsage } from "../../../domain/schemas/address.ts";
import { NICKNAME_MESSAGE } from "../../../domain/schemas/address.ts";
import type { Actor } from "../../auth/access.ts";
import { requireDeleteRight } from "../../auth/permissions.ts";
import { AppError } from "../../errors/app-error.ts";

/** Rules of saved addresses (the repository keeps every query to the owner's rows). */

export function refuseTakenNickname(): never {
  throw new AppError("conflict", { fields: { name: NICKNAME_MESSAGE } });
}

/**
 * Deleting needs a subscription or a company account; an address still used by persons or
 * institutions is deleted (and cleared from them) only once the caller confirms, having seen where.
 */
export function authorizeAddressDelete(
  actor: Actor,
  usages: readonly AddressUsage[],
  confirmed: boolean,
): void {
  requireDeleteRight(actor);
  if (usages.length > 0 && !confirmed) {
    throw new AppError("address_in_use", { message: "errors:network.address_in_use", details: { usages } });
  }
}
