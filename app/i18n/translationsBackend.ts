import type { BackendModule } from "i18next";

/**
 * Loads a namespace's translations from /locales/{lng}/{ns}.json. All that i18next-http-backend
 * did for us, in a few lines rather than its weight in the start-up script. As with that plugin, a
 * network failure or a server error is retried by i18next (the `true` flag); a 4xx is not.
 */
export const translationsBackend: BackendModule = {
  type: "backend",
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const url = `/locales/${language}/${namespace}.json`;
    fetch(url).then(
      async (response) => {
        if (!response.ok) {
          callback(new Error(`${url} answered ${response.status}`), response.status >= 500);
          return;
        }
        try {
          callback(null, await response.json());
        } catch (error) {
          callback(error as Error, false);
        }
      },
      (error: Error) => callback(error, true),
    );
  },
};
