import { LIBRARY_MODULE, LIBRARY_TYPE } from "../../../domain/catalog/documents.ts";
import type { OpenableResult } from "../../../domain/schemas/search.ts";
import { PERSONAL_NETWORK_PATH } from "../../session/homeRoute.ts";
import { viewPath } from "../../shell/recordPaths.ts";
import { PERSONAL_DETAILS_SEGMENT } from "../personal-network/sections.ts";
import { sharedFilePath } from "../shared-with-me/sharedWithMeApi.ts";

/*
 * The page each search result opens: a record's view, a person's view, a library document's edit
 * page (a document attached to a record opens that record), under the shared file for a nominee's
 * result. Addresses and institutions have no page of their own: they open the Personal Network
 * (or the shared file), where the people and records using them are.
 */

const LIBRARY_PATH = `${LIBRARY_MODULE}/${LIBRARY_TYPE}`;

/** The path below /dashboard (or below a shared file) of a result. */
function innerPath(result: OpenableResult, shared: boolean): string {
  switch (result.kind) {
    case "record":
      return viewPath(`${result.module}/${result.category}`, result.id);
    case "person": {
      const segment = result.category === "me" ? PERSONAL_DETAILS_SEGMENT : result.category;
      return viewPath(`personal-network/${segment}`, result.id);
    }
    case "document":
      if (result.recordId !== null) return viewPath(`${result.module}/${result.category}`, result.recordId);
      return shared ? LIBRARY_PATH : `${LIBRARY_PATH}/edit/${encodeURIComponent(result.id)}`;
    case "address":
    case "institution":
      return "";
  }
}

export function resultPath(result: OpenableResult): string {
  const shared = result.nomineeId !== null;
  const inner = innerPath(result, shared);
  if (shared)
    return inner === ""
      ? sharedFilePath(result.nomineeId ?? "")
      : `${sharedFilePath(result.nomineeId ?? "")}/${inner}`;
  return inner === "" ? PERSONAL_NETWORK_PATH : `/dashboard/${inner}`;
}
