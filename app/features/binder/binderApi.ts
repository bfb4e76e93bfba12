import { binderApi } from "../../../domain/api/binder.ts";
import type { QueryOf } from "../../../domain/api/contract.ts";
import { apiResponse, operationUrl } from "../../api/client.ts";

/** A module a binder may be made of: the personal network or a records module. */
export type BinderModule = NonNullable<QueryOf<typeof binderApi.owner>["module"]>;

/** Whose binder: the owner's (the whole file, or one module), or a released nominee's. */
export type BinderSource = { kind: "owner"; module?: BinderModule } | { kind: "nominee"; nomineeId: string };

export type BinderOptions = { files: boolean; secrets: boolean };

/** GET /api/binder or /api/shared/nominee/{id}/binder with the chosen options. */
export function binderPath(source: BinderSource, options: BinderOptions): string {
  const files = options.files ? "true" : "false";
  if (source.kind === "nominee") {
    return operationUrl(binderApi.nominee, { params: { nomineeId: source.nomineeId }, query: { files } });
  }
  return operationUrl(binderApi.owner, {
    query: { files, module: source.module, secrets: options.secrets ? "true" : "false" },
  });
}

/** The file name Content-Disposition gives (its UTF-8 form first), else `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (encoded !== undefined) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;
}

/**
 * Makes a binder: the server writes the PDF as it lays it out, and `onProgress` hears how many
 * bytes have arrived (the length is not known beforehand). Rejects with an ApiError like callApi,
 * or with the AbortError of `signal`.
 */
export async function fetchBinder(
  path: string,
  {
    signal,
    onProgress,
    fallbackName,
  }: { signal: AbortSignal; onProgress: (bytes: number) => void; fallbackName: string },
): Promise<{ fileName: string; blob: Blob }> {
  const response = await apiResponse(path, { signal, headers: { Accept: "application/pdf" } });
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return {
    fileName: fileNameOf(response.headers.get("content-disposition"), fallbackName),
    blob: new Blob(parts, { type: "application/pdf" }),
  };
}
