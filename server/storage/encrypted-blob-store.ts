import { pipeline } from "node:stream/promises";
import type { DataKeys } from "../crypto/data-keys.ts";
import { createDecryptingStream, createEncryptingStream } from "./blob-cipher.ts";
import { type BlobBody, type BlobStore, toReadable } from "./blob-store.ts";

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
      return decrypt;
    },

    delete: (ownerId, blobId) => store.delete(ownerId, blobId),
    deleteAllOf: (ownerId, within) => store.deleteAllOf(ownerId, within),
  };
}
