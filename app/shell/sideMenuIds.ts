/** The navbar element the header's burger opens and closes. */
export const SIDE_MENU_ID = "side-menu";
/** The list of links whose labels the arrow button shows or hides. */
export const SIDE_MENU_LIST_ID = "side-menu-list";
