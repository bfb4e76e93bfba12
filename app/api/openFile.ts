import type { CollaboratorRights, CollaboratorScope } from "../../domain/schemas/collaborator.ts";

/**
 * Whose file the app works in: the signed-in account's own (null), or an owner's the account helps
 * with as a collaborator. Kept for the browser tab, so that a reload stays in the same file; the
 * typed client sends the file's calls to `/api/files/{ownerId}/...` from here, for every screen.
 */
export type OpenFile = {
  ownerId: string;
  ownerName: string;
  scope: CollaboratorScope;
  rights: CollaboratorRights;
  /** The side menu's sections the scope opens (the personal network, record modules). */
  sections: readonly string[];
};

/** Why an owner's file closed: the owner ended the access, or a platform admin suspended the owner's account. */
export type FileClosing = "ended" | "suspended";

/** The file that just closed, for the frame to say whose and why once back in the user's own file. */
export type ClosedFile = { ownerName: string; reason: FileClosing };

const KEY = "kinfile.openFile";
const ENDED_KEY = "kinfile.fileEnded";

/** The API areas that make up an owner's file, which a collaborator reaches under the owner's prefix. */
const FILE_AREAS = [
  "/api/records/",
  "/api/pn/",
  "/api/address/",
  "/api/institutions/",
  "/api/documents",
  "/api/binder",
  "/api/search",
  "/api/comments/",
  "/api/reminders",
  "/api/home",
];

function stored<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

function store(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A browser that keeps nothing still works in the file for this page's life.
  }
}

let current: OpenFile | null = typeof sessionStorage === "undefined" ? null : stored<OpenFile>(KEY);
function storedClosedFile(): ClosedFile | null {
  const value = stored<Partial<ClosedFile>>(ENDED_KEY);
  if (typeof value?.ownerName !== "string") return null;
  return { ownerName: value.ownerName, reason: value.reason === "suspended" ? "suspended" : "ended" };
}

let closedFile: ClosedFile | null = typeof sessionStorage === "undefined" ? null : storedClosedFile();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function openFile(): OpenFile | null {
  return current;
}

/** The owner's file that just closed and why, for the frame to say so once back in the user's own file. */
export function closedFileNotice(): ClosedFile | null {
  return closedFile;
}

export function subscribeOpenFile(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens an owner's file, or the user's own (null). */
export function setOpenFile(file: OpenFile | null): void {
  current = file;
  store(KEY, file);
  closedFile = null;
  store(ENDED_KEY, null);
  changed();
}

/** The file closed to the user: back to their own file, remembering whose it was and why, to say so. */
export function closeEndedFile(reason: FileClosing): void {
  closedFile = current === null ? null : { ownerName: current.ownerName, reason };
  store(ENDED_KEY, closedFile);
  current = null;
  store(KEY, null);
  changed();
}

export function dismissEndedFile(): void {
  closedFile = null;
  store(ENDED_KEY, null);
  changed();
}

/** The path of a call in the file open: an owner's file's areas under `/api/files/{ownerId}`. */
export function inOpenFile(path: string): string {
  if (current === null || !FILE_AREAS.some((area) => path.startsWith(area))) return path;
  return `/api/files/${encodeURIComponent(current.ownerId)}${path.slice("/api".length)}`;
}
