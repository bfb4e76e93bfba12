import { ActionIcon, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconEye, IconEyeOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MASK } from "../../../domain/secrets.ts";

/**
 * A saved secret shown masked: the eye asks the API for the value (each reveal is logged there)
 * and shows it; the eye again hides it.
 */
export function RevealableSecret({ label, reveal }: { label: string; reveal: () => Promise<string | null> }) {
  const { t } = useTranslation(["forms", "records"]);
  const [value, setValue] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (shown) return setShown(false);
    if (value === null) {
      setBusy(true);
      setFailed(false);
      try {
        setValue(await reveal());
      } catch {
        setFailed(true);
        return;
      } finally {
        setBusy(false);
      }
    }
    setShown(true);
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Text ff={shown ? undefined : "monospace"} style={{ overflowWrap: "anywhere" }} aria-live="polite">
        {shown ? (
          (value ?? "-")
        ) : (
          <>
            <span aria-hidden>{MASK}</span>
            <VisuallyHidden>{t("forms:masked.hidden")}</VisuallyHidden>
          </>
        )}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        loading={busy}
        onClick={() => void toggle()}
        aria-label={t(shown ? "forms:masked.hide" : "forms:masked.show", { label })}
        aria-pressed={shown}
      >
        {shown ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
      </ActionIcon>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {t("records:view.revealFailed")}
        </Text>
      )}
    </Group>
  );
}
