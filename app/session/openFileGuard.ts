import { collaboratorsApi } from "../../domain/api/collaborators.ts";
import { type ApiError, callApi } from "../api/client.ts";
import { closeEndedFile, openFile } from "../api/openFile.ts";
import { HOME_PATH } from "./homeRoute.ts";

let checking = false;

/**
 * After a 404 in an owner's file: when the account no longer helps with it (the owner ended the
 * access, or the server says the owner's account is suspended), back to the user's own file, where
 * the frame says which. A 404 of a row that is gone while the access holds changes nothing.
 */
export async function checkOpenFile(ownerId: string, error: ApiError): Promise<void> {
  if (checking) return;
  checking = true;
  try {
    const files = await callApi(collaboratorsApi.collaborating);
    const stillOpen = files.some((file) => file.owner.id === ownerId && file.status === "accepted");
    if (stillOpen || openFile()?.ownerId !== ownerId) return;
    closeEndedFile(error.details.ownerSuspended === true ? "suspended" : "ended");
    // A fresh start: nothing the owner's file left in the caches stays on screen.
    window.location.assign(HOME_PATH);
  } finally {
    checking = false;
  }
}
