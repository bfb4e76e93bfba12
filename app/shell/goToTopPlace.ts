/** Where the Go to Top button floats: its gap from the window's bottom edge, and its own height (Mantine's "sm"). */
export const GO_TO_TOP_OFFSET_PX = 20;
const GO_TO_TOP_HEIGHT_PX = 36;

/**
 * The room a page keeps below its last control so that, scrolled to the end, that control (a form's
 * Save) sits above the button rather than under it, where a click would take the reader to the top.
 */
export const GO_TO_TOP_CLEARANCE_PX = GO_TO_TOP_OFFSET_PX + GO_TO_TOP_HEIGHT_PX + 16;
