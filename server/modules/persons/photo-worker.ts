import { parentPort } from "node:worker_threads";
import { lowerThisThread } from "../../thread-priority.ts";
import { PhotoError } from "./photo.ts";
import { preparePhoto } from "./photo-preparation.ts";

/** Runs preparePhoto off the main thread (server/modules/persons/photo-processor.ts). */
export type PhotoJob = { id: number; src: string };
export type PhotoJobResult =
  | { id: number; ok: true; jpeg: Uint8Array; thumbnail: Uint8Array }
  | { id: number; ok: false; messageKey: string | null; params: Record<string, unknown> };

lowerThisThread();

parentPort?.on("message", (job: PhotoJob) => {
  try {
    const { jpeg, thumbnail } = preparePhoto(job.src);
    const result: PhotoJobResult = { id: job.id, ok: true, jpeg, thumbnail };
    parentPort?.postMessage(result);
  } catch (error) {
    const result: PhotoJobResult =
      error instanceof PhotoError
        ? { id: job.id, ok: false, messageKey: error.messageKey, params: error.params }
        : { id: job.id, ok: false, messageKey: null, params: {} };
    parentPort?.postMessage(result);
  }
});
