import "@mantine/core/styles/Checkbox.css";
import { Button, Checkbox, Collapse, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconWand } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CHARACTER_CLASSES,
  type CharacterClass,
  GENERATOR_LENGTH,
  generatePassword,
} from "../../../domain/passwordGenerator.ts";
import { passwordStrength } from "../../../domain/passwordStrength.ts";

const CLASSES = Object.keys(CHARACTER_CLASSES) as CharacterClass[];

export interface PasswordGeneratorProps {
  /** The password field's label, to name the generator's button after it. */
  label: string;
  /** The password in the field (null while it is a saved, unrevealed one): its strength is shown. */
  password: string | null;
  onGenerate: (password: string) => void;
}

/**
 * Under a vault password: its strength in words, and a generator (length, kinds of character)
 * that fills the field with a new password, shown so it can be read.
 */
export function PasswordGenerator({ label, password, onGenerate }: PasswordGeneratorProps) {
  const { t } = useTranslation("records");
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [length, setLength] = useState<number>(GENERATOR_LENGTH.initial);
  const [classes, setClasses] = useState<CharacterClass[]>(CLASSES);
  const usable = classes.length > 0 && length >= GENERATOR_LENGTH.min && length <= GENERATOR_LENGTH.max;
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        {password ? (
          <Text size="sm" aria-live="polite">
            {t("generator.strength", { level: t(`generator.levels.${passwordStrength(password)}`) })}
          </Text>
        ) : (
          <span />
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconWand size={16} aria-hidden />}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((current) => !current)}
        >
          {t("generator.toggle", { label })}
        </Button>
      </Group>
      <Collapse expanded={open}>
        <Paper id={panelId} withBorder p="sm" component="fieldset" m={0}>
          <Text component="legend" size="sm" fw={600} px={4}>
            {t("generator.legend")}
          </Text>
          <Stack gap="xs">
            <TextInput
              type="number"
              label={t("generator.length")}
              description={t("generator.lengthRange", GENERATOR_LENGTH)}
              min={GENERATOR_LENGTH.min}
              max={GENERATOR_LENGTH.max}
              value={String(length)}
              onChange={(event) => setLength(Number(event.currentTarget.value))}
              w={160}
            />
            <Checkbox.Group
              label={t("generator.classes")}
              value={classes}
              onChange={(value) => setClasses(value as CharacterClass[])}
              error={classes.length === 0 ? t("generator.chooseOne") : undefined}
            >
              <Group gap="md" mt={4}>
                {CLASSES.map((name) => (
                  <Checkbox key={name} value={name} label={t(`generator.class.${name}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group>
              <Button disabled={!usable} onClick={() => onGenerate(generatePassword(length, classes))}>
                {t("generator.generate")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Collapse>
    </Stack>
  );
}
