import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * The page the owner's mail links to: it reads the request (GET /api/shared/owner/approve/...) and
 * posts the answer only from its confirm button.
 */
const APPROVAL_PAGE = "/accepted-share-request";

/** Bound into the MAC, so a signature made for another purpose with the same key never fits. */
const PURPOSE = "share-approval:";

/** Longest sign value accepted: a request id (uuid), a dot and a base64url SHA-256 MAC. */
export const SIGN_MAX_LENGTH = 200;

/**
 * The signed Approve and Decline links of an access request. The sign value is
 * `${requestId}.${mac}`, mac being base64url HMAC-SHA256 over "share-approval:{nomineeId}:{requestId}"
 * with a key derived (HKDF-SHA256) from the auth secret for this one use. It names the request, so
 * it is void as soon as that request is no longer the pending one (approved, declined, revoked,
 * released): single use without storing anything, and a reminder mail recomputes the same links.
 * Its lifetime is the request's (checked by the caller against the nominee's row).
 */
export function createApprovalLinks(options: { publicUrl: string; secret: string }) {
  const key = Buffer.from(hkdfSync("sha256", options.secret, "kinfile", "share-approval-link-v1", 32));
  const origin = options.publicUrl.replace(/\/+$/, "");

  function mac(nomineeId: string, requestId: string): string {
    return createHmac("sha256", key).update(`${PURPOSE}${nomineeId}:${requestId}`).digest("base64url");
  }

  function sign(nomineeId: string, requestId: string): string {
    return `${requestId}.${mac(nomineeId, requestId)}`;
  }

  function link(nomineeId: string, requestId: string, approve: boolean): string {
    const query = new URLSearchParams({
      nomineeId,
      approve: String(approve),
      sign: sign(nomineeId, requestId),
    });
    return `${origin}${APPROVAL_PAGE}?${query.toString()}`;
  }

  return {
    sign,

    /** The Approve and Decline links of one request. */
    links(nomineeId: string, requestId: string): { approveUrl: string; declineUrl: string } {
      return { approveUrl: link(nomineeId, requestId, true), declineUrl: link(nomineeId, requestId, false) };
    },

    /**
     * The request id a sign value was made for, when it is this server's signature for that
     * nominee (compared in constant time); null for anything else.
     */
    requestIdOf(nomineeId: string, value: string): string | null {
      const dot = value.indexOf(".");
      if (dot <= 0 || nomineeId === "") return null;
      const requestId = value.slice(0, dot);
      // Compared as text, so another spelling of the same bytes is refused too.
      const given = Buffer.from(value.slice(dot + 1), "utf8");
      const expected = Buffer.from(mac(nomineeId, requestId), "utf8");
      return given.length === expected.length && timingSafeEqual(given, expected) ? requestId : null;
    },
  };
}

export type ApprovalLinks = ReturnType<typeof createApprovalLinks>;
