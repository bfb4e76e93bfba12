import { Worker } from "node:worker_threads";
import { PhotoError, type PreparedPhoto } from "./photo.ts";
import type { PhotoJob, PhotoJobResult } from "./photo-worker.ts";

/**
 * Photos are decoded and re-encoded on one worker thread, one at a time: decoding a large image in
 * pure JavaScript takes seconds, which on the main thread would stall every other request, and one
 * at a time bounds the memory it takes. A photo that takes longer than `timeoutMs` ends the worker
 * (a fresh one takes the next photo).
 */
export type PhotoProcessor = {
  prepare(src: string): Promise<PreparedPhoto>;
  close(): Promise<void>;
};

export function createPhotoProcessor(options: { timeoutMs?: number } = {}): PhotoProcessor {
  const timeoutMs = options.timeoutMs ?? 30_000;
  let worker: Worker | undefined;
  let nextId = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  function workerNow(): Worker {
    if (worker === undefined) {
      worker = new Worker(new URL("./photo-worker.ts", import.meta.url));
      // An idle worker must not keep the process alive.
      worker.unref();
    }
    return worker;
  }

  function run(src: string): Promise<PreparedPhoto> {
    return new Promise((resolve, reject) => {
      if (closed) {
        reject(new Error("the photo processor is closed"));
        return;
      }
      const current = workerNow();
      const id = ++nextId;
      const cleanup = () => {
        clearTimeout(timer);
        current.off("message", onMessage);
        current.off("error", onFailure);
        current.off("exit", onFailure);
      };
      const onMessage = (result: PhotoJobResult) => {
        if (result.id !== id) return;
        cleanup();
        if (result.ok) {
          resolve({ jpeg: Buffer.from(result.jpeg), thumbnail: Buffer.from(result.thumbnail) });
        } else if (result.messageKey !== null) {
          reject(new PhotoError(result.messageKey, result.params));
        } else {
          reject(new Error("the photo could not be processed"));
        }
      };
      const onFailure = (error?: unknown) => {
        cleanup();
        worker = undefined;
        reject(error instanceof Error ? error : new Error("the photo worker stopped"));
      };
      const timer = setTimeout(() => {
        cleanup();
        worker = undefined;
        void current.terminate();
        reject(new Error(`the photo took longer than ${timeoutMs} ms to process`));
      }, timeoutMs);
      current.on("message", onMessage);
      current.once("error", onFailure);
      current.once("exit", onFailure);
      const job: PhotoJob = { id, src };
      current.postMessage(job);
    });
  }

  return {
    prepare(src) {
      const result = queue.then(() => run(src));
      // The next photo waits for this one, whatever its outcome.
      queue = result.catch(() => {});
      return result;
    },
    async close() {
      closed = true;
      const current = worker;
      worker = undefined;
      if (current !== undefined) await current.terminate();
    },
  };
}
