import { useSyncExternalStore } from "react";
import {
  type ClosedFile,
  closedFileNotice,
  type OpenFile,
  openFile,
  subscribeOpenFile,
} from "../api/openFile.ts";

/** The file open (null: the user's own), as the frame and the menus draw it. */
export function useOpenFile(): OpenFile | null {
  return useSyncExternalStore(subscribeOpenFile, openFile, () => null);
}

/** Whether the file open takes the user's changes, which the server refuses (403) with view rights. */
function canEditOpenFile(): boolean {
  const file = openFile();
  return file === null || file.rights === "edit";
}

/**
 * The one question every add, edit, delete, upload, import and mark control asks: true in the
 * user's own file and in an owner's file with edit rights, false with view rights.
 */
export function useCanEditFile(): boolean {
  return useSyncExternalStore(subscribeOpenFile, canEditOpenFile, () => true);
}

/** The owner's file that just closed and why, until the user dismisses the notice. */
export function useClosedFile(): ClosedFile | null {
  return useSyncExternalStore(subscribeOpenFile, closedFileNotice, () => null);
}
