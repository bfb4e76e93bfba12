import {
  ActionIcon,
  Group,
  PasswordInput,
  type PasswordInputProps,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { IconEye, IconEyeOff } from "@tabler/icons-react";
import { forwardRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MASK } from "../../domain/secrets.ts";

export interface MaskedValueProps {
  /** The secret; null or empty shows a dash, with nothing to reveal. */
  value: string | null;
  /** What the value is ("Social number"), for the eye's name ("Show Social number"). */
  label: string;
}

/** The spec's masked value: asterisks by default, and an eye that shows or hides the value. */
export function MaskedValue({ value, label }: MaskedValueProps) {
  const { t } = useTranslation("forms");
  const [shown, setShown] = useState(false);
  if (!value) return <Text>-</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text ff={shown ? undefined : "monospace"} style={{ overflowWrap: "anywhere" }} aria-live="polite">
        {shown ? (
          value
        ) : (
          <>
            <span aria-hidden>{MASK}</span>
            <VisuallyHidden>{t("masked.hidden")}</VisuallyHidden>
          </>
        )}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={() => setShown((current) => !current)}
        aria-label={t(shown ? "masked.hide" : "masked.show", { label })}
        aria-pressed={shown}
      >
        {shown ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
      </ActionIcon>
    </Group>
  );
}

/**
 * A secret typed into a form (a social number): hidden as dots until the eye shows it. Unlike
 * Mantine's default, the eye can be reached with the keyboard and says what it does; browsers are
 * told not to offer saved passwords for it.
 */
export const MaskedInput = forwardRef<HTMLInputElement, PasswordInputProps & { label: string }>(
  function MaskedInput({ label, error, ...props }, ref) {
    const { t } = useTranslation("forms");
    return (
      <PasswordInput
        ref={ref}
        label={label}
        error={error}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        data-1p-ignore
        data-lpignore="true"
        visibilityToggleButtonProps={{ "aria-label": t("masked.toggle", { label }), tabIndex: 0 }}
        {...props}
      />
    );
  },
);
