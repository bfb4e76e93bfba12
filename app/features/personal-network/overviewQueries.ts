import type { QueryClient } from "@tanstack/react-query";
import { hasFullAccess } from "../../../domain/roles.ts";
import { accountQuery } from "../../session/accountQuery.ts";
import { remindersQuery } from "../reminders/reminders.ts";
import { ownPersonQuery, personListQuery } from "./queries.ts";
import { LIST_SECTIONS } from "./sections.ts";

/** Each list section's people, whose counts the overview's tiles show. */
export function sectionListQueries() {
  return LIST_SECTIONS.map((section) => personListQuery(section.group));
}

/**
 * Asks for the overview's data while its code downloads (main.tsx, when a page load opens on it),
 * so the tiles are drawn with their counts rather than drawn again as each list arrives. Only
 * once the account allows it: without a session, or without full access, the guard sends the
 * reader elsewhere, and a refused request would end the session or show an error.
 */
export async function prefetchOverview(queryClient: QueryClient): Promise<void> {
  let roles: readonly string[];
  try {
    const account = await queryClient.ensureQueryData(accountQuery);
    roles = account.roles;
  } catch {
    return;
  }
  if (!hasFullAccess(roles)) return;
  // What the overview reads as it is drawn: the owner's record, the sections' lists, the reminders.
  void queryClient.prefetchQuery(ownPersonQuery());
  for (const query of sectionListQueries()) void queryClient.prefetchQuery(query);
  void queryClient.prefetchQuery(remindersQuery);
}
