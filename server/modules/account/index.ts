export type { AccountDeletedHook, AccountEraser } from "./account-deletion.ts";
