import { Text, VisuallyHidden } from "@mantine/core";
import { IconCircle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PASSWORD_LIMITS } from "../../../domain/limits.ts";
import {
  type PasswordChecks,
  type PasswordContext,
  passwordChecks,
  passwordStrength,
  STRENGTH_BARS,
} from "../../../domain/passwordStrength.ts";
import classes from "./PasswordStrengthMeter.module.css";

/** The two requirements first, then the recommendations. */
const CHECK_ORDER: (keyof PasswordChecks)[] = ["length", "notGuessable", "mixedCase", "digit", "symbol"];

/**
 * Strength of a password being chosen, by the rule the server applies (domain/passwordStrength.ts):
 * four bars (decoration), the level in words (announced politely as it changes), and the
 * requirements, each marked done or not yet in words too. `context` is the account's email and
 * name where the form knows them: a password made of them is too easy to guess.
 */
export function PasswordStrengthMeter({
  password,
  context,
  id,
}: {
  password: string;
  context?: PasswordContext;
  id?: string;
}) {
  const { t } = useTranslation("auth");
  const level = passwordStrength(password, context);
  const checks = passwordChecks(password, context);
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
              {t(`strength.${check}`, { min: PASSWORD_LIMITS.minLength, max: PASSWORD_LIMITS.maxLength })}
              <VisuallyHidden>, {met ? t("strength.met") : t("strength.unmet")}</VisuallyHidden>
            </Text>
          );
        })}
      </ul>
    </div>
  );
}
