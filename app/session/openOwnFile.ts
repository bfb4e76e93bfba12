import { setOpenFile } from "../api/openFile.ts";
import { HOME_PATH } from "./homeRoute.ts";

/**
 * Switches to the user's own file. The app starts afresh in it, so that nothing cached of the
 * other file stays on screen.
 */
export function openOwnFile(): void {
  setOpenFile(null);
  window.location.assign(HOME_PATH);
}
