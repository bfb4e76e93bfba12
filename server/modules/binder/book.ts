import type { BinderChapter, BinderSection } from "../../file/binder/part.ts";

export type {
  BinderChapter,
  BinderComment,
  BinderEntry,
  BinderRow,
  BinderSection,
  BinderTree,
} from "../../file/binder/part.ts";

/**
 * The binder as it will be printed: every word already in the reader's language, every value
 * already formatted, nothing left to look up. `compose.ts` makes it from the owner's file;
 * `render.ts` lays it out. Keeping the two apart lets the layout be tested on a fixture and the
 * composition be tested without reading PDFs.
 */

/** The page after the cover: who to call first, where the key documents are, the nominees. */
export type BinderFirstHours = { title: string; intro: string; sections: readonly BinderSection[] };

/** The cover: the product, the title, whose file, which part of it, the day, what it is. */
export type BinderCover = {
  product: string;
  heading: string;
  owner: string;
  scope: string;
  madeOn: string;
  /** What the binder is for, and that it is confidential. */
  about: string;
  /** Whether secrets are in it. */
  notice: string;
};

/** An attached document as the list names it; its pages, when appended, follow the binder. */
export type BinderAttachment = {
  name: string;
  /** Where it is filed ("Will", "Document library"). */
  filedUnder: string;
  /** The number of pages it adds when appended; 0 when it is only listed. */
  appendedPages: number;
};

/** The words of the binder's own furniture, in the reader's language. */
export type BinderWords = {
  contents: string;
  attachments: string;
  attachmentsNone: string;
  /** "{{page}} / {{total}}" style footer, with the page and total filled in by the layout. */
  pageOf: (page: number, total: number) => string;
  /** "Appended from page {{page}}", for an attachment whose pages follow. */
  appendedAt: (page: number) => string;
  notAppended: string;
  empty: string;
  comments: string;
};

export type BinderBook = {
  /** BCP 47, written into the PDF so readers and screen readers use the right language. */
  language: string;
  title: string;
  cover: BinderCover;
  /** The whole file's and a nominee's binder open with it; a module's binder does not. */
  firstHours?: BinderFirstHours;
  words: BinderWords;
  chapters: readonly BinderChapter[];
  attachments: readonly BinderAttachment[];
};
