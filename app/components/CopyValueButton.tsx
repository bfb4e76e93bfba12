import { ActionIcon, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** How long the button says "Copied" before offering to copy again. */
const COPIED_MS = 2_000;

/**
 * Writes the value to the clipboard. The value may come from the server (a secret): where the
 * browser takes a pending value (ClipboardItem), the write starts within the click, which Safari
 * demands; elsewhere the value is awaited first.
 */
async function writeToClipboard(value: () => Promise<string | null>): Promise<void> {
  if (typeof ClipboardItem !== "undefined" && "write" in navigator.clipboard) {
    const text = value().then((clear) => new Blob([clear ?? ""], { type: "text/plain" }));
    await navigator.clipboard.write([new ClipboardItem({ "text/plain": text })]);
    return;
  }
  await navigator.clipboard.writeText((await value()) ?? "");
}

/** A one-click copy of a field's value ("Copy Password"), which says when it is done or failed. */
export function CopyValueButton({ label, value }: { label: string; value: () => Promise<string | null> }) {
  const { t } = useTranslation("forms");
  const [state, setState] = useState<"idle" | "busy" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state !== "copied" && state !== "failed") return;
    const timer = setTimeout(() => setState("idle"), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    setState("busy");
    try {
      await writeToClipboard(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  const status = state === "copied" ? t("copy.done", { label }) : state === "failed" ? t("copy.failed") : "";
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        loading={state === "busy"}
        onClick={() => void copy()}
        aria-label={t("copy.action", { label })}
      >
        {state === "copied" ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
      </ActionIcon>
      <VisuallyHidden role="status">{status}</VisuallyHidden>
    </>
  );
}
