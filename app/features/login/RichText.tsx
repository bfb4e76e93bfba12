import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translated sentence with `<name>words</name>` pairs, each rendered as its component holding
 * the words (a link, <strong>), in a few lines rather than react-i18next's Trans, which would weigh
 * down the sign-in page's bundle. Text stays text: React escapes it.
 */
export function RichText({ text, components }: { text: string; components: Record<string, ReactElement> }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = "", words = ""] = match;
    parts.push(text.slice(last, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: match.index }, words) : words);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
