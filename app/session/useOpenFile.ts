import { useSyncExternalStore } from "react";
import { endedFileOwner, type OpenFile, openFile, subscribeOpenFile } from "../api/openFile.ts";

/** The file open (null: the user's own), as the frame and the menus draw it. */
export function useOpenFile(): OpenFile | null {
  return useSyncExternalStore(subscribeOpenFile, openFile, () => null);
}

/** The owner whose access just ended, until the user dismisses the notice. */
export function useEndedFileOwner(): string | null {
  return useSyncExternalStore(subscribeOpenFile, endedFileOwner, () => null);
}
