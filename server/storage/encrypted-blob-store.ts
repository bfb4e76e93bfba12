import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DataKeys } from "../crypto/data-keys.ts";
import { createDecryptingStream, createEncryptingStream } from "./blob-cipher.ts";
import { type BlobBody, type BlobStore, toReadable } from "./blob-store.ts";

/** Resolves when the stream has its first bytes (or has ended), rejects if it fails before. */
function firstOutputOf(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off("readable", onReadable);
      stream.off("error", settle);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onReadable = () => settle();
    stream.once("readable", onReadable);
    stream.once("error", settle);
  });
}

/**
 * The blob store the app uses: files go through blob-cipher.ts on the way in and out, so the
 * underlying store (files or database rows) only ever holds ciphertext. `size` is the file's own.
 */
export function createEncryptedBlobStore(options: { store: BlobStore; dataKeys: DataKeys }): BlobStore {
  const { store, dataKeys } = options;
  return {
    async put(ownerId: string, blobId: string, body: BlobBody) {
      const encrypt = await createEncryptingStream({ dataKeys, ownerId, blobId });
      // pipeline tears both sides down when either fails; the store then drops its partial blob.
      // The first failure is the cause (a refused upload, a full disk); the other side's is its echo.
      let cause: { error: unknown } | undefined;
      const settle = (promise: Promise<unknown>) =>
        promise.then(
          () => true,
          (error: unknown) => {
            cause ??= { error };
            return false;
          },
        );
      const [fed, stored] = await Promise.all([
        settle(pipeline(toReadable(body), encrypt)),
        settle(store.put(ownerId, blobId, encrypt)),
      ]);
      if (!fed || !stored) {
        if (stored) await store.delete(ownerId, blobId);
        throw cause?.error;
      }
      return { size: encrypt.plaintextBytes };
    },

    async get(ownerId: string, blobId: string) {
      const ciphertext = await store.get(ownerId, blobId);
      const decrypt = createDecryptingStream({ dataKeys, ownerId, blobId });
      pipeline(ciphertext, decrypt).catch(() => {
        // The error reaches whoever reads `decrypt`; pipeline has destroyed both streams.
      });
      // Answer once the file key and the first chunk have opened: a damaged header or first chunk
      // (any damage at all, for a file under 64 KiB) then rejects here, before a response has
      // begun, instead of cutting a download that already said 200.
      await firstOutputOf(decrypt);
      return decrypt;
    },

    delete: (ownerId, blobId) => store.delete(ownerId, blobId),
    deleteAllOf: (ownerId, within) => store.deleteAllOf(ownerId, within),
  };
}
