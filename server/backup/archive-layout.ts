/**
 * What a backup archive holds, named once for the backup and the restore. Key material (the
 * master key, the session secret) is never in it: it goes to a keys file of its own, kept apart.
 */
export const MANIFEST = "kinfile-backup.json";
/** The SQLite database, copied online (node:sqlite's backup): absent for PostgreSQL. */
export const DATABASE_ENTRY = "database/kinfile.sqlite";
/** The filesystem blob store's files, `blobs/<owner>/<blob>`, as stored: ciphertext. */
export const BLOBS_PREFIX = "blobs/";

export const BACKUP_FORMAT = 1;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: "sqlite" | "postgres";
  blobStore: "filesystem" | "database";
  /** Files under blobs/ (0 when they live in the database). */
  blobs: number;
  /** The master keys the data keys are wrapped under: the keys file (or KINFILE_MASTER_KEY) must hold one. */
  masterKeyIds: string[];
};

/** The keys file: everything secret the archive leaves out, to keep somewhere else. */
export type BackupKeys = {
  format: typeof BACKUP_FORMAT;
  /** DATA_DIR/master-key's text, or KINFILE_MASTER_KEY's. */
  masterKey: string;
  /** DATA_DIR/master-key.previous, while a rotation's old key may still be needed. */
  previousMasterKey?: string;
  /** DATA_DIR/auth-secret (absent when AUTH_SECRET is set in the environment). */
  authSecret?: string;
};

export const KEYS_WARNING =
  "this backup holds no master key: without the key (the keys file, DATA_DIR/master-key or KINFILE_MASTER_KEY) no secret or file in it can be read. Keep the key apart from the backup, and safe.";
