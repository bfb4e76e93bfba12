import { useSyncExternalStore } from "react";
import { type ClosedFile, closedFileNotice, type OpenFile, openFile, subscribeOpenFile } from "../api/openFile.ts";

/** The file open (null: the user's own), as the frame and the menus draw it. */
export function useOpenFile(): OpenFile | null {
  return useSyncExternalStore(subscribeOpenFile, openFile, () => null);
}

/** The owner's file that just closed and why, until the user dismisses the notice. */
export function useClosedFile(): ClosedFile | null {
  return useSyncExternalStore(subscribeOpenFile, closedFileNotice, () => null);
}
