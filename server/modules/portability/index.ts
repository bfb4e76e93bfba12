export { openSnapshotFile, readFileSnapshot, type SnapshotSubject } from "./snapshot.ts";
