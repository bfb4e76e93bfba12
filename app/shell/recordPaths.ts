/*
 * The spec's navigation rules for record pages ("Lists and navigation"): a list row opens the
 * current path plus /view/{id}; after saving on an add path go to the view path with the new id;
 * after saving on an edit path go to the view path; the back arrow goes back in history on lists.
 */

const DETAIL_SUFFIX = /\/(add|view\/[^/]+|edit\/[^/]+)\/?$/;

/** The list (or page) a record path belongs to: /x/child/edit/42 -> /x/child. */
export function listPathOf(pathname: string): string {
  return pathname.replace(DETAIL_SUFFIX, "").replace(/\/$/, "");
}

/** True for a list page: no add, view or edit step at the end of the path. */
export function isListPath(pathname: string): boolean {
  return !DETAIL_SUFFIX.test(pathname);
}

export function viewPath(listPath: string, id: string): string {
  return `${listPath.replace(/\/$/, "")}/view/${encodeURIComponent(id)}`;
}

export function editPath(listPath: string, id: string): string {
  return `${listPath.replace(/\/$/, "")}/edit/${encodeURIComponent(id)}`;
}

export function addPath(listPath: string): string {
  return `${listPath.replace(/\/$/, "")}/add`;
}

/**
 * Where a saved form goes: from .../add to .../view/{new id}, from .../edit/{id} to .../view/{id}
 * (the saved id, which is the same record); from anywhere else, nowhere (null).
 */
export function pathAfterSave(pathname: string, savedId: string): string | null {
  if (/\/add\/?$/.test(pathname) || /\/edit\/[^/]+\/?$/.test(pathname)) {
    return viewPath(listPathOf(pathname), savedId);
  }
  return null;
}

/** Nominee pages (spec): shared data is read-only, without Delete. */
export function isSharedPath(pathname: string): boolean {
  return pathname.includes("shared-data") || pathname.includes("shared-with-me");
}
