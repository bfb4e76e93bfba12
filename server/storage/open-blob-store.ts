import path from "node:path";
import type { Config } from "../config.ts";
import type { DataKeys } from "../crypto/data-keys.ts";
import type { Database } from "../db/database.ts";
import type { BlobStore } from "./blob-store.ts";
import { createDatabaseBlobStore } from "./database-blob-store.ts";
import { createEncryptedBlobStore } from "./encrypted-blob-store.ts";
import { createFilesystemBlobStore } from "./filesystem-blob-store.ts";

/** Where the filesystem store keeps blobs: DATA_DIR/blobs. */
export function blobsDir(dataDir: string): string {
  return path.join(dataDir, "blobs");
}

/** The app's encrypted blob store on the backend BLOB_STORE names (filesystem by default). */
export function openBlobStore(options: {
  config: Pick<Config, "blobStore" | "dataDir">;
  database: Database;
  dataKeys: DataKeys;
}): BlobStore {
  const { config, database, dataKeys } = options;
  const store =
    config.blobStore === "database"
      ? createDatabaseBlobStore(database.db)
      : createFilesystemBlobStore(blobsDir(config.dataDir));
  return createEncryptedBlobStore({ store, dataKeys });
}
