import { request, type TestUser } from "./identity.ts";
import type { TestApp } from "./test-app.ts";

/** Posts a .vcf as the import's multipart field `file` (or another field, to test its refusal). */
export function uploadVcard(
  test: TestApp,
  user: TestUser,
  url: string,
  text: string | Buffer,
  field = "file",
) {
  const boundary = "----kinfile-vcard-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="contacts.vcf"\r\nContent-Type: text/vcard\r\n\r\n`,
    ),
    Buffer.isBuffer(text) ? text : Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return request(test, {
    method: "POST",
    url,
    payload: body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    cookie: user.cookie,
  });
}

/** A vCard 4.0 of a person, CRLF-ended as RFC 6350 writes it. */
export function personVcard(lines: readonly string[]): string {
  return ["BEGIN:VCARD", "VERSION:4.0", ...lines, "END:VCARD", ""].join("\r\n");
}
