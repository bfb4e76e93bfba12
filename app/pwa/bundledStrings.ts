import en from "../../public/locales/en/pwa.json" with { type: "json" };
import fr from "../../public/locales/fr/pwa.json" with { type: "json" };

/**
 * The `pwa` namespace ships inside the app's code rather than over HTTP: the service worker never
 * caches translations, and "you are offline" must still be readable when nothing else loads.
 */
export const PWA_RESOURCES = { en: { pwa: en }, fr: { pwa: fr } };
