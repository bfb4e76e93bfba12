/**
 * Every business constant of the specification's section 9, in one place.
 * Server validation, forms, timers and tests all read them from here.
 */
export const LIMITS = {
  /** Names, nickname, website, emails, address parts. */
  textMax: 256,
  /** Comments and long text. */
  longTextMax: 2048,
  /** Rows of a multi-value input (phones, emails). */
  multiValueRowsMax: 5,
  /** Emergency contacts and next of kin a person may list. */
  emergencyContactsMax: 20,
  /** Uploads and photos, in bytes (5 MB). */
  uploadBytesMax: 5 * 1024 * 1024,
  /** Photos are resized to fit in this square, as JPEG. */
  photoSidePx: 512,
  /** The shell's search: a longer query is refused (400); one without a word this long finds nothing. */
  searchQueryMax: 100,
  searchWordMin: 2,
  /** Results of one search, at most. */
  searchResultsMax: 50,
} as const;

/**
 * What POST /api/import reads of an archive, at most: a larger, fuller or more compressed one is
 * refused before it is unpacked (a ZIP bomb expands far past what it weighs).
 */
export const ARCHIVE_LIMITS = {
  /**
   * The uploaded ZIP (413 past it, checked as it arrives, and by the form before it is sent). No
   * rule bounds how many documents an account keeps, so this is a choice: about two hundred files
   * at the upload's 5 MB, many more of the usual scans, with their JSON document.
   */
  archiveBytesMax: 1024 * 1024 * 1024,
  /** Entries in it: the JSON document and one file per document. */
  entriesMax: 20_000,
  /** Everything in it, unpacked. */
  unpackedBytesMax: 2 * 1024 * 1024 * 1024,
  /** The JSON document, unpacked. */
  documentBytesMax: 64 * 1024 * 1024,
  /** Unpacked over packed size of any entry past 1 MiB: text packs to a tenth, a bomb to a thousandth. */
  compressionRatioMax: 100,
} as const;

/** ARCHIVE_LIMITS as a server may narrow them (tests of the limits). */
export type ArchiveLimits = { [K in keyof typeof ARCHIVE_LIMITS]: number };

export const TIMINGS_MS = {
  sessionExpiredCountdown: 115_000,
  tokenEarlyExpiry: 240_000,
  slideshowInterval: 10_000,
  unsubscribeDelay: 2_500,
  statePersistThrottle: 1_000,
  contactEditorReset: 300,
  navigateAfterSave: 1_000,
  scrollRestore: 1_500,
  toast: 2_000,
} as const;

export const SLIDESHOW_IMAGES = 8;
export const MAX_TOASTS = 2;
export const INTRO_GUIDE_SCREENS = 8;
export const SUBSCRIPTION_QUANTITY = 1;
export const DEFAULT_TIME_ZONE = "UTC";

/**
 * Display formats (dayjs tokens), one per language, day first in both: "15 Mar 2024",
 * "15 mars 2024".
 */
export const DATE_FORMATS = {
  en: { date: "D MMM YYYY", dateTime: "D MMM YYYY HH:mm", comment: "D MMM YYYY HH:mm:ss [UTC]" },
  fr: { date: "D MMM YYYY", dateTime: "D MMM YYYY HH:mm", comment: "D MMM YYYY HH:mm:ss [UTC]" },
} as const;

export const BREAKPOINTS_PX = {
  shellMobile: 991,
  addressPickerMobile: 1024,
  formMobile: 768,
  popover: 800,
  popoverBottom: 1080,
  // Below this width a record list is a list of cards: a table of four columns cannot fit a phone.
  recordCards: 599,
} as const;

export const WIDTHS_PX = {
  confirmDialog: 477,
  formModal: 733,
  mobilePopup: 370,
} as const;

/** Placeholder terms of the Terms of Use page. */
export const TERMS = {
  paymentDays: 30,
  lateInterestAboveBasePct: 2,
  recoveryAfterDays: 60,
  recoveryMaxBalanceGbp: 3000,
  returnedChequeFeeGbp: 25,
} as const;

/** Password length the identity server accepts (better-auth's min/max); the forms check it too. */
export const PASSWORD_LIMITS = {
  minLength: 10,
  maxLength: 128,
} as const;

/** What the company forms and the API accept (lengths, a CSV invite's size, a members page). */
export const COMPANY_LIMITS = {
  name: 200,
  website: 300,
  phone: 40,
  phones: 5,
  address: 500,
  personName: 100,
  email: 254,
  /** A CSV invite: data rows and bytes. */
  csvRows: 1_000,
  csvBytes: 1_000_000,
  /** Members per page of the members table. */
  pageSizeMax: 100,
  search: 100,
} as const;

/** How many seats a company plan may hold; an individual plan always holds one (spec section 9). */
export const MAX_PRODUCTS_COUNT = 10_000;
/** A billing code's length at most. */
export const CODE_MAX = 64;
