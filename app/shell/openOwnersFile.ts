import type { CollaboratingView } from "../../domain/schemas/collaborator.ts";
import { categoryDef, isCategoryKey } from "../../domain/sections/index.ts";
import { RECORD_MODULES } from "../../domain/sections/modules.ts";
import { setOpenFile } from "../api/openFile.ts";
import { HOME_PATH } from "../session/homeRoute.ts";
import { openOwnFile } from "../session/openOwnFile.ts";
import { type MenuSegment, menuPath } from "./sideMenu.ts";

/** The side menu's sections a collaboration's scope opens, in the menu's order. */
export function sectionsOf(scope: CollaboratingView["scope"]): string[] {
  const modules = new Set<string>(scope.modules);
  for (const key of scope.categories) if (isCategoryKey(key)) modules.add(categoryDef(key).module);
  return ["personal-network", ...RECORD_MODULES].filter((segment) => modules.has(segment));
}

/** Switches files: an owner's (a collaboration) or the user's own (null), afresh like openOwnFile. */
export function switchFile(collaboration: CollaboratingView | null): void {
  if (collaboration === null) {
    openOwnFile();
    return;
  }
  const sections = sectionsOf(collaboration.scope);
  setOpenFile({
    ownerId: collaboration.owner.id,
    ownerName: collaboration.owner.name,
    scope: collaboration.scope,
    rights: collaboration.rights,
    sections,
  });
  window.location.assign(sections[0] === undefined ? HOME_PATH : menuPath(sections[0] as MenuSegment));
}
