import { Fragment } from "react";

/**
 * An email address that may wrap only before its "@" and its dots, never in the middle of a word
 * ("ada.lovelace@exa" / "mple.com" reads as two addresses).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span style={{ overflowWrap: "normal", wordBreak: "normal" }}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never reorder
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
