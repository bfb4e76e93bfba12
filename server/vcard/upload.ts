import type { FastifyReply, FastifyRequest } from "fastify";
import { VCARD_LIMITS } from "../../domain/schemas/vcard.ts";
import { AppError } from "../errors/app-error.ts";
import { filePartOf, malformedMultipart } from "../http/file-part.ts";
import { countCards, UnreadableVcardError, type VcardContact } from "./contact.ts";

const fileError = (message: string, params?: Record<string, unknown>) =>
  new AppError("validation_failed", { fields: { file: message }, ...(params ? { params } : {}) });

/**
 * The contacts of the .vcf in the request's multipart field `file`: at most 1 MB (413 past it),
 * UTF-8, at least one and at most 500 cards, readable by vcard4. Each refusal is a 4xx naming the
 * file's problem; nothing is saved before all of it is read.
 */
export async function receiveVcardFile(request: FastifyRequest): Promise<VcardContact[]> {
  const part = await filePartOf(request, { fileSize: VCARD_LIMITS.fileBytes, files: 1, fields: 5, parts: 6 });
  const bytes = await part.toBuffer().catch((error: unknown) => {
    throw malformedMultipart(error);
  });
  if (part.file.truncated) {
    throw new AppError("payload_too_large", {
      fields: { file: "exchange:vcardErrors.tooLarge" },
      params: { megabytes: VCARD_LIMITS.fileBytes / (1024 * 1024) },
    });
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw fileError("exchange:vcardErrors.notUtf8");
  }
  const count = countCards(text);
  if (count === 0) throw fileError("exchange:vcardErrors.noCards");
  if (count > VCARD_LIMITS.cards)
    throw fileError("exchange:vcardErrors.tooManyCards", { maximum: VCARD_LIMITS.cards });
  // vcard4 is loaded on the first file read, not at start (vcard-text.ts).
  const { readContacts } = await import("./vcard-text.ts");
  try {
    return readContacts(text);
  } catch (error) {
    if (!(error instanceof UnreadableVcardError)) throw error;
    request.log.info({ reason: error.message }, "vCard file refused");
    throw fileError("exchange:vcardErrors.unreadable");
  }
}

/** A .vcf answered as a download named after what it holds. */
export function sendVcardFile(reply: FastifyReply, baseName: string, text: string) {
  return reply
    .type("text/vcard; charset=utf-8")
    .header("content-disposition", `attachment; filename="${baseName}.vcf"`)
    .header("cache-control", "no-store")
    .send(text);
}
