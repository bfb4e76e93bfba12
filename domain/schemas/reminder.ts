import type { RecordModule } from "../sections/modules.ts";

/** One item of GET /api/reminders: a record's date coming up or recently passed. */
export type Reminder = {
  recordId: string;
  module: RecordModule;
  category: string;
  field: string;
  /** Epoch ms. */
  date: number;
  /** Calendar days (UTC) from today to the date: 0 today, negative once it has passed. */
  daysLeft: number;
  /** The holder's name when the record has one. */
  holderName: string | null;
  /** What names the record in a sentence: the holder, else its first named list column. */
  title: string | null;
};
