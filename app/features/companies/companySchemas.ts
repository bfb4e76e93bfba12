import { lazySchemaModule } from "../../components/form/lazySchema.ts";

/** The company schemas bring zod: fetched when a company form is first focused or saved. */
export const companySchemas = lazySchemaModule(() => import("../../../domain/schemas/company.ts"));
