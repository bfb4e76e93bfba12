import { getI18n } from "react-i18next";

/**
 * A route's `lazy` that fetches the screen's code and the translation namespaces it renders with
 * side by side. Otherwise each namespace is asked for only when a component first suspends on it,
 * after the code has arrived and run, and one after another as each suspends in turn: on the
 * dashboard, seven round trips in a row before its first data request. A namespace left off the
 * list still loads, only later; one listed but unused costs a small request.
 */
export function withTranslations<M>(namespaces: readonly string[], load: () => Promise<M>): () => Promise<M> {
  return () => {
    void getI18n()?.loadNamespaces([...namespaces]);
    return load();
  };
}
