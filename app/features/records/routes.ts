import type { RouteObject } from "react-router";
import type { RecordModule } from "../../../domain/sections/modules.ts";
import { RECORD_FORM } from "../../../web/prerendered-pages.ts";
import { documentsFieldModule } from "../../components/fields/documentsFieldModule.ts";
import { withTranslations } from "../../i18n/withTranslations.ts";
import type { ScreenHandle } from "../../shell/screenHandle.ts";
import { menuLabelKey } from "../../shell/sideMenu.ts";

/*
 * The record modules' routes (/dashboard/{module}, its categories, add, view and edit). Every
 * screen loads on demand; this file holds only paths, so the router can import it at start-up.
 */

/**
 * What a record's list and view render with: their values' options, the documents they hold and
 * the contact summary of the persons they name. Loaded with the screen's code, so no value
 * suspends the drawn page to fetch its namespace and blanks it meanwhile.
 */
export const RECORD_READ_NAMESPACES = ["records", "sections", "catalog", "exchange", "documents", "network"];

const modulePage = () => import("./ModulePage.tsx").then((m) => ({ Component: m.ModulePage }));
const listPage = withTranslations(RECORD_READ_NAMESPACES, () =>
  import("./RecordListPage.tsx").then((m) => ({ Component: m.RecordListPage })),
);
const viewPage = withTranslations(RECORD_READ_NAMESPACES, () =>
  import("./RecordViewPage.tsx").then((m) => ({ Component: m.RecordViewPage })),
);
// The form's translations with its code: its fields, their options and their messages. Its route
// module brings the documents field's code with the form's; the field's loader then answers at once,
// so the form is drawn with it.
const formPage = withTranslations(RECORD_FORM.namespaces, () =>
  import("./recordFormRoute.ts").then(async (m) => {
    await documentsFieldModule.load();
    return { Component: m.RecordFormPage };
  }),
);

/** One module's pages, titled by its menu label. */
export function recordModuleRoutes(module: RecordModule): RouteObject {
  const handle: ScreenHandle = { titleKey: menuLabelKey(module) };
  return {
    path: module,
    handle,
    children: [
      { index: true, lazy: modulePage },
      {
        path: ":category",
        children: [
          { index: true, lazy: listPage },
          { path: "add", lazy: formPage },
          { path: "view/:id", lazy: viewPage },
          { path: "edit/:id", lazy: formPage },
        ],
      },
    ],
  };
}
