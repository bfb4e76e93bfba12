import { lazyModule } from "../lazy/useLazyModule.ts";

/**
 * The document library's own field (uploads, Download, View), a chunk of its own. A record form's
 * route loads it beside the form's code (records/routes.ts), so the form is drawn with it: arriving
 * after the form, it lengthened the form and moved everything below it (Save included) down.
 */
export const documentsFieldModule = lazyModule(() => import("../../features/documents/DocumentsField.tsx"));
