import type { CollaboratorRights } from "../../domain/schemas/collaborator.ts";
import { setOpenFile } from "../api/openFile.ts";

/** The owner whose file the collaborator tests work in. */
export const TEST_OWNER = { id: "5b0c7a2e-0000-4000-8000-0000000000f1", name: "Noor Haddad" };

/** The prefix the typed client sends the open file's calls under. */
export const TEST_FILE_PREFIX = `/api/files/${TEST_OWNER.id}`;

/** Opens the test owner's whole file with these rights, as the file switch does; `setOpenFile(null)` closes it. */
export function openTestOwnersFile(rights: CollaboratorRights): void {
  setOpenFile({
    ownerId: TEST_OWNER.id,
    ownerName: TEST_OWNER.name,
    scope: {
      modules: ["personal-network", "household", "assets", "inventory"],
      categories: [],
      secrets: false,
    },
    rights,
    sections: ["personal-network", "household", "assets", "inventory"],
  });
}
