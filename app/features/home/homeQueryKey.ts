/** The home's query key, apart so that the records' saves can refresh the home without importing it. */
export const HOME_QUERY_KEY = ["home"] as const;
