/**
 * A record form's route module: the form and the document library's field, imported statically
 * so they arrive together (the build fetches a dynamic import's static imports side by side) and
 * so the build manifest, which bench/bundle.ts weighs, shows the field as part of the form's route.
 * The field arriving after the form lengthened it and moved everything below it (Save included).
 */
import "../documents/DocumentsField.tsx";

export { RecordFormPage } from "./RecordFormPage.tsx";
