import type { Phone } from "../../../domain/schemas/phone.ts";
import { lazyModule, useLazyModule } from "../lazy/useLazyModule.ts";

/**
 * libphonenumber-js (its "min" metadata, as the domain schema uses) is lazy-loaded when a phone is
 * first shown or edited, since it is too heavy for the list pages' bundle.
 */
export const phoneLibrary = lazyModule(() => import("libphonenumber-js"));

export type PhoneLibrary = typeof import("libphonenumber-js");

/** The library once loaded; `needed` false (a form without phones) does not fetch it. */
export function usePhoneLibrary(needed = true): PhoneLibrary | null {
  return useLazyModule(phoneLibrary, needed);
}

/**
 * The spec's display of a phone: international format ("+1 416 555 0123"), or a dash; the stored
 * E.164 number while the library is not there.
 */
export function formatPhoneWith(
  library: PhoneLibrary | null,
  phone: Pick<Phone, "number"> | null | undefined,
): string {
  if (!phone?.number) return "-";
  return library?.parsePhoneNumberFromString(phone.number)?.formatInternational() ?? phone.number;
}

/**
 * `formatPhone(phone)` for screens: the stored E.164 number until the library has loaded (a
 * moment), then the international format.
 */
export function useFormatPhone(): (phone: Pick<Phone, "number"> | null | undefined) => string {
  const library = usePhoneLibrary();
  return (phone) => formatPhoneWith(library, phone);
}
