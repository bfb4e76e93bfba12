import { Alert } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { LIMITS } from "../../../domain/limits.ts";
import { SHARED_PARAM, takeSharedFile } from "../../pwa/sharedFile.ts";

/** What became of a file shared from the phone, on the page it was shared to. */
export type SharedFile =
  | { status: "none" }
  | { status: "waiting" }
  | { status: "received"; name: string }
  | { status: "dropped"; name: string }
  | { status: "missing" }
  | { status: "tooLarge" };

/** The navigation state under which the library's drop zone hands its file to the add page. */
export const DROPPED_FILE_STATE = "droppedFile";

/**
 * On a page opened by the share target (`?shared=1`): takes the shared file, once, and hands it to
 * `onFile` when it passes the upload control's size check. A file dropped on the library arrives
 * the same way, in the navigation's state. `onFile` undefined (editing an entry that already has
 * its file) leaves the shared file alone.
 */
export function useSharedFile(onFile: ((file: File) => void) | undefined): SharedFile {
  const dropped = useDroppedFile(onFile);
  const shared = useSharedFromPhone(onFile);
  return dropped ?? shared;
}

function useDroppedFile(onFile: ((file: File) => void) | undefined): SharedFile | null {
  const state: unknown = useLocation().state;
  const file =
    typeof state === "object" && state !== null && (state as Record<string, unknown>)[DROPPED_FILE_STATE];
  const dropped = file instanceof File && onFile !== undefined ? file : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the file is handed over once, when the page opens
  useEffect(() => {
    if (dropped) onFile?.(dropped);
  }, [dropped]);
  return dropped ? { status: "dropped", name: dropped.name } : null;
}

function useSharedFromPhone(onFile: ((file: File) => void) | undefined): SharedFile {
  const [searchParams] = useSearchParams();
  const wanted = onFile !== undefined && searchParams.has(SHARED_PARAM);
  const [state, setState] = useState<SharedFile>(wanted ? { status: "waiting" } : { status: "none" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the file is taken once, when the page opens
  useEffect(() => {
    if (!wanted) return;
    // No "still mounted" guard: under StrictMode the first run takes the file and the second finds
    // none, and the first run's answer must still land.
    void takeSharedFile().then(
      (file) => {
        if (!file) return setState((now) => (now.status === "waiting" ? { status: "missing" } : now));
        if (file.size > LIMITS.uploadBytesMax) return setState({ status: "tooLarge" });
        onFile?.(file);
        setState({ status: "received", name: file.name });
      },
      () => setState({ status: "missing" }),
    );
  }, [wanted]);
  return state;
}

/** Tells the owner what came of the share: the file is ready, too large, or not there. */
export function SharedFileNotice({ shared }: { shared: SharedFile }) {
  const { t } = useTranslation("documents");
  if (shared.status === "received" || shared.status === "dropped") {
    return (
      <Alert color="green" variant="light" role="status">
        {t(`share.${shared.status}`, { name: shared.name })}
      </Alert>
    );
  }
  if (shared.status === "tooLarge" || shared.status === "missing") {
    return (
      <Alert color="yellow" variant="light" role="alert">
        {t(shared.status === "tooLarge" ? "share.tooLarge" : "share.missing")}
      </Alert>
    );
  }
  return null;
}
