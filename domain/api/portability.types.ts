import { z } from "zod";
import { importSummarySchema } from "../schemas/file-export.ts";

export const portabilityTypes = {
  /**
   * The owner's whole file as a ZIP (application/zip, streamed as an attachment); `secrets=true`
   * puts secrets in clear, after a password confirmed in the last five minutes.
   */
  export: {
    query: z.object({
      secrets: z
        .enum(["true", "false"])
        .optional()
        .transform((value) => value === "true"),
    }),
    response: z.string().describe("application/zip, as an attachment"),
  },
  /** multipart/form-data with one `file` part, an export's ZIP, restored into an empty file. */
  import: { response: importSummarySchema },
};
