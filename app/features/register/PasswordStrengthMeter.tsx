import { Text, VisuallyHidden } from "@mantine/core";
import { IconCircle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PASSWORD_LIMITS } from "../../../domain/limits.ts";
import classes from "./PasswordStrengthMeter.module.css";
import { type PasswordChecks, passwordChecks, passwordStrength, STRENGTH_BARS } from "./passwordStrength.ts";

const CHECK_ORDER: (keyof PasswordChecks)[] = ["minLength", "mixedCase", "digit", "symbol"];

/**
 * Strength of a password being chosen: four bars (decoration), the level in words (announced
 * politely as it changes), and the requirements, each marked done or not yet in words too.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation("auth");
  const level = passwordStrength(password);
  const checks = passwordChecks(password);
  const filled = STRENGTH_BARS[level];
  return (
    <div id={id}>
      <div className={classes.bars} aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <div key={bar} className={classes.bar} data-filled={bar <= filled ? level : undefined} />
        ))}
      </div>
      <Text size="sm" mt={6} fw={500} aria-live="polite">
        {t("strength.label", { level: t(`strength.levels.${level}`) })}
      </Text>
      <Text size="sm" mt={4} c="dimmed">
        {t("strength.requirements")}
      </Text>
      <ul className={classes.list}>
        {CHECK_ORDER.map((check) => {
          const met = checks[check];
          const Icon = met ? IconCircleCheck : IconCircle;
          return (
            <Text
              component="li"
              key={check}
              size="sm"
              c={met ? undefined : "dimmed"}
              className={classes.item}
              data-met={met || undefined}
            >
              <Icon size={16} aria-hidden="true" color={met ? "var(--mantine-color-green-8)" : undefined} />
              {t(`strength.${check}`, { min: PASSWORD_LIMITS.minLength })}
              <VisuallyHidden>, {met ? t("strength.met") : t("strength.unmet")}</VisuallyHidden>
            </Text>
          );
        })}
      </ul>
    </div>
  );
}
