import path from "node:path";
import type { Config } from "../config.ts";
import type { DataKeys } from "../crypto/data-keys.ts";
import type { Database } from "../db/database.ts";
import type { BlobBackend, BlobStore } from "./blob-store.ts";
import { createDatabaseBlobStore } from "./database-blob-store.ts";
import { createEncryptedBlobStore } from "./encrypted-blob-store.ts";
import { createFilesystemBlobStore } from "./filesystem-blob-store.ts";

/** Where the filesystem store keeps blobs: DATA_DIR/blobs. */
export function blobsDir(dataDir: string): string {
  return path.join(dataDir, "blobs");
}

/** The backend BLOB_STORE names (filesystem by default), holding ciphertext; its housekeeping too. */
export function openBlobBackend(options: {
  config: Pick<Config, "blobStore" | "dataDir">;
  database: Database;
}): BlobBackend {
  const { config, database } = options;
  return config.blobStore === "database"
    ? createDatabaseBlobStore(database.db)
    : createFilesystemBlobStore(blobsDir(config.dataDir));
}

/** The app's encrypted blob store on the configured backend. */
export function openBlobStore(options: {
  config: Pick<Config, "blobStore" | "dataDir">;
  database: Database;
  dataKeys: DataKeys;
}): BlobStore {
  return createEncryptedBlobStore({ store: openBlobBackend(options), dataKeys: options.dataKeys });
}
