/** i18n namespace of every catalog label (public/locales/{lng}/catalog.json). */
export const CATALOG_NAMESPACE = "catalog";
