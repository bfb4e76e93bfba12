/** The columns every row of the owner's file carries about its history. */
export type FirstVersion = {
  owner_id: string;
  created_at: number;
  updated_at: number;
  version: number;
  updated_by: string;
};

/**
 * A new row's history columns: its owner, when it was made and last changed (the same moment for a
 * new row; an import keeps the archive's), version 1, and the account that wrote it.
 */
export function firstVersion(
  ownerId: string,
  writtenBy: string,
  createdAt: number,
  updatedAt: number = createdAt,
): FirstVersion {
  return {
    owner_id: ownerId,
    created_at: createdAt,
    updated_at: updatedAt,
    version: 1,
    updated_by: writtenBy,
  };
}
