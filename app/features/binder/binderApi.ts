import type { ModuleKey } from "../../../domain/sections/modules.ts";
import { apiResponse } from "../../api/client.ts";

/** Whose binder: the owner's (the whole file, or one module), or a released nominee's. */
export type BinderSource = { kind: "owner"; module?: ModuleKey } | { kind: "nominee"; nomineeId: string };

export type BinderOptions = { files: boolean; secrets: boolean };

/** GET /api/binder or /api/shared/nominee/{id}/binder with the chosen options. */
export function binderPath(source: BinderSource, options: BinderOptions): string {
  const query = new URLSearchParams({ files: String(options.files) });
  if (source.kind === "nominee") {
    return `/api/shared/nominee/${encodeURIComponent(source.nomineeId)}/binder?${query}`;
  }
  if (source.module !== undefined) query.set("module", source.module);
  query.set("secrets", String(options.secrets));
  return `/api/binder?${query}`;
}

/** The file name Content-Disposition gives (its UTF-8 form first), else `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (encoded !== undefined) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;
}

/**
 * Makes a binder: the server writes the PDF as it lays it out, and `onProgress` hears how many
 * bytes have arrived (the length is not known beforehand). Rejects with an ApiError like apiFetch,
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
